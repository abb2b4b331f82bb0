//go:build unix

package main

import (
	"bytes"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// TestFixKeepsOwner: --fix rewrites a TOOL.md with the owner and group it
// had (run as root, which alone may give a file to another user).
func TestFixKeepsOwner(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("giving a file to another user needs root")
	}
	root := t.TempDir()
	dir := filepath.Join(root, "t")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	spec := filepath.Join(dir, "TOOL.md")
	writeFile(t, spec, typoSpec)
	if err := os.Chown(spec, 1234, 5678); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	if code := run([]string{"--fix", "--fail-on", "never", "--root", root, dir}, &stdout, &stderr); code != 0 || stderr.String() != "speccify-lint: fixed 1 finding in 1 file\n" {
		t.Fatalf("--fix: exit code %d, stderr %q", code, stderr.String())
	}
	info, err := os.Stat(spec)
	if err != nil {
		t.Fatal(err)
	}
	if st := info.Sys().(*syscall.Stat_t); st.Uid != 1234 || st.Gid != 5678 {
		t.Errorf("the fixed TOOL.md belongs to %d:%d, want 1234:5678", st.Uid, st.Gid)
	}
}
