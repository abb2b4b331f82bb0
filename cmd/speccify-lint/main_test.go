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
			"gone":       cmdGone,
			"crlf":       cmdCRLF,
			"gen-corpus": cmdGenCorpus,
			"pad":        cmdPad,
			"repeat":     cmdRepeat,
		},
	})
}
