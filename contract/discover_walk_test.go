package contract

import (
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

// An unreadable directory cannot be listed, but a TOOL.md in it can still be
// found by name, as before the walk used the directory entries.
func TestDiscoverUnreadableToolFolder(t *testing.T) {
	if runtime.GOOS == "windows" || os.Geteuid() == 0 {
		t.Skip("needs Unix permissions that apply (not root)")
	}
	root := tree(t, t.TempDir(), "tools/locked/TOOL.md", "tools/open/TOOL.md")
	locked := filepath.Join(root, "tools", "locked")
	if err := os.Chmod(locked, 0o311); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = os.Chmod(locked, 0o755) })
	d, err := Discover([]string{root}, DiscoverOptions{Root: root})
	if err != nil {
		t.Fatal(err)
	}
	got := rel(t, root, d.Tools)
	if len(got) != 2 || got[0] != "tools/locked" || got[1] != "tools/open" {
		t.Fatalf("tools = %q, want tools/locked and tools/open", got)
	}
}
