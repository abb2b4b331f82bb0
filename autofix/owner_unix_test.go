//go:build unix

package autofix

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// TestWriteKeepsOwner: the rewritten file has the owner and group of the
// file it replaces (which only root may give it here).
func TestWriteKeepsOwner(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("giving a file to another user needs root")
	}
	root := tree(t, map[string]string{"t/TOOL.md": "a: 1\n"})
	file := filepath.Join(root, "t", "TOOL.md")
	if err := os.Chown(file, 1234, 5678); err != nil {
		t.Fatal(err)
	}
	if err := planOne(t, root, "t").Write(); err != nil {
		t.Fatal(err)
	}
	info, err := os.Stat(file)
	if err != nil {
		t.Fatal(err)
	}
	st := info.Sys().(*syscall.Stat_t)
	if readFile(t, root, "t/TOOL.md") != "a: 2\n" || st.Uid != 1234 || st.Gid != 5678 {
		t.Errorf("rewritten file: owner %d:%d, want 1234:5678", st.Uid, st.Gid)
	}
}
