package discover

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/speccify/speccify-lint/internal/testtree"
)

// TestGitFiles: what git says of a repository's files, as the
// fixture-untracked rule asks it: the files the index holds (a directory
// counts when a file under it does), and the pattern that ignores a file,
// quoted only from a .gitignore of the work tree or .git/info/exclude.
func TestGitFiles(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not on PATH")
	}
	top := t.TempDir()
	testtree.Write(t, top, map[string]string{
		".gitignore":            "*.log\n",
		"sub/t/TOOL.md":         "x",
		"sub/t/fixtures/a.txt":  "a",
		"sub/t/fixtures/d/b.md": "b",
		"sub/t/fixtures/c.log":  "c",
		"sub/t/fixtures/e.tmp":  "e",
		"sub/t/fixtures/f.key":  "f",
		"private/keys":          "*.key\n",
	})
	git := func(args ...string) {
		t.Helper()
		cmd := exec.Command("git", args...)
		cmd.Dir = top
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	git("init", "-q")
	git("add", "sub/t/TOOL.md", "sub/t/fixtures/d/b.md")
	git("config", "core.excludesFile", filepath.Join(top, "private", "keys"))
	if err := os.WriteFile(filepath.Join(top, ".git", "info", "exclude"), []byte("# local\n*.tmp\n"), 0o644); err != nil {
		t.Fatal(err)
	}

	// The root is a folder of the work tree: paths are relative to it.
	g := NewGitFiles(filepath.Join(top, "sub"))
	if !g.Covers(filepath.Join(top, "sub", "t")) {
		t.Fatal("the tool folder is not covered")
	}
	for rel, want := range map[string]bool{
		"t/TOOL.md": true, "t/fixtures/d": true, "t/fixtures/d/b.md": true, "t/fixtures": true,
		"t/fixtures/a.txt": false, "t/fixtures/d/b": false, "t/fix": false, "sub/t/TOOL.md": false,
	} {
		if got := g.Tracks(rel); got != want {
			t.Errorf("tracks(%q) = %v, want %v", rel, got, want)
		}
	}
	got := g.Ignored([]string{"t/fixtures/a.txt", "t/fixtures/c.log", "t/fixtures/e.tmp", "t/fixtures/f.key"})
	want := map[string]string{
		"t/fixtures/c.log": "../.gitignore:1: *.log",
		"t/fixtures/e.tmp": "../.git/info/exclude:2: *.tmp",
		"t/fixtures/f.key": filepath.Join(top, "private", "keys") + ":1",
	}
	if len(got) != len(want) {
		t.Errorf("ignored = %v, want %v", got, want)
	}
	for rel, w := range want {
		if s, ok := got[rel]; !ok || s.String() != w {
			t.Errorf("ignored[%q] = %q, want %q", rel, s.String(), w)
		}
	}

	// A nested repository answers for its own files.
	nested := filepath.Join(top, "sub", "t", "fixtures", "d")
	if err := os.Mkdir(filepath.Join(nested, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	if g.Covers(nested) {
		t.Error("a folder of a nested repository is covered")
	}
	// Outside any work tree, nothing is.
	if NewGitFiles(t.TempDir()).Covers(top) {
		t.Error("a root outside any work tree covers a folder")
	}
}
