//go:build unix

package main

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// TestInterrupt: Ctrl-C kills the running example's process group, and the
// report of what finished is still written, marked interrupted, exit code 2.
func TestInterrupt(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "speccify-lint")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	tool := filepath.Join(dir, "tree", "slow")
	if err := os.MkdirAll(tool, 0o755); err != nil {
		t.Fatal(err)
	}
	write := func(name, text string) {
		if err := os.WriteFile(filepath.Join(tool, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("TOOL.md", `---
name: slow
description: Answers at once, then never.
inputs: {type: object}
outputs: {type: object, required: [ok], properties: {ok: {type: boolean}, error: {type: string}}}
effects: none
requires: []
---

## Examples

### quick
input: {}
output: {"ok": true}

### slow
input: {"slow": true}
output: {"ok": false, "error": "x"}
`)
	marker := filepath.Join(dir, "started")
	write("linux.sh", `in=$(cat)
case "$in" in
  *slow*) touch "$MARKER"; sleep 30; echo '{"ok": false, "error": "x"}' ;;
  *) echo '{"ok": true}' ;;
esac
`)
	cmd := exec.Command(bin, "--format", "json", "--root", dir, filepath.Join(dir, "tree"))
	cmd.Env = append(os.Environ(), "MARKER="+marker)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
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
			t.Fatal("the slow example never started")
		}
		time.Sleep(20 * time.Millisecond)
	}
	start := time.Now()
	if err := cmd.Process.Signal(syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	err := cmd.Wait()
	if elapsed := time.Since(start); elapsed > 5*time.Second {
		t.Errorf("speccify-lint took %v to stop after SIGINT", elapsed)
	}
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 2 {
		t.Errorf("exit: %v, want exit code 2; stderr: %s", err, stderr.String())
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
		t.Fatalf("the report is not JSON: %v\n%s", err, stdout.String())
	}
	if !res.Interrupted || len(res.Tools) != 1 || len(res.Tools[0].Examples) != 2 {
		t.Fatalf("report: %+v", res)
	}
	ex := res.Tools[0].Examples
	if ex[0].Status != "passed" || ex[1].Status != "skipped" || ex[1].SkipReason != "interrupted while it ran" {
		t.Errorf("examples: %+v, want the quick one passed and the slow one skipped as interrupted", ex)
	}
}
