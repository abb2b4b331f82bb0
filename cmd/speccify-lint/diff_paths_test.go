package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// typoSpec is a TOOL.md with one safe fix: input: renamed to inputs:.
const typoSpec = `---
name: typo
description: Answers ok.
input: # what it reads
  type: object
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

### works
input: {}
output: {"ok": true}

### fails
input: {"bad": true}
output: {"ok": false, "error": "bad"}
`

// TestDiffPathsAsGitWritesThem: --diff writes the paths of its headers as
// git does (core.quotePath: C-style quoting, octal escapes for control
// characters and bytes of non-ASCII characters; a tab after a --- or +++
// path with a space), so that git apply takes every diff it prints and no
// file name starts a header of its own. For each name, the diff passes
// git apply --check, applies, and its header lines are the ones git diff
// then writes for the same change.
func TestDiffPathsAsGitWritesThem(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("these file names are not allowed on Windows")
	}
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	tests := []struct {
		name string
		// header is the diff --git line, when the test spells it out.
		header string
	}{
		{name: "dir\twith\ttab", header: `diff --git "a/.agent/tools/dir\twith\ttab/TOOL.md" "b/.agent/tools/dir\twith\ttab/TOOL.md"`},
		{name: "new\nline", header: `diff --git "a/.agent/tools/new\nline/TOOL.md" "b/.agent/tools/new\nline/TOOL.md"`},
		{name: `quo"te`, header: `diff --git "a/.agent/tools/quo\"te/TOOL.md" "b/.agent/tools/quo\"te/TOOL.md"`},
		{name: `back\slash`, header: `diff --git "a/.agent/tools/back\\slash/TOOL.md" "b/.agent/tools/back\\slash/TOOL.md"`},
		{name: "with space", header: `diff --git a/.agent/tools/with space/TOOL.md b/.agent/tools/with space/TOOL.md`},
		{name: "café", header: `diff --git "a/.agent/tools/caf\303\251/TOOL.md" "b/.agent/tools/caf\303\251/TOOL.md"`},
		{name: "forge\n+++ b/other"},
		{name: "bell\a del\x7f esc\x1b"},
		{name: "plain"},
	}
	for _, tt := range tests {
		t.Run(strings.NewReplacer("\t", "TAB", "\n", "NL", "/", "SLASH").Replace(tt.name), func(t *testing.T) {
			root := t.TempDir()
			dir := filepath.Join(root, ".agent", "tools", tt.name)
			if err := os.MkdirAll(dir, 0o755); err != nil {
				t.Skip("this file system does not take the name:", err)
			}
			writeFile(t, filepath.Join(dir, "TOOL.md"), typoSpec)
			writeFile(t, filepath.Join(dir, "linux.sh"), "echo '{\"ok\": true}'\n")
			git(t, root, "init", "-q")
			git(t, root, "add", "-A")
			git(t, root, "-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-q", "-m", "tree")

			var stdout, stderr bytes.Buffer
			if code := run([]string{"--diff", "--root", root, root}, &stdout, &stderr); code != 1 {
				t.Fatalf("--diff exit code %d, want 1; stderr:\n%s", code, stderr.String())
			}
			diff := stdout.String()
			ours := diffHeaders(diff)
			if len(ours) != 3 {
				t.Fatalf("diff headers %q, want 3 (one file)\n%s", ours, diff)
			}
			if tt.header != "" && ours[0] != tt.header {
				t.Errorf("diff --git line\n got %s\nwant %s", ours[0], tt.header)
			}
			patch := filepath.Join(t.TempDir(), "fix.diff")
			writeFile(t, patch, diff)
			git(t, root, "apply", "--check", patch)
			git(t, root, "apply", patch)
			theirs := diffHeaders(git(t, root, "-c", "core.quotePath=true", "diff"))
			if strings.Join(ours, "\n") != strings.Join(theirs, "\n") {
				t.Errorf("headers\n%q\nwant, as git diff writes them,\n%q", ours, theirs)
			}
			fixed, err := os.ReadFile(filepath.Join(dir, "TOOL.md"))
			if err != nil || !bytes.Contains(fixed, []byte("\ninputs: # what it reads\n")) {
				t.Errorf("git apply did not make the fix: %v\n%s", err, fixed)
			}
		})
	}
}

// diffHeaders are the diff --git, --- and +++ lines of a diff.
func diffHeaders(diff string) []string {
	var out []string
	for _, line := range strings.Split(diff, "\n") {
		if strings.HasPrefix(line, "diff --git ") || strings.HasPrefix(line, "--- ") || strings.HasPrefix(line, "+++ ") {
			out = append(out, line)
		}
	}
	return out
}

// git runs git in dir and returns its standard output.
func git(t *testing.T, dir string, args ...string) string {
	t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GIT_CONFIG_NOSYSTEM=1", "GIT_CONFIG_GLOBAL="+os.DevNull)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, stderr.String())
	}
	return stdout.String()
}

func writeFile(t *testing.T, path, text string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}
