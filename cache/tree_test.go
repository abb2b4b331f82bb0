package cache

import (
	"io/fs"
	"iter"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"testing"
	"time"
)

// writeTree writes files (slash path to content; a path ending in / is a
// directory) under dir.
func writeTree(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for p, text := range files {
		full := filepath.Join(dir, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func treeOf(t *testing.T, c *Cache, dir string) *Tree {
	t.Helper()
	r, err := os.OpenRoot(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	tree, err := c.Tree(r, dir)
	if err != nil {
		t.Fatal(err)
	}
	return tree
}

// TestTreeChanges: every kind of change of a tree changes its digest, and
// equal trees in two places have one.
func TestTreeChanges(t *testing.T) {
	c := openTest(t)
	files := map[string]string{"TOOL.md": "contract", "linux.sh": "echo", "fixtures/a.txt": "a", "lib/x/y.sh": "y"}
	a, b := t.TempDir(), t.TempDir()
	writeTree(t, a, files)
	writeTree(t, b, files)
	base := treeOf(t, c, a).Sum
	if got := treeOf(t, c, b).Sum; got != base {
		t.Fatal("two equal trees differ")
	}
	changes := map[string]func(dir string) error{
		"content, same size": func(d string) error {
			return os.WriteFile(filepath.Join(d, "fixtures/a.txt"), []byte("b"), 0o644)
		},
		"content, same size and mtime": func(d string) error {
			p := filepath.Join(d, "linux.sh")
			info, _ := os.Stat(p)
			if err := os.WriteFile(p, []byte("ECHO"), 0o644); err != nil {
				return err
			}
			return os.Chtimes(p, info.ModTime(), info.ModTime())
		},
		"mode": func(d string) error { return os.Chmod(filepath.Join(d, "linux.sh"), 0o755) },
		"a file added": func(d string) error {
			return os.WriteFile(filepath.Join(d, "lib/new"), nil, 0o644)
		},
		"an empty directory added": func(d string) error { return os.Mkdir(filepath.Join(d, "empty"), 0o755) },
		"a file removed":           func(d string) error { return os.Remove(filepath.Join(d, "lib/x/y.sh")) },
		"a file renamed": func(d string) error {
			return os.Rename(filepath.Join(d, "fixtures/a.txt"), filepath.Join(d, "fixtures/b.txt"))
		},
		"a link added": func(d string) error { return os.Symlink("linux.sh", filepath.Join(d, "macos.sh")) },
	}
	for name, change := range changes {
		dir := t.TempDir()
		writeTree(t, dir, files)
		// Digested first, so that a memo of the tree stands for its files.
		treeOf(t, c, dir)
		if err := change(dir); err != nil {
			t.Fatal(err)
		}
		if got := treeOf(t, c, dir).Sum; got == base {
			t.Errorf("%s: the digest did not change", name)
		}
	}
	link := t.TempDir()
	writeTree(t, link, files)
	if err := os.Symlink("a", filepath.Join(link, "l")); err != nil {
		t.Fatal(err)
	}
	one := treeOf(t, c, link).Sum
	_ = os.Remove(filepath.Join(link, "l"))
	if err := os.Symlink("b", filepath.Join(link, "l")); err != nil {
		t.Fatal(err)
	}
	if treeOf(t, c, link).Sum == one {
		t.Error("a link's new target did not change the digest")
	}
	if runtime.GOOS != "windows" {
		if err := os.Symlink("/etc/passwd", filepath.Join(link, "abs")); err != nil {
			t.Fatal(err)
		}
		if !treeOf(t, c, link).AbsoluteLink {
			t.Error("an absolute link was not noticed")
		}
	}
}

// TestTreeMemo: the files of a settled tree are read once; a changed or
// recent one is read again.
func TestTreeMemo(t *testing.T) {
	if _, ok := StampOf(mustStat(t, ".")); !ok {
		t.Skip("no stamps on this system: every file is read")
	}
	c := openTest(t)
	later := time.Now().Add(time.Hour)
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{"TOOL.md": "contract", "fixtures/a.txt": "a", "linux.sh": "x"})
	// Just written: read each time, as a write within the clock's
	// granularity could keep the stamp.
	if got := treeOf(t, c, dir).read; got != 3 {
		t.Errorf("first digest read %d files, want 3", got)
	}
	if got := treeOf(t, c, dir).read; got != 3 {
		t.Errorf("a recent tree: read %d files again, want 3", got)
	}
	c.now = func() time.Time { return later }
	first := treeOf(t, c, dir)
	if first.read != 3 {
		t.Errorf("settled, not in the memo yet: read %d files, want 3", first.read)
	}
	again := treeOf(t, c, dir)
	if again.read != 0 || again.listed != 0 || again.Sum != first.Sum {
		t.Errorf("settled and in the memo: read %d files and listed %d directories (want 0), same sum %v", again.read, again.listed, again.Sum == first.Sum)
	}
	if err := os.WriteFile(filepath.Join(dir, "linux.sh"), []byte("y"), 0o644); err != nil {
		t.Fatal(err)
	}
	changed := treeOf(t, c, dir)
	if changed.read != 1 || changed.listed != 0 || changed.Sum == first.Sum {
		t.Errorf("one file changed: read %d files (want 1), listed %d directories (want 0), new sum %v", changed.read, changed.listed, changed.Sum != first.Sum)
	}
	if err := os.WriteFile(filepath.Join(dir, "fixtures", "b.txt"), []byte("b"), 0o644); err != nil {
		t.Fatal(err)
	}
	added := treeOf(t, c, dir)
	if added.read != 1 || added.listed != 1 || added.Sum == changed.Sum {
		t.Errorf("a file added to fixtures: read %d files (want 1), listed %d directories (want 1), new sum %v", added.read, added.listed, added.Sum != changed.Sum)
	}
}

func mustStat(t *testing.T, p string) os.FileInfo {
	info, err := os.Stat(p)
	if err != nil {
		t.Fatal(err)
	}
	return info
}

func TestTreeBounds(t *testing.T) {
	c := openTest(t)
	dir := t.TempDir()
	for i := range MaxTreeEntries + 1 {
		if err := os.WriteFile(filepath.Join(dir, "f"+strconv.Itoa(i)), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	r, _ := os.OpenRoot(dir)
	defer r.Close()
	if _, err := c.Tree(r, dir); err == nil {
		t.Error("a tree over MaxTreeEntries was digested")
	}
}

// TestTreeStill: Still says yes for a tree as its walk left it, and no
// after every kind of change; TreeHolding keeps exactly the bytes it
// hashed of the files asked for, once.
func TestTreeStill(t *testing.T) {
	files := map[string]string{"TOOL.md": "contract", "linux.sh": "echo", "fixtures/a.txt": "a"}
	changes := map[string]func(dir string) error{
		"": func(string) error { return nil },
		"content, same size": func(d string) error {
			return os.WriteFile(filepath.Join(d, "TOOL.md"), []byte("CONTRACT"), 0o644)
		},
		"content, same size and mtime": func(d string) error {
			p := filepath.Join(d, "fixtures/a.txt")
			info, _ := os.Stat(p)
			if err := os.WriteFile(p, []byte("b"), 0o644); err != nil {
				return err
			}
			return os.Chtimes(p, info.ModTime(), info.ModTime())
		},
		"a file added":   func(d string) error { return os.WriteFile(filepath.Join(d, "fixtures/b.txt"), nil, 0o644) },
		"a file removed": func(d string) error { return os.Remove(filepath.Join(d, "linux.sh")) },
		"mode": func(d string) error {
			if runtime.GOOS == "windows" {
				return os.Remove(filepath.Join(d, "linux.sh"))
			}
			return os.Chmod(filepath.Join(d, "linux.sh"), 0o755)
		},
	}
	for _, settled := range []bool{false, true} {
		for name, change := range changes {
			c := openTest(t)
			if settled {
				// Every stamp settled: Still reads no file that kept it.
				later := time.Now().Add(time.Hour)
				c.now = func() time.Time { return later }
			}
			dir := t.TempDir()
			writeTree(t, dir, files)
			r, err := os.OpenRoot(dir)
			if err != nil {
				t.Fatal(err)
			}
			tree, err := c.TreeHolding(r, dir, func(p string, _ int64) bool { return p != "fixtures/a.txt" })
			if err != nil {
				t.Fatal(err)
			}
			held := tree.TakeHeld()
			if len(held) != 2 || string(held["TOOL.md"]) != "contract" || string(held["linux.sh"]) != "echo" {
				t.Errorf("held %q, want TOOL.md and linux.sh as written", held)
			}
			if again := tree.TakeHeld(); again != nil {
				t.Errorf("held twice: %q", again)
			}
			if err := change(dir); err != nil {
				t.Fatal(err)
			}
			if still := c.Still(r, tree); still != (name == "") {
				t.Errorf("settled %v, %q: Still = %v", settled, name, still)
			}
			r.Close()
		}
	}
}

// TestTreeLists: Lists tells a directory's entries as the walk found them
// from any other list.
func TestTreeLists(t *testing.T) {
	c := openTest(t)
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{"TOOL.md": "c", "fixtures/a.txt": "a", "fixtures/sub/b.txt": "b", "linux.sh": "x"})
	tree := treeOf(t, c, dir)
	seq := func(list ...any) iter.Seq2[string, fs.FileMode] {
		return func(yield func(string, fs.FileMode) bool) {
			for i := 0; i < len(list); i += 2 {
				if !yield(list[i].(string), list[i+1].(fs.FileMode)) {
					return
				}
			}
		}
	}
	for _, tc := range []struct {
		dir  string
		list iter.Seq2[string, fs.FileMode]
		want bool
	}{
		{".", seq("TOOL.md", fs.FileMode(0), "fixtures", fs.ModeDir, "linux.sh", fs.FileMode(0)), true},
		{"fixtures", seq("a.txt", fs.FileMode(0), "sub", fs.ModeDir), true},
		{"fixtures/sub", seq("b.txt", fs.FileMode(0)), true},
		{".", seq("TOOL.md", fs.FileMode(0), "fixtures", fs.ModeDir), false},
		{"fixtures", seq("a.txt", fs.FileMode(0), "gone.txt", fs.FileMode(0), "sub", fs.ModeDir), false},
		{"fixtures", seq("a.txt", fs.ModeSymlink, "sub", fs.ModeDir), false},
		{"fixtures/sub", seq(), false},
		{"nowhere", seq(), false},
		{"linux.sh", seq(), false},
	} {
		if got := tree.Lists(tc.dir, tc.list); got != tc.want {
			t.Errorf("Lists(%q, ...) = %v, want %v", tc.dir, got, tc.want)
		}
	}
}

// TestReadExactly: a file that holds more or fewer bytes than its stamp
// said is a change, never a prefix or a padded content.
func TestReadExactly(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		content string
		size    int64
		ok      bool
	}{{"", 0, true}, {"hello", 5, true}, {"hello", 3, false}, {"hello", 7, false}, {"x", 0, false}} {
		p := filepath.Join(dir, "f")
		if err := os.WriteFile(p, []byte(tc.content), 0o644); err != nil {
			t.Fatal(err)
		}
		f, err := os.Open(p)
		if err != nil {
			t.Fatal(err)
		}
		data, err := readExactly(f, tc.size, make([]byte, 64))
		f.Close()
		if ok := err == nil; ok != tc.ok || ok && string(data) != tc.content {
			t.Errorf("%q with size %d: %q, %v", tc.content, tc.size, data, err)
		}
	}
}
