//go:build unix

package main

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/speccify/speccify-lint/internal/proctest"
	"github.com/speccify/speccify-lint/internal/testtree"
)

// slowTool is a tool with a quick example and a slow one. The slow one
// writes the pid of its implementation ($$) to $PIDS/direct and, unless
// $DIRECT_ONLY is set, starts processes by every route out of its process
// group that this machine has, each writing its pid to a file in $PIDS. Then
// it touches $MARKER and sleeps.
var slowTool = minimalTool("slow", "Answers at once, then never.", `
## Examples

### quick
input: {}
output: {"ok": true}

### slow
input: {"slow": true}
output: {"ok": false, "error": "x"}
`)

const slowImpl = `in=$(cat)
case "$in" in
  *slow*) ;;
  *) echo '{"ok": true}'; exit 0 ;;
esac
echo $$ > "$PIDS/direct"
if [ -n "$DIRECT_ONLY" ]; then
  touch "$MARKER"
  exec sleep 30
fi
sleep 600 </dev/null >/dev/null 2>&1 &
echo $! > "$PIDS/group"
if command -v setsid >/dev/null; then
  setsid sh -c 'echo $$ > "$PIDS/setsid"; exec sleep 600' </dev/null >/dev/null 2>&1 &
  while [ ! -s "$PIDS/setsid" ]; do sleep 0.01; done
fi
if command -v bash >/dev/null; then
  bash -c 'set -m; sleep 600 </dev/null >/dev/null 2>&1 & echo $! > "$PIDS/job-control"'
fi
if command -v python3 >/dev/null; then
  python3 -c 'import os, subprocess; p = subprocess.Popen(["sleep", "600"], start_new_session=True, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL); open(os.environ["PIDS"] + "/new-session", "w").write(str(p.pid))'
fi
touch "$MARKER"
sleep 30
echo '{"ok": false, "error": "x"}'
`

// buildBinary builds speccify-lint into a temporary directory.
func buildBinary(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	bin := filepath.Join(t.TempDir(), "speccify-lint")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// startSlow starts bin on a tree with slowTool, waits until the slow
// example has started its processes, and returns the command, its stdout
// and stderr, and the directory of the pid files.
func startSlow(t *testing.T, bin string, directOnly bool) (cmd *exec.Cmd, stdout, stderr *bytes.Buffer, pids string) {
	t.Helper()
	dir := t.TempDir()
	pids = filepath.Join(dir, "pids")
	if err := os.Mkdir(pids, 0o755); err != nil {
		t.Fatal(err)
	}
	testtree.Write(t, dir, map[string]string{"tree/slow/TOOL.md": slowTool, "tree/slow/linux.sh": slowImpl})
	marker := filepath.Join(dir, "started")
	// Unsealed, so that the implementation can write its pid files in
	// $PIDS, outside its folder; sealed_test.go kills a sealed run's
	// speccify-lint.
	cmd = exec.Command(bin, "--format", "json", "--platform", "linux", "--root", dir,
		"--sandbox", "off", "--pass-env", "PIDS", "--pass-env", "MARKER", "--pass-env", "DIRECT_ONLY", filepath.Join(dir, "tree"))
	cmd.Env = append(os.Environ(), "MARKER="+marker, "PIDS="+pids)
	if directOnly {
		cmd.Env = append(cmd.Env, "DIRECT_ONLY=1")
	}
	stdout, stderr = new(bytes.Buffer), new(bytes.Buffer)
	cmd.Stdout, cmd.Stderr = stdout, stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(20 * time.Second)
	for {
		if _, err := os.Stat(marker); err == nil {
			break
		}
		if time.Now().After(deadline) {
			_ = cmd.Process.Kill()
			_ = cmd.Wait()
			killPIDs(t, pids)
			t.Fatalf("the slow example never started; stderr: %s", stderr)
		}
		time.Sleep(20 * time.Millisecond)
	}
	return cmd, stdout, stderr, pids
}

// readPIDs returns the pids in the files of dir, by file name.
func readPIDs(t *testing.T, dir string) map[string]int {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]int{}
	for _, e := range entries {
		b, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		pid, err := strconv.Atoi(strings.TrimSpace(string(b)))
		if err != nil || pid <= 0 {
			t.Fatalf("%s: no pid in %q", e.Name(), b)
		}
		out[e.Name()] = pid
	}
	return out
}

