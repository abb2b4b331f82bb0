package discover

import (
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"
)

// sameOpen checks that the opener opens dir as the gate does: the same
// directory, or the same error.
func sameOpen(t *testing.T, g Gate, o *FolderOpener, dir string) {
	t.Helper()
	want, wantErr := g.OpenFolder(dir)
	got, gotErr := o.Open(dir)
	switch {
	case (wantErr == nil) != (gotErr == nil):
		t.Errorf("Open(%s) error = %v, OpenFolder's %v", dir, gotErr, wantErr)
	case wantErr != nil && gotErr.Error() != wantErr.Error():
		t.Errorf("Open(%s) error = %q, OpenFolder's %q", dir, gotErr, wantErr)
	case wantErr == nil:
		a, errA := want.Stat(".")
		b, errB := got.Stat(".")
		if errA != nil || errB != nil || !os.SameFile(a, b) {
			t.Errorf("Open(%s) opened another directory than OpenFolder (%v, %v)", dir, errA, errB)
		}
	}
	for _, r := range []*os.Root{want, got} {
		if r != nil {
			r.Close()
		}
	}
}

// TestFolderOpenerAsGate: whatever the folder (a plain tool, one reached
// through a symbolic link at any level, a link that stays inside the root,
// a folder outside the root, a file, a missing folder, the root itself),
// and whichever folder the opener kept the parent of before, Open opens
// what OpenFolder opens or fails as it does.
func TestFolderOpenerAsGate(t *testing.T) {
	base, root := linkedTree(t)
	tree(t, base, "repo/plain/.agent/tools/u/TOOL.md", "repo/plain/.agent/tools/v/TOOL.md")
	for link, target := range map[string]string{"w": "../../../../outside/t", "x": "t"} { // out of the root; to a sibling
		if err := os.Symlink(target, filepath.Join(root, "plain", ".agent", "tools", link)); err != nil {
			t.Skip("symbolic links:", err)
		}
	}
	dirs := []string{
		"plain/.agent/tools/t", "plain/.agent/tools/u", "plain/.agent/tools/w", "plain/.agent/tools/x", "plain/.agent/tools/v",
		"l1/.agent/tools/t", "l2/.agent/tools/t", "l3/.agent/tools/t", "in/.agent/tools/t",
		"plain/.agent/tools/t/linux.sh", "plain/.agent/tools/missing", "plain/.agent/tools/t/..",
		".", "../outside/t", "../outside",
	}
	g := NewGate(root)
	for _, first := range dirs {
		o := g.NewFolderOpener()
		sameOpen(t, g, o, filepath.Join(root, filepath.FromSlash(first)))
		for _, dir := range dirs {
			sameOpen(t, g, o, filepath.Join(root, filepath.FromSlash(dir)))
		}
		if err := o.Close(); err != nil {
			t.Fatal(err)
		}
	}
}

// TestFolderOpenerSwapped: a folder swapped for a symbolic link after the
// opener kept its parent is refused, as the gate refuses it.
func TestFolderOpenerSwapped(t *testing.T) {
	base, root := linkedTree(t)
	tree(t, base, "repo/plain/.agent/tools/u/TOOL.md")
	g := NewGate(root)
	o := g.NewFolderOpener()
	defer o.Close()
	tools := filepath.Join(root, "plain", ".agent", "tools")
	r, err := o.Open(filepath.Join(tools, "t"))
	if err != nil {
		t.Fatal(err)
	}
	r.Close()
	if err := os.Rename(filepath.Join(tools, "u"), filepath.Join(base, "u")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(base, "outside", "t"), filepath.Join(tools, "u")); err != nil {
		t.Fatal(err)
	}
	if r, err := o.Open(filepath.Join(tools, "u")); err == nil {
		r.Close()
		t.Fatal("Open followed a folder swapped for a link to outside the root")
	}
	sameOpen(t, g, o, filepath.Join(tools, "u"))
}

// TestFolderOpenerConcurrent: folders of two directories opened from
// several goroutines at once, the kept parent changing all the while, are
// each the folder asked for (go test -race).
func TestFolderOpenerConcurrent(t *testing.T) {
	root := t.TempDir()
	var dirs []string
	for _, parent := range []string{"a/.agent/tools", "b/.agent/tools"} {
		for i := range 5 {
			dir := fmt.Sprintf("%s/t%d/", parent, i)
			tree(t, root, dir+"TOOL.md")
			dirs = append(dirs, filepath.Join(root, filepath.FromSlash(dir)))
		}
	}
	o := NewGate(root).NewFolderOpener()
	defer o.Close()
	var wg sync.WaitGroup
	for w := range 4 {
		wg.Go(func() {
			for i := range 50 {
				dir := dirs[(i*7+w)%len(dirs)]
				r, err := o.Open(dir)
				if err != nil {
					t.Error(err)
					return
				}
				got, err1 := r.Stat(".")
				want, err2 := os.Stat(dir)
				if err1 != nil || err2 != nil || !os.SameFile(got, want) {
					t.Errorf("Open(%s) opened another directory", dir)
				}
				r.Close()
			}
		})
	}
	wg.Wait()
}
