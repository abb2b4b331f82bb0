//go:build linux

package main

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/speccify/speccify-lint/internal/testtree"
)

// streamWait bounds each wait of the streaming tests for something the run
// must do; it only keeps a broken run from hanging the test.
const streamWait = 2 * time.Minute

// streamTool is a tool with one example, answered by script.
func streamTool(name string) string {
	return minimalTool(name, "Answers ok.", `
## Examples

### answers
input: {}
output: {"ok": true}

### fails cleanly
input: {"bad": true}
output: {"ok": false, "error": "bad"}
`)
}

// gatedScript answers after the file gate exists (the test creates it);
// markedScript answers at once and creates the file mark.
func gatedScript(gate string) string {
	return fmt.Sprintf("read -r input\nwhile [ ! -e '%s' ]; do sleep 0.02; done\n%s", gate, answer)
}

func markedScript(mark string) string {
	return fmt.Sprintf("read -r input\ntouch '%s'\n%s", mark, answer)
}

const answer = `case "$input" in
*bad*) echo '{"ok": false, "error": "bad"}'; exit 1 ;;
*) echo '{"ok": true}' ;;
esac
`

// streamTree writes the tools (name to linux.sh) under a new root.
func streamTree(t *testing.T, scripts map[string]string) string {
	t.Helper()
	root := t.TempDir()
	for name, script := range scripts {
		testtree.Write(t, root, map[string]string{name + "/TOOL.md": streamTool(name), name + "/linux.sh": script})
	}
	return root
}

// streamRun is speccify-lint running with stderr in a pipe, read line by
// line as it comes.
type streamRun struct {
	cmd    *exec.Cmd
	stdout bytes.Buffer
	lines  chan string // stderr, closed at its end
}

func startStream(t *testing.T, bin, root string, args ...string) *streamRun {
	t.Helper()
	r := &streamRun{lines: make(chan string, 100)}
	r.cmd = exec.Command(bin, append(append([]string{"--root", root, "--no-timestamps"}, args...), root)...)
	r.cmd.Env = append(os.Environ(), "CI=", "NO_COLOR=")
	r.cmd.Stdout = &r.stdout
	stderr, err := r.cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := r.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = r.cmd.Process.Kill() })
	go func() {
		defer close(r.lines)
		s := bufio.NewScanner(stderr)
		for s.Scan() {
			r.lines <- s.Text()
		}
	}()
	return r
}

// next is the next line of stderr; "" and false at its end.
func (r *streamRun) next(t *testing.T) (string, bool) {
	t.Helper()
	select {
	case l, ok := <-r.lines:
		return l, ok
	case <-time.After(streamWait):
		t.Fatal("no line on stderr")
	}
	return "", false
}

// rest is the rest of stderr, and the run's exit.
func (r *streamRun) rest(t *testing.T) []string {
	t.Helper()
	var out []string
	for {
		l, ok := r.next(t)
		if !ok {
			break
		}
		out = append(out, l)
	}
	_ = r.cmd.Wait()
	return out
}

// create creates the file path.
func create(t *testing.T, path string) {
	t.Helper()
	if err := os.WriteFile(path, nil, 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestStreamVerdicts: in a pipe, a tool's verdict line is on stderr as soon
// as the tool is done: the test reads fast's line while slow still waits
// for the gate that only the test opens, and so before slow ends. The
// report on stdout is the report, without the streamed lines.
func TestStreamVerdicts(t *testing.T) {
	bin := buildBinary(t)
	gate := filepath.Join(t.TempDir(), "gate")
	root := streamTree(t, map[string]string{"fast": answerScript(), "slow": gatedScript(gate)})
	for _, jobs := range []string{"1", "2"} {
		t.Run("jobs "+jobs, func(t *testing.T) {
			_ = os.Remove(gate)
			r := startStream(t, bin, root, "--jobs", jobs)
			line, _ := r.next(t)
			if want := "fast/TOOL.md: passed: examples: 2 passed (0s)"; line != want {
				t.Fatalf("first line on stderr %q, want %q", line, want)
			}
			if _, err := os.Stat(gate); err == nil {
				t.Fatal("the gate is open")
			}
			create(t, gate) // slow can end now, not before
			rest := r.rest(t)
			if want := []string{"slow/TOOL.md: passed: examples: 2 passed (0s)"}; strings.Join(rest, "\n") != strings.Join(want, "\n") {
				t.Errorf("then %q, want %q", rest, want)
			}
			if want := "2 tools, 0 findings (0 errors, 0 warnings), examples: 4 passed, 0 failed, 0 errored, 0 skipped\ncoverage: 6 of 6 contract parts (100%)\n"; r.stdout.String() != want {
				t.Errorf("stdout %q, want the report %q", r.stdout.String(), want)
			}
		})
	}
}

// answerScript answers at once.
func answerScript() string { return "read -r input\n" + answer }

// TestStreamOrderAnyJobs: the streamed lines come in the report's order
// whatever --jobs is: with --jobs 4, b is done while a still waits for its
// gate (opened only once b's implementation has run), and b's lines wait
// for a's. The -v lines of the examples come before their tool's verdict
// (they stream when the report on stdout does not list them: JSON here).
func TestStreamOrderAnyJobs(t *testing.T) {
	bin := buildBinary(t)
	dir := t.TempDir()
	gate, mark := filepath.Join(dir, "gate"), filepath.Join(dir, "mark")
	root := streamTree(t, map[string]string{"a": gatedScript(gate), "b": markedScript(mark)})
	want := `a/TOOL.md:12: passed: example "answers" (0s)
a/TOOL.md:16: passed: example "fails cleanly" (0s)
a/TOOL.md: passed: examples: 2 passed (0s)
b/TOOL.md:12: passed: example "answers" (0s)
b/TOOL.md:16: passed: example "fails cleanly" (0s)
b/TOOL.md: passed: examples: 2 passed (0s)`
	var reports []string
	for _, jobs := range []string{"1", "4"} {
		_ = os.Remove(gate)
		_ = os.Remove(mark)
		// Unsealed: b's implementation touches its mark outside its folder.
		r := startStream(t, bin, root, "-v", "--format", "json", "--jobs", jobs, "--sandbox", "off")
		if jobs != "1" {
			waitFor(t, mark)
		}
		create(t, gate)
		if got := strings.Join(r.rest(t), "\n"); got != want {
			t.Errorf("--jobs %s: stderr\n%s\nwant\n%s", jobs, got, want)
		}
		reports = append(reports, r.stdout.String())
	}
	if reports[0] != reports[1] {
		t.Errorf("the reports differ:\n%s\n%s", reports[0], reports[1])
	}
}

// waitFor waits until the file path exists.
func waitFor(t *testing.T, path string) {
	t.Helper()
	deadline := time.Now().Add(streamWait)
	for {
		if _, err := os.Stat(path); err == nil {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s was never created", path)
		}
		time.Sleep(10 * time.Millisecond)
	}
}
