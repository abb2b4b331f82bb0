package autofix

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/speccify/speccify-lint/contract"
	"github.com/speccify/speccify-lint/lint"
	"github.com/speccify/speccify-lint/result"
)

// planOne plans the fix a: 1 -> a: 2 of tool's TOOL.md under root.
func planOne(t *testing.T, root, tool string) *Change {
	t.Helper()
	f := finding(tool, result.Fix{File: tool + "/TOOL.md", Edits: []contract.Edit{edit("a: 1\n", 3, 4, "2")}})
	changes, errs := plan(root, []result.Finding{f}, false)
	if len(errs) > 0 || len(changes) != 1 {
		t.Fatalf("changes %v, errors %v", changes, errs)
	}
	return changes[0]
}

func rename(t *testing.T, from, to string) {
	t.Helper()
	if err := os.Rename(from, to); err != nil {
		t.Fatal(err)
	}
}

// TestWriteFolderSwapped: between Changes and Write (where another process in
// the working tree may act), the tool folder, or a directory on its way
// from the root, is swapped: moved out of the root and replaced by a
// symbolic link to where it went, or replaced by another directory that
// holds the same file (a hard link). Write goes only to the folder
// Changes read, reached from the root without a link: it writes nothing.
func TestWriteFolderSwapped(t *testing.T) {
	tests := []struct {
		name string
		tool string // the tool folder, relative to the root
		swap func(t *testing.T, base, root string) (moved string)
		want string
	}{
		{"the folder for a link out of the root", ".agent/tools/t", func(t *testing.T, base, root string) string {
			rename(t, filepath.Join(root, ".agent/tools/t"), filepath.Join(base, "moved"))
			symlink(t, filepath.Join(base, "moved"), filepath.Join(root, ".agent/tools/t"))
			return filepath.Join(base, "moved", "TOOL.md")
		}, ".agent/tools/t/TOOL.md: not fixed: the tool folder cannot be opened: .agent/tools/t is a symbolic link, which is not followed"},
		{".agent for a link out of the root", ".agent/tools/t", func(t *testing.T, base, root string) string {
			rename(t, filepath.Join(root, ".agent"), filepath.Join(base, "moved"))
			symlink(t, filepath.Join(base, "moved"), filepath.Join(root, ".agent"))
			return filepath.Join(base, "moved", "tools", "t", "TOOL.md")
		}, ".agent/tools/t/TOOL.md: not fixed: the tool folder cannot be opened: .agent is a symbolic link, which is not followed"},
		{"the folder for a link inside the root", "t", func(t *testing.T, base, root string) string {
			rename(t, filepath.Join(root, "t"), filepath.Join(root, "t.old"))
			symlink(t, "t.old", filepath.Join(root, "t"))
			return filepath.Join(root, "t.old", "TOOL.md")
		}, "t/TOOL.md: not fixed: the tool folder cannot be opened: t is a symbolic link, which is not followed"},
		{"the folder for another directory with the same file", "t", func(t *testing.T, base, root string) string {
			rename(t, filepath.Join(root, "t"), filepath.Join(base, "moved"))
			if err := os.Mkdir(filepath.Join(root, "t"), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.Link(filepath.Join(base, "moved", "TOOL.md"), filepath.Join(root, "t", "TOOL.md")); err != nil {
				t.Skip("no hard links here:", err)
			}
			return filepath.Join(base, "moved", "TOOL.md")
		}, "t/TOOL.md: not fixed: the tool folder was replaced since speccify-lint read it; not written"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			base := t.TempDir()
			root := filepath.Join(base, "repo")
			if err := os.MkdirAll(filepath.Join(root, filepath.FromSlash(tt.tool)), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(root, filepath.FromSlash(tt.tool), "TOOL.md"), []byte("a: 1\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			c := planOne(t, root, tt.tool)
			moved := tt.swap(t, base, root) // the test's hook between Changes and Write
			err := c.Write()
			if err == nil || err.Error() != tt.want {
				t.Errorf("Write: %v\nwant %s", err, tt.want)
			}
			if got, _ := os.ReadFile(moved); string(got) != "a: 1\n" {
				t.Errorf("the file Changes read, moved, is %q: written through the swap", got)
			}
		})
	}
}

// TestRunFolderSwappedAfterLint: a folder swapped for a link between the
// lint and the fixes (Changes) is not read, checked or written, either:
// Changes reads it through the root's gate.
func TestRunFolderSwappedAfterLint(t *testing.T) {
	base := t.TempDir()
	root := filepath.Join(base, "repo")
	if err := os.MkdirAll(filepath.Join(root, "t"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, "t", "TOOL.md"), []byte("a: 1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	f := finding("t", result.Fix{File: "t/TOOL.md", Edits: []contract.Edit{edit("a: 1\n", 3, 4, "2")}})
	res := &result.Result{Tools: []result.ToolResult{{Dir: "t", Spec: "t/TOOL.md", Findings: []result.Finding{f}}}}
	// The hook: the folder goes once it is linted.
	rename(t, filepath.Join(root, "t"), filepath.Join(base, "moved"))
	symlink(t, filepath.Join(base, "moved"), filepath.Join(root, "t"))
	changes, errs := Changes(context.Background(), res, Options{Root: root, Check: CheckWith(lint.Config{Root: root})})
	out := Write(changes)
	want := "t/TOOL.md: not fixed: the tool folder cannot be opened: t is a symbolic link, which is not followed"
	if len(changes) != 0 || out.Fixed != 0 || len(errs) != 1 || errs[0].Error() != want {
		t.Errorf("changes %v, fixed %d, errors %q; want none fixed and %q", changes, out.Fixed, errs, want)
	}
	if got := readFile(t, base, "moved/TOOL.md"); got != "a: 1\n" {
		t.Errorf("the moved TOOL.md is %q: written through the link", got)
	}
}

func symlink(t *testing.T, target, link string) {
	t.Helper()
	if err := os.Symlink(target, link); err != nil {
		t.Skip("no symbolic links here:", err)
	}
}

// TestWriteReadOnly: a file without write permission is neither replaced
// nor deleted, as gofmt -w does not write one; the error says so.
func TestWriteReadOnly(t *testing.T) {
	root := tree(t, map[string]string{"t/TOOL.md": "a: 1\n", "t/fixtures/u": "u"})
	for _, name := range []string{"t/TOOL.md", "t/fixtures/u"} {
		if err := os.Chmod(filepath.Join(root, filepath.FromSlash(name)), 0o444); err != nil {
			t.Fatal(err)
		}
	}
	t.Cleanup(func() { // for the removal of the temporary directory on Windows
		_ = os.Chmod(filepath.Join(root, "t", "TOOL.md"), 0o644)
		_ = os.Chmod(filepath.Join(root, "t", "fixtures", "u"), 0o644)
	})
	c := planOne(t, root, "t")
	if err := c.Write(); err == nil || err.Error() != "t/TOOL.md: not fixed: the file is read-only" || !errors.Is(err, errReadOnly) {
		t.Errorf("Write of a read-only file: %v", err)
	}
	changes, errs := plan(root, []result.Finding{finding("t", result.Fix{File: "t/fixtures/u", Delete: true})}, false)
	if len(errs) > 0 || len(changes) != 1 {
		t.Fatalf("changes %v, errors %v", changes, errs)
	}
	if err := changes[0].Write(); err == nil || err.Error() != "t/fixtures/u: not deleted: the file is read-only" {
		t.Errorf("deletion of a read-only file: %v", err)
	}
	if got := readFile(t, root, "t/TOOL.md"); got != "a: 1\n" {
		t.Errorf("TOOL.md is %q", got)
	}
	if got := readFile(t, root, "t/fixtures/u"); got != "u" {
		t.Errorf("the fixture is %q", got)
	}
}

// TestOwnerKept is keepOwner's decision: nothing to do when the new file
// has the owner and group already; a chown when not; when the chown fails,
// the fix goes on only if the owner is kept (the group alone is lost).
func TestOwnerKept(t *testing.T) {
	denied := func(int, int) error { return os.ErrPermission }
	called := false
	chown := func(uid, gid int) error {
		called = true
		if uid != 10 || gid != 20 {
			t.Errorf("chown(%d, %d), want (10, 20)", uid, gid)
		}
		return nil
	}
	if err := ownerKept(10, 20, 10, 20, denied); err != nil {
		t.Errorf("same owner and group: %v", err)
	}
	if err := ownerKept(10, 20, 0, 0, chown); err != nil || !called {
		t.Errorf("chown allowed: %v (called %v)", err, called)
	}
	if err := ownerKept(10, 20, 10, 30, denied); err != nil {
		t.Errorf("only the group differs, chown denied: %v; want the fix written", err)
	}
	err := ownerKept(10, 20, 11, 20, denied)
	if err == nil || !strings.Contains(err.Error(), "belongs to another user (uid 10)") {
		t.Errorf("another user's file, chown denied: %v; want an error", err)
	}
}
