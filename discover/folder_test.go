package discover

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"slices"
	"testing"
	"testing/fstest"
)

func TestFixtureExists(t *testing.T) {
	dir := t.TempDir()
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(os.MkdirAll(filepath.Join(dir, "fixtures", "sub"), 0o755))
	must(os.WriteFile(filepath.Join(dir, "fixtures", "a.txt"), nil, 0o644))
	must(os.WriteFile(filepath.Join(dir, "fixtures", "sub", "b.txt"), nil, 0o644))
	must(os.WriteFile(filepath.Join(dir, "other.txt"), nil, 0o644))
	symlinks := runtime.GOOS != "windows"
	if symlinks {
		must(os.Symlink("nowhere", filepath.Join(dir, "fixtures", "dangling")))
		must(os.Symlink("a.txt", filepath.Join(dir, "fixtures", "link")))
	}
	f, err := ReadFolder(dir)
	must(err)
	want := []string{"fixtures/a.txt", "fixtures/sub/b.txt"}
	if symlinks {
		want = []string{"fixtures/a.txt", "fixtures/dangling", "fixtures/link", "fixtures/sub/b.txt"}
	}
	if !slices.Equal(f.Fixtures, want) {
		t.Fatalf("Fixtures = %q, want %q", f.Fixtures, want)
	}
	cases := map[string]bool{
		"fixtures/a.txt": true, "fixtures/./sub/../a.txt": true, "fixtures/sub/b.txt": true,
		"fixtures/sub": true, "fixtures": true, "other.txt": true,
		"fixtures/missing.txt": false, "../x": false, "/etc/passwd": false,
	}
	if symlinks {
		cases["fixtures/dangling"] = false // listed, but names nothing
		cases["fixtures/link"] = true
	}
	if symlinks {
		// Links that leave the folder are not followed.
		must(os.WriteFile(filepath.Join(filepath.Dir(dir), "outside.txt"), nil, 0o644))
		must(os.Symlink("../../outside.txt", filepath.Join(dir, "fixtures", "out")))
		must(os.Symlink("..", filepath.Join(dir, "up")))
		cases["fixtures/out"] = false
		cases["up/outside.txt"] = false
	}
	root, err := os.OpenRoot(dir)
	must(err)
	defer root.Close()
	for rel, exists := range cases {
		if err := f.FixtureExists(root, rel); (err == nil) != exists {
			t.Errorf("FixtureExists(%q) = %v, want exists %v", rel, err, exists)
		}
	}
	// A fixture deleted after the listing was there when it was listed.
	must(os.Remove(filepath.Join(dir, "fixtures", "sub", "b.txt")))
	if f.FixtureExists(root, "fixtures/sub/b.txt") != nil {
		t.Error("FixtureExists stats a fixture that ReadFolder listed")
	}
}

// Tool.Folder gives what ReadFolder gives, from the listings the walk read: a
// file removed after the walk is still listed, each time (Folder does not
// change the Tool); a folder without a listing is read from disk.
func TestToolFolderReusesTheWalk(t *testing.T) {
	root := tree(t, t.TempDir(),
		"tools/a/TOOL.md", "tools/a/linux.sh", "tools/a/macos.py", "tools/a/README.md",
		"tools/a/fixtures/x.txt", "tools/a/fixtures/deep/er/y.txt", "tools/a/fixtures/empty/",
		"tools/a/lib/z.txt",
		"tools/b/TOOL.md", "tools/b/fixtures", // fixtures is a file here
		"tools/c/TOOL.md")
	if runtime.GOOS != "windows" {
		if err := os.Symlink("x.txt", filepath.Join(root, "tools/a/fixtures/link")); err != nil {
			t.Fatal(err)
		}
	}
	d, err := Discover([]string{root}, Options{Root: root})
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Tools) != 3 {
		t.Fatalf("tools = %q", d.ToolDirs())
	}
	a := filepath.Join(root, "tools", "a")
	if d.Tools[0].Dir != a {
		t.Fatalf("first tool %s, want %s", d.Tools[0].Dir, a)
	}
	if err := os.Remove(filepath.Join(a, "fixtures", "deep", "er", "y.txt")); err != nil {
		t.Fatal(err)
	}
	for range 2 {
		if f, _ := d.Tools[0].Folder(); !slices.Contains(f.Fixtures, "fixtures/deep/er/y.txt") {
			t.Errorf("Folder read the fixtures again: %q", f.Fixtures)
		}
	}
	if f, _ := (Tool{Dir: a}).Folder(); slices.Contains(f.Fixtures, "fixtures/deep/er/y.txt") {
		t.Errorf("Folder without a listing did not read the folder: %q", f.Fixtures)
	}
	d, err = Discover([]string{root}, Options{Root: root})
	if err != nil {
		t.Fatal(err)
	}
	for _, tool := range d.Tools {
		dir := tool.Dir
		want, err := ReadFolder(dir)
		if err != nil {
			t.Fatal(err)
		}
		got, err := tool.Folder()
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s:\nFolder     = %+v\nReadFolder = %+v", dir, got, want)
		}
	}
	other := tree(t, t.TempDir(), "TOOL.md", "fixtures/q.txt")
	if f, err := (Tool{Dir: other}).Folder(); err != nil || !slices.Equal(f.Fixtures, []string{"fixtures/q.txt"}) {
		t.Errorf("Folder(unwalked) = %+v, %v", f, err)
	}
}

// At most maxFixtures fixture files are listed, the first ones depth first in
// name order, and the folder says the list is truncated.
func TestFixturesTruncated(t *testing.T) {
	fsys := fstest.MapFS{"TOOL.md": {}}
	for _, sub := range []string{"a", "b"} {
		for i := range maxFixtures/2 + 1 {
			fsys[fmt.Sprintf("fixtures/%s/%05d", sub, i)] = &fstest.MapFile{}
		}
	}
	f, err := readFolder(".", func(dir string) ([]fs.DirEntry, error) {
		return fs.ReadDir(fsys, filepath.ToSlash(dir))
	})
	if err != nil {
		t.Fatal(err)
	}
	if !f.FixturesTruncated || len(f.Fixtures) != maxFixtures {
		t.Fatalf("truncated %v with %d fixtures, want true with %d", f.FixturesTruncated, len(f.Fixtures), maxFixtures)
	}
	if last := f.Fixtures[len(f.Fixtures)-1]; last != fmt.Sprintf("fixtures/b/%05d", maxFixtures/2-2) {
		t.Errorf("last listed fixture %s", last)
	}
}

// ReadFolder lists a tool folder from disk alone, as Tool.Folder does
// without a Listing: what Folder must agree with.
func ReadFolder(dir string) (*Folder, error) {
	return readFolder(dir, os.ReadDir)
}
