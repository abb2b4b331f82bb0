package main

import (
	"bytes"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/txtar"
)

// TestSameVerdictAnyJobs runs every scenario tree the tests use (the report
// tree and the files of each testdata/script scenario) at --jobs 1 and
// --jobs 4 and asserts byte-identical JSON reports and the same exit code:
// the same tree gives the same verdict whatever the parallelism. Each run
// gets a fresh copy of the tree at the same path, since examples may write.
func TestSameVerdictAnyJobs(t *testing.T) {
	if testing.Short() {
		t.Skip("runs implementations")
	}
	if runtime.GOOS != "linux" {
		t.Skip("the scenario implementations are POSIX shell scripts")
	}
	// The scenarios run in parallel (their hanging examples wait out the
	// timeout side by side), which t.Setenv forbids: set the environment
	// by hand for the whole test, restored once every scenario is done.
	for k, v := range map[string]string{"GITHUB_STEP_SUMMARY": "", "NO_COLOR": "1"} {
		old, had := os.LookupEnv(k)
		os.Setenv(k, v)
		t.Cleanup(func() {
			if had {
				os.Setenv(k, old)
			} else {
				os.Unsetenv(k)
			}
		})
	}
	scripts, err := filepath.Glob(filepath.Join("testdata", "script", "*.txtar"))
	if err != nil || len(scripts) == 0 {
		t.Fatalf("no scenarios: %v", err)
	}
	t.Run("reports", func(t *testing.T) {
		t.Parallel()
		root, err := filepath.Abs(reportTree)
		if err != nil {
			t.Fatal(err)
		}
		sameVerdict(t, root, func() {})
	})
	for _, script := range scripts {
		name := strings.TrimSuffix(filepath.Base(script), ".txtar")
		t.Run(name, func(t *testing.T) {
			if why, ok := jobsDependent[name]; ok {
				t.Skip(why)
			}
			t.Parallel()
			ar, err := txtar.ParseFile(script)
			if err != nil {
				t.Fatal(err)
			}
			root := filepath.Join(t.TempDir(), "tree")
			sameVerdict(t, root, func() { extract(t, root, ar) })
		})
	}
}

// jobsDependent are the scenarios whose verdict depends on --jobs by
// design, with the reason; TestSameVerdictAnyJobs leaves them out.
var jobsDependent = map[string]string{
	// Its parallel/ tools wait for each other's processes (a run at
	// --jobs 1 waits in vain and times out), and its implementations
	// write their pid files under $WORK, which only testscript sets
	// (here they would land in the working directory's root, /, and a
	// file left by an earlier run would decide the verdict).
	"run_processes": "its tools wait for each other (only --jobs > 1 runs them at once) and write under testscript's $WORK",
}

// verdictTimeout is the --timeout of those runs. The scenarios' hanging
// examples sleep 30 s or more and must time out; every other example
// finishes in milliseconds, and the margin keeps a slow start on a loaded
// machine (a python3 at --jobs 4 under -race) from becoming a timeout at one
// --jobs and not at the other.
const verdictTimeout = "10s"

// sameVerdict lints root at --jobs 1 and --jobs 4, each after fresh(), and
// compares the exit codes and reports.
func sameVerdict(t *testing.T, root string, fresh func()) {
	t.Helper()
	var reports [2][]byte
	var codes [2]int
	for i, jobs := range []string{"1", "4"} {
		fresh()
		var stdout, stderr bytes.Buffer
		codes[i] = run([]string{"--format", "json", "--no-timestamps", "--timeout", verdictTimeout, "--jobs", jobs, "--root", root, root}, &stdout, &stderr)
		reports[i] = stdout.Bytes()
	}
	if codes[0] != codes[1] {
		t.Errorf("exit code %d at --jobs 1, %d at --jobs 4", codes[0], codes[1])
	}
	if !bytes.Equal(reports[0], reports[1]) {
		t.Errorf("the report at --jobs 4 differs from the one at --jobs 1:\n%s", firstDiff(reports[0], reports[1]))
	}
}

// extract writes the files of a scenario under root, replacing what a
// previous run left there.
func extract(t *testing.T, root string, ar *txtar.Archive) {
	t.Helper()
	if err := os.RemoveAll(root); err != nil {
		t.Fatal(err)
	}
	for _, f := range ar.Files {
		p := filepath.Join(root, filepath.FromSlash(f.Name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, f.Data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
