//go:build linux

package main

import (
	"bytes"
	"io"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/creack/pty"
	"github.com/speccify/speccify-lint/internal/testtree"
)

// pausingTool has three examples whose implementation takes a moment each,
// long enough for several redraws of the status line (at most 10 a
// second) even when a loaded machine delays some of them.
var pausingTool = minimalTool("pausing", "Answers after a pause.", `
## Examples

### one
input: {"n": 1}
output: {"ok": true}

### two
input: {"n": 2}
output: {"ok": true}

### three
input: {"n": 3}
output: {"ok": false, "error": "x"}
`)

const pausingImpl = `cat >/dev/null
sleep 1
echo '{"ok": true}'
`

// progressTree writes a tree with pausingTool and returns its root.
func progressTree(t *testing.T) string {
	t.Helper()
	root := t.TempDir()
	testtree.Write(t, root, map[string]string{"pausing/TOOL.md": pausingTool, "pausing/linux.sh": pausingImpl})
	return root
}

// runOnTerminal runs bin with args on root, stdout and stderr on one pseudo
// terminal, and returns what the terminal received.
func runOnTerminal(t *testing.T, bin, root string, args []string, env ...string) string {
	t.Helper()
	cmd := exec.Command(bin, append(append([]string{"--root", root}, args...), root)...)
	cmd.Env = append(os.Environ(), append([]string{"CI=", "TERM=xterm", "NO_COLOR=1"}, env...)...)
	tty, err := pty.StartWithSize(cmd, &pty.Winsize{Rows: 24, Cols: 120})
	if err != nil {
		t.Fatal(err)
	}
	defer tty.Close()
	var out bytes.Buffer
	_, _ = io.Copy(&out, tty) // ends with EIO when the process is gone
	_ = cmd.Wait()
	return out.String()
}

// TestProgressLine: on a terminal, a status line is drawn in place while
// the examples run and erased before the report, whatever NO_COLOR (set in
// runOnTerminal) and --color say; in a pipe, or with CI set, there is none
// (the tools' verdict lines stream on stderr instead).
func TestProgressLine(t *testing.T) {
	bin := buildBinary(t)
	root := progressTree(t)
	const summary = "1 tool, 1 finding (1 error, 0 warnings), examples: 2 passed, 1 failed, 0 errored, 0 skipped"

	for _, args := range [][]string{nil, {"--color", "never"}} {
		t.Run(strings.Join(append([]string{"terminal"}, args...), " "), func(t *testing.T) {
			checkProgressLine(t, runOnTerminal(t, bin, root, args), summary)
		})
	}

	t.Run("CI", func(t *testing.T) {
		out := runOnTerminal(t, bin, root, nil, "CI=true")
		if strings.Contains(out, "\x1b[2K") || strings.Contains(out, "tools, examples:") {
			t.Errorf("a status line with CI=true:\n%q", out)
		}
		if !strings.Contains(out, summary) {
			t.Errorf("no summary %q:\n%q", summary, out)
		}
	})

	t.Run("pipe", func(t *testing.T) {
		cmd := exec.Command(bin, "--root", root, root)
		cmd.Env = append(os.Environ(), "CI=", "TERM=xterm")
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		_ = cmd.Run()
		// No status line: the tool's verdict line instead (stream.go).
		if got, want := stderr.String(), "pausing/TOOL.md: failed: examples: 2 passed, 1 failed ("; !strings.HasPrefix(got, want) || strings.Count(got, "\n") != 1 || strings.Contains(got, "\x1b") {
			t.Errorf("stderr in a pipe: %q, want the verdict line %q...", got, want)
		}
		if !strings.Contains(stdout.String(), summary) {
			t.Errorf("no summary %q:\n%s", summary, stdout.String())
		}
	})
}

// checkProgressLine checks what a terminal received from a run with the
// status line: it was drawn, erased before the report, and the report
// followed.
func checkProgressLine(t *testing.T, out, summary string) {
	t.Helper()
	for _, want := range []string{
		"\r\x1b[2K0/1 tools, examples: 0 passed, 0 failed, running pausing",
		"\r\x1b[2K0/1 tools, examples: 1 passed, 0 failed, running pausing",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the terminal did not show %q:\n%q", want, out)
		}
	}
	// The line is erased before the report, and never drawn after it.
	last := strings.LastIndex(out, "\r\x1b[2K")
	report := strings.Index(out, "pausing/TOOL.md:")
	if last < 0 || report < 0 || last > report {
		t.Errorf("the status line is not erased before the report:\n%q", out)
	}
	if !strings.HasPrefix(out[last:], "\r\x1b[2Kpausing/TOOL.md:") {
		t.Errorf("the last redraw is not the erasure before the report:\n%q", out[last:])
	}
	if !strings.Contains(out, summary) {
		t.Errorf("no summary %q:\n%q", summary, out)
	}
}
