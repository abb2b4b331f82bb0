package lint

import (
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"testing"
)

// TestRemoveCreated: what an example created is removed again, deepest
// first, a symbolic link as a link (its target stays), a created directory
// only when it is empty by then; changed and deleted paths, and what was
// there before, are left as they are.
func TestRemoveCreated(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("symbolic links need a privilege, and the reason a directory stays is worded otherwise")
	}
	tool := t.TempDir()
	outside := filepath.Join(t.TempDir(), "outside.txt")
	writeFiles(t, tool, "TOOL.md", "fixtures/a.txt", "fixtures/b.txt")
	writeFiles(t, filepath.Dir(outside), "outside.txt")
	before := snapshotDir(t, tool)
	writeFiles(t, tool, "cache/deep/out.txt", "fixtures/new.txt", "nested/TOOL.md", "nested/x")
	if err := os.WriteFile(filepath.Join(tool, "fixtures", "a.txt"), []byte("changed"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(filepath.Join(tool, "fixtures", "b.txt")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(outside, filepath.Join(tool, "link")); err != nil {
		t.Fatal(err)
	}
	changes := before.changes(snapshotDir(t, tool))
	if !removeCreatedIn(t, tool, changes) {
		t.Fatal("removeCreated removed nothing")
	}
	want := []string{"cache (created)", "cache/deep (created)", "cache/deep/out.txt (created)",
		"fixtures/a.txt (changed)", "fixtures/b.txt (deleted)", "fixtures/new.txt (created)",
		"link (created)", "nested (created; not removed: directory not empty)"}
	if got := changeTexts(changes); !slices.Equal(got, want) {
		t.Errorf("changes after removal = %q, want %q", got, want)
	}
	// The tool folder is as it was but for the change, the deletion and the
	// other tool's folder, which is not ours to remove.
	want = []string{"TOOL.md", "fixtures", "fixtures/a.txt", "nested"}
	if got := snapshotPaths(snapshotDir(t, tool)); !slices.Equal(got, want) {
		t.Errorf("tool folder after removal = %q, want %q", got, want)
	}
	if _, err := os.Stat(outside); err != nil {
		t.Errorf("the link's target is gone: %v", err)
	}
	if removeCreatedIn(t, tool, before.changes(before)) {
		t.Error("removeCreated removed something when nothing changed")
	}
}
