package main

import (
	"flag"
	"fmt"
	"os"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/speccify/speccify-lint/runner"
)

func TestMain(m *testing.M) {
	// The tests that run the binary outside the scenarios (reports,
	// determinism, the docs' console blocks, the Action, pre-commit) do not
	// share a result cache: a warm run's summary says so, and one test's
	// entries would answer another's. A scenario has a cache of its own
	// (TestScripts' Setup), which the scenario's own process keeps.
	if _, set := os.LookupEnv(cacheEnv); !set {
		os.Setenv(cacheEnv, cacheOff)
	}
	// The version a scenario's binary reports and keys its cache entries
	// by (cache_key.txtar: a new version invalidates them). Only the test
	// binary reads this variable: this file is not part of a release
	// build, whose version only -ldflags or the toolchain set.
	if v := os.Getenv("SPECCIFY_LINT_TEST_VERSION"); v != "" {
		version = v
	}
	testscript.Main(m, map[string]func(){
		"speccify-lint": func() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) },
	})
}

var updateScripts = flag.Bool("update-scripts", false, "rewrite the files of the scenarios that cmp compares output with (review the diff: only wording may change)")

// TestScripts runs the CLI scenarios in testdata/script through the real
// binary entry point.
func TestScripts(t *testing.T) {
	testscript.Run(t, testscript.Params{
		Dir:           "testdata/script",
		UpdateScripts: *updateScripts,
		Setup: func(env *testscript.Env) error {
			env.Setenv("NO_COLOR", "1")
			// Each scenario has a result cache of its own, outside its
			// work directory (one inside the root is not used): $CACHE.
			cache, err := os.MkdirTemp("", "speccify-lint-cache-")
			if err != nil {
				return err
			}
			env.Defer(func() { os.RemoveAll(cache) })
			env.Setenv("SPECCIFY_LINT_CACHE", cache)
			env.Setenv("CACHE", cache)
			return nil
		},
		// [sealed]: the kernel can seal the runs here (Landlock).
		Condition: func(cond string) (bool, error) {
			if cond == "sealed" {
				return runner.Probe(runner.SandboxAuto).Sealed, nil
			}
			return false, fmt.Errorf("unknown condition %q", cond)
		},
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){
			"gone":          cmdGone,
			"crlf":          cmdCRLF,
			"gen-corpus":    cmdGenCorpus,
			"unhide":        cmdUnhide,
			"pad":           cmdPad,
			"cache-corrupt": cmdCacheCorrupt,
			"repeat":        cmdRepeat,
		},
	})
}
