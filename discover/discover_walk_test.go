package discover

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
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
	d, err := Discover([]string{root}, Options{Root: root})
	if err != nil {
		t.Fatal(err)
	}
	got := rel(t, root, d.ToolDirs())
	if len(got) != 2 || got[0] != "tools/locked" || got[1] != "tools/open" {
		t.Fatalf("tools = %q, want tools/locked and tools/open", got)
	}
}

// A directory with many subdirectories is walked by several goroutines; the
// result is the same as one goroutine's, and in order.
func TestDiscoverParallelWalk(t *testing.T) {
	root := t.TempDir()
	var files []string
	for i := range 3 * parallelDirs {
		tool := fmt.Sprintf("tools/t%02d/", i)
		files = append(files, tool+"TOOL.md", tool+"fixtures/a.txt", tool+"fixtures/deep/b.txt")
		if i%5 == 0 {
			files = append(files, fmt.Sprintf("skills/s%02d/SKILL.md", i))
		}
	}
	tree(t, root, files...)
	walk := func(procs int) *Discovery {
		defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(procs))
		d, err := Discover([]string{root}, Options{Root: root})
		if err != nil {
			t.Fatal(err)
		}
		return d
	}
	one, many := walk(1), walk(4)
	if len(many.Tools) != 3*parallelDirs || len(many.Skills) != 10 {
		t.Fatalf("found %d tools and %d skills", len(many.Tools), len(many.Skills))
	}
	if !slices.Equal(one.ToolDirs(), many.ToolDirs()) || !slices.Equal(one.Skills, many.Skills) {
		t.Fatalf("one CPU found %q %q, four %q %q", one.ToolDirs(), one.Skills, many.ToolDirs(), many.Skills)
	}
	for _, tool := range many.Tools {
		dir := tool.Dir
		f, err := tool.Folder()
		if err != nil || !slices.Equal(f.Fixtures, []string{"fixtures/a.txt", "fixtures/deep/b.txt"}) {
			t.Fatalf("%s: fixtures %v, %v", dir, f.Fixtures, err)
		}
	}
}
