package contract

import (
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"testing"
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
	for rel, exists := range cases {
		if got := f.FixtureExists(rel); got != exists {
			t.Errorf("FixtureExists(%q) = %v, want %v", rel, got, exists)
		}
	}
	// A fixture deleted after the listing was there when it was listed.
	must(os.Remove(filepath.Join(dir, "fixtures", "sub", "b.txt")))
	if !f.FixtureExists("fixtures/sub/b.txt") {
		t.Error("FixtureExists stats a fixture that ReadFolder listed")
	}
}
