package discover

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/speccify/speccify-lint/internal/testtree"
)

// gitRepo runs git commands in dir with a fixed identity.
type gitRepo struct {
	t   *testing.T
	dir string
}

func (g gitRepo) run(args ...string) string {
	g.t.Helper()
	cmd := exec.Command("git", append([]string{"-c", "user.name=t", "-c", "user.email=t@example.com", "-c", "commit.gpgsign=false", "-c", "init.defaultBranch=main"}, args...)...)
	cmd.Dir = g.dir
	cmd.Env = append(os.Environ(), "GIT_CONFIG_NOSYSTEM=1", "GIT_CONFIG_GLOBAL="+os.DevNull)
	out, err := cmd.CombinedOutput()
	if err != nil {
		g.t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return strings.TrimSpace(string(out))
}

func TestChangedFolders(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not on PATH")
	}
	root := t.TempDir()
	g := gitRepo{t, root}
	g.run("init", "-q")
	files := map[string]string{".gitignore": "*.log\n", "README": "x\n"}
	for _, tool := range []string{"unstaged", "staged", "untracked", "ignored", "deleted", "outer", "outer/inner", "renamed-from", "renamed-to", "committed", "quiet", "with space"} {
		files["tools/"+tool+"/TOOL.md"] = "---\nname: x\n---\n"
		files["tools/"+tool+"/fixtures/a.txt"] = "a\n"
	}
	testtree.Write(t, root, files)
	g.run("add", ".")
	g.run("commit", "-q", "-m", "base")
	base := g.run("rev-parse", "HEAD")

	testtree.Write(t, root, map[string]string{
		"tools/committed/linux.py": "print()\n",
	})
	g.run("add", ".")
	g.run("commit", "-q", "-m", "second")
	testtree.Write(t, root, map[string]string{
		"tools/unstaged/TOOL.md":           "---\nname: changed\n---\n",
		"tools/staged/fixtures/a.txt":      "b\n",
		"tools/untracked/fixtures/b.txt":   "new\n",
		"tools/ignored/debug.log":          "ignored\n",
		"tools/outer/inner/fixtures/a.txt": "inner only\n",
		"tools/with space/fixtures/a.txt":  "spaced\n",
		"README":                           "outside every tool\n",
	})
	g.run("add", "tools/staged")
	g.run("mv", "tools/renamed-from/fixtures/a.txt", "tools/renamed-to/fixtures/moved.txt")
	if err := os.RemoveAll(filepath.Join(root, "tools", "deleted")); err != nil {
		t.Fatal(err)
	}

	d, err := Discover([]string{root}, Options{Root: root})
	if err != nil {
		t.Fatal(err)
	}
	got, err := ChangedFolders(root, base, d.ToolDirs())
	if err != nil {
		t.Fatal(err)
	}
	var rel []string
	for _, p := range got {
		r, _ := filepath.Rel(root, p)
		rel = append(rel, filepath.ToSlash(r))
	}
	want := []string{
		"tools/committed", "tools/outer/inner", "tools/renamed-from", "tools/renamed-to",
		"tools/staged", "tools/unstaged", "tools/untracked", "tools/with space",
	}
	if !slices.Equal(rel, want) {
		t.Errorf("ChangedFolders = %q\nwant %q", rel, want)
	}

	// Relative folder paths, from a subdirectory given as the root.
	t.Chdir(filepath.Join(root, "tools"))
	got, err = ChangedFolders(".", "HEAD", []string{"staged", "quiet", "outer", "outer/inner"})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(got, []string{"staged", "outer/inner"}) {
		t.Errorf("relative: ChangedFolders = %q, want [staged outer/inner]", got)
	}

	for _, rev := range []string{"no-such-rev", "-p", ""} {
		if _, err := ChangedFolders(root, rev, d.ToolDirs()); err == nil {
			t.Errorf("rev %q: no error", rev)
		}
	}
	if _, err := ChangedFolders(t.TempDir(), "HEAD", nil); err == nil || !strings.Contains(err.Error(), "not in a git work tree") {
		t.Errorf("outside git: error %v", err)
	}
}

// TopLevel finds the nearest directory with a .git entry, a directory or a
// file (a linked work tree), at or above the one it is given.
func TestTopLevel(t *testing.T) {
	root := t.TempDir()
	testtree.Write(t, root, map[string]string{"repo/.git/HEAD": "", "repo/a/b/x": "", "wt/.git": "gitdir: elsewhere", "wt/c/y": "", "none/d/z": ""})
	for _, tt := range []struct{ dir, want string }{
		{"repo", "repo"}, {"repo/a/b", "repo"}, {"wt/c", "wt"},
	} {
		if got, ok := TopLevel(filepath.Join(root, tt.dir)); !ok || got != filepath.Join(root, tt.want) {
			t.Errorf("TopLevel(%s) = %q, %v; want %s", tt.dir, got, ok, tt.want)
		}
	}
	// Above root, the temporary directory may be in a work tree.
	if got, ok := TopLevel(filepath.Join(root, "none", "d")); ok && within(got, root) {
		t.Errorf("TopLevel(none/d) = %q", got)
	}
}
