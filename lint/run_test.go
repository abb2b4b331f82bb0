//go:build unix

package lint_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/speccify/speccify-lint/discover"
	"github.com/speccify/speccify-lint/lint"
	"github.com/speccify/speccify-lint/result"
)

// hangGuard is how long a run that must not hang may take. The runs below
// take about 2 s at most; a hang would take 30 s or more.
const hangGuard = 5 * time.Second

// toolHeader is the frontmatter and heading of the test tools: the first
// case's ### line is line 17, its input: line 18 and its output: line 19.
const toolHeader = `---
name: %s
description: A test tool.
inputs: {type: object}
outputs:
  type: object
  required: [ok]
  properties:
    ok: {type: boolean}
    error: {type: string}
effects: none
requires: []
---

## Examples

`

// writeTool writes root/name/TOOL.md with one example and root/name/linux.sh.
func writeTool(t *testing.T, root, name, title, input, output, script string) {
	t.Helper()
	dir := filepath.Join(root, name)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	spec := fmt.Sprintf(toolHeader, name) + "### " + title + "\ninput: " + input + "\noutput: " + output + "\n"
	if err := os.WriteFile(filepath.Join(dir, discover.SpecFile), []byte(spec), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "linux.sh"), []byte(script), 0o644); err != nil {
		t.Fatal(err)
	}
}

// runLint discovers the tools under root and runs their examples, returning
// the result and the wall time of lint.Lint.
func runLint(t *testing.T, root string, cfg lint.Config) (*result.Result, time.Duration) {
	t.Helper()
	disc, err := discover.Discover([]string{root}, discover.Options{Root: root})
	if err != nil {
		t.Fatal(err)
	}
	cfg.Root = root
	cfg.Run = true
	if cfg.Platform == "" {
		cfg.Platform = "linux"
	}
	if cfg.Disabled == nil {
		cfg.Disabled = map[string]bool{"error-case": true}
	}
	start := time.Now()
	res := lint.Lint(context.Background(), disc, cfg)
	return res, time.Since(start)
}

// onlyExample returns the single example of the single tool of res.
func onlyExample(t *testing.T, res *result.Result) *result.ExampleResult {
	t.Helper()
	if len(res.Tools) != 1 || len(res.Tools[0].Examples) != 1 {
		t.Fatalf("want 1 tool with 1 example, got %+v", res.Tools)
	}
	return &res.Tools[0].Examples[0]
}