// killPIDs kills what the pid files of dir name, so that a failing test
// leaves nothing behind.
func killPIDs(t *testing.T, dir string) {
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		b, _ := os.ReadFile(filepath.Join(dir, e.Name()))
		if pid, err := strconv.Atoi(strings.TrimSpace(string(b))); err == nil && pid > 0 {
			_ = syscall.Kill(pid, syscall.SIGKILL)
		}
	}
}

// assertAllGone fails for each process of the pid files of dir still
// running a moment after speccify-lint exited, and kills it.
func assertAllGone(t *testing.T, dir string) {
	t.Helper()
	deadline := time.Now().Add(2 * time.Second)
	for name, pid := range readPIDs(t, dir) {
		if !proctest.Ended(pid, time.Until(deadline)) {
			t.Errorf("process %d (%s) outlived speccify-lint", pid, name)
		}
	}
}

// TestInterrupt: SIGINT (Ctrl-C), SIGTERM, SIGHUP (a closed terminal, a
// dropped ssh session) and SIGQUIT (Ctrl-\) all kill the running example
// with every process it started, however it left its process group, and
// the report of what finished is still written, marked interrupted, exit
// code 2.
func TestInterrupt(t *testing.T) {
	bin := buildBinary(t)
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP, syscall.SIGQUIT} {
		t.Run(sig.String(), func(t *testing.T) {
			cmd, stdout, stderr, pids := startSlow(t, bin, false)
			defer killPIDs(t, pids)
			start := time.Now()
			if err := cmd.Process.Signal(sig); err != nil {
				t.Fatal(err)
			}
			err := cmd.Wait()
			if elapsed := time.Since(start); elapsed > 5*time.Second {
				t.Errorf("speccify-lint took %v to stop after %v", elapsed, sig)
			}
			if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 2 {
				t.Errorf("exit: %v, want exit code 2; stderr: %s", err, stderr)
			}
			if got, want := stderr.String(), "speccify-lint: interrupted; the report covers what finished\n"; got != want {
				t.Errorf("stderr %q, want %q", got, want)
			}
			var res struct {
				Interrupted bool `json:"interrupted"`
				Tools       []struct {
					Examples []struct {
						Status     string `json:"status"`
						SkipReason string `json:"skip_reason"`
					} `json:"examples"`
				} `json:"tools"`
			}
			if err := json.Unmarshal(stdout.Bytes(), &res); err != nil {
				t.Fatalf("the report is not JSON: %v\n%s", err, stdout)
			}
			if !res.Interrupted || len(res.Tools) != 1 || len(res.Tools[0].Examples) != 2 {
				t.Fatalf("report: %+v", res)
			}
			ex := res.Tools[0].Examples
			if ex[0].Status != "passed" || ex[1].Status != "skipped" || ex[1].SkipReason != "interrupted while it ran" {
				t.Errorf("examples: %+v, want the quick one passed and the slow one skipped as interrupted", ex)
			}
			if runtime.GOOS == "linux" {
				assertAllGone(t, pids)
			} else {
				// Elsewhere only the process group is reached.
				assertGoneOf(t, pids, "direct", "group")
			}
		})
	}
}

// assertGoneOf is assertAllGone for the named pid files only.
func assertGoneOf(t *testing.T, dir string, names ...string) {
	t.Helper()
	all := readPIDs(t, dir)
	keep := t.TempDir()
	for _, n := range names {
		if err := os.WriteFile(filepath.Join(keep, n), []byte(strconv.Itoa(all[n])), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	assertAllGone(t, keep)
}

// TestKilledDirectChildDies: when speccify-lint itself is killed with
// SIGKILL, which it cannot handle, the implementation it started dies with
// it (Linux: Pdeathsig).
func TestKilledDirectChildDies(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("Pdeathsig is Linux only; elsewhere the implementation outlives a SIGKILL of speccify-lint")
	}
	bin := buildBinary(t)
	cmd, _, _, pids := startSlow(t, bin, true)
	defer killPIDs(t, pids)
	if err := cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	_ = cmd.Wait()
	assertAllGone(t, pids)
}