// wantFindings checks the findings of res, all kinds together, as
// "file:line:col: severity: message [rule]" lines.
func wantFindings(t *testing.T, res *result.Result, want ...string) {
	t.Helper()
	var got []string
	for _, f := range res.AllFindings() {
		got = append(got, f.String())
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("findings:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func needLinux(t *testing.T) {
	t.Helper()
	if lint.HostPlatform() != "linux" {
		t.Skip("the implementations are linux shell scripts")
	}
}

// A sleep past --timeout is killed with its group in about the timeout.
func TestRunTimeoutDoesNotHang(t *testing.T) {
	needLinux(t)
	root := t.TempDir()
	writeTool(t, root, "slow", "sleeps", `{}`, `{"ok": true}`, "sleep 30\necho '{\"ok\": true}'\n")
	res, took := runLint(t, root, lint.Config{Timeout: 2 * time.Second})
	if took >= hangGuard {
		t.Errorf("the run took %s, want < %s", took, hangGuard)
	}
	if took < 2*time.Second {
		t.Errorf("the run took %s, less than the 2s timeout", took)
	}
	e := onlyExample(t, res)
	if e.Status != result.StatusErrored || e.ExitCode != -1 || e.ExitStatus != "timed out after 2s" {
		t.Errorf("status %s, exit code %d, exit status %q; want errored, -1, timed out after 2s", e.Status, e.ExitCode, e.ExitStatus)
	}
	wantFindings(t, res,
		`slow/TOOL.md:19:1: error: example "sleeps" did not finish within 2s [example-timeout]`)
}

// A background child left holding stdout does not keep the run waiting for
// the default 60 s timeout, and it is killed.
func TestRunBackgroundChildDoesNotHang(t *testing.T) {
	needLinux(t)
	root := t.TempDir()
	writeTool(t, root, "background", "leaves a sleep behind", `{}`, `{"ok": true}`,
		"sleep 600 &\necho \"$!\" >&2\necho '{\"ok\": true}'\n")
	res, took := runLint(t, root, lint.Config{})
	if took >= hangGuard {
		t.Errorf("the run took %s, want < %s", took, hangGuard)
	}
	e := onlyExample(t, res)
	if e.Status != result.StatusPassed {
		t.Errorf("status %s, want passed; findings %v", e.Status, e.Findings)
	}
	wantFindings(t, res)
	pid, err := strconv.Atoi(strings.TrimSpace(e.Stderr))
	if err != nil {
		t.Fatalf("stderr %q: want the pid of the background sleep", e.Stderr)
	}
	deadline := time.Now().Add(2 * time.Second)
	for alive(pid) {
		if time.Now().After(deadline) {
			_ = syscall.Kill(pid, syscall.SIGKILL)
			t.Fatalf("the background sleep (pid %d) is still running after the run", pid)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// alive reports whether a process runs (a zombie waiting to be reaped by a
// parent that does not reap counts as gone).
func alive(pid int) bool {
	if err := syscall.Kill(pid, 0); errors.Is(err, syscall.ESRCH) {
		return false
	}
	stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return !errors.Is(err, os.ErrNotExist)
	}
	// pid (comm) state ...: the state follows the last ')'.
	s := string(stat)
	if i := strings.LastIndexByte(s, ')'); i >= 0 && i+2 < len(s) {
		return s[i+2] != 'Z' && s[i+2] != 'X'
	}
	return true
}

// 1 GiB on stdout stops at the default 4 MiB cap, quickly, and the report
// keeps the first 64 KiB.
func TestRunHugeOutputDefaultCap(t *testing.T) {
	needLinux(t)
	root := t.TempDir()
	writeTool(t, root, "flood", "one GiB", `{}`, `{"ok": true}`,
		"head -c 1073741824 /dev/zero | tr '\\0' a\necho '{\"ok\": true}'\n")
	res, took := runLint(t, root, lint.Config{})
	if took >= hangGuard {
		t.Errorf("the run took %s, want < %s", took, hangGuard)
	}
	e := onlyExample(t, res)
	if e.Status != result.StatusFailed || e.ExitStatus != "output exceeds 4 MiB on stdout" {
		t.Errorf("status %s, exit status %q; want failed, output exceeds 4 MiB on stdout", e.Status, e.ExitStatus)
	}
	if len(e.Stdout) != 64<<10 || strings.Trim(e.Stdout, "a") != "" {
		t.Errorf("stdout kept: %d bytes, want 65536 bytes of a", len(e.Stdout))
	}
	wantFindings(t, res,
		`flood/TOOL.md:19:1: error: example "one GiB": output exceeds 4 MiB on stdout [example-stdout]`)
}

// An input as large as a TOOL.md can hold (1 MiB) passes whether the
// implementation ignores it or reads it all, and arrives as written in the
// document plus a newline.
func TestRunLargeInput(t *testing.T) {
	needLinux(t)
	const maxSpec = 1 << 20
	for _, tc := range []struct{ name, script string }{
		{"ignores", "echo '{\"ok\": true, \"bytes\": %d}'\n"},
		{"reads", "n=$(wc -c)\necho \"{\\\"ok\\\": true, \\\"bytes\\\": $n}\"\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root := t.TempDir()
			// The file is exactly 1 MiB: the blob fills what the rest leaves.
			// The input line's spaces are part of stdin.
			size := func(blob, bytes int) int {
				return len(fmt.Sprintf(toolHeader, tc.name)) + len("### large input\ninput: {\"blob\": \"\"}\noutput: {\"ok\": true, \"bytes\": }\n") +
					blob + len(strconv.Itoa(bytes))
			}
			blob := maxSpec - size(0, 0)
			for size(blob, blob+len(`{"blob": ""}`+"\n")) > maxSpec {
				blob--
			}
			stdinLen := blob + len(`{"blob": ""}`+"\n")
			input := `{"blob": "` + strings.Repeat("x", blob) + `"}`
			output := fmt.Sprintf(`{"ok": true, "bytes": %d}`, stdinLen)
			script := tc.script
			if strings.Contains(script, "%d") {
				script = fmt.Sprintf(script, stdinLen)
			}
			writeTool(t, root, tc.name, "large input", input, output, script)
			if fi, err := os.Stat(filepath.Join(root, tc.name, discover.SpecFile)); err != nil || fi.Size() != maxSpec {
				t.Fatalf("TOOL.md: %v, size %d, want %d", err, fi.Size(), maxSpec)
			}
			res, took := runLint(t, root, lint.Config{})
			if took >= hangGuard {
				t.Errorf("the run took %s, want < %s", took, hangGuard)
			}
			e := onlyExample(t, res)
			if e.Status != result.StatusPassed {
				t.Errorf("status %s, want passed; stdout %q", e.Status, e.Stdout)
			}
			wantFindings(t, res)
		})
	}
}

// The project's own tools pass: three examples of check-plist-keys.
func TestRunOwnTools(t *testing.T) {
	needLinux(t)
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("python3 is not on PATH")
	}
	root := repoRoot(t)
	disc, err := discover.Discover([]string{filepath.Join(root, ".agent", "tools")}, discover.Options{Root: root})
	if err != nil {
		t.Fatal(err)
	}
	res := lint.Lint(context.Background(), disc, lint.Config{Root: root, Run: true})
	if res.Fails(result.SeverityError) {
		t.Errorf("error findings: %v", res.AllFindings())
	}
	s := res.Summary
	if s.Tools != 1 || s.Examples != 3 || s.Passed != 3 || s.Errors != 0 {
		t.Errorf("summary %+v, want 1 tool, 3 examples, 3 passed, 0 errors", s)
	}
	for _, tr := range res.Tools {
		for _, e := range tr.Examples {
			if e.Status != result.StatusPassed {
				t.Errorf("%s: example %q %s: %s %v", tr.Spec, e.Title, e.Status, e.SkipReason, e.Findings)
			}
		}
	}
}
