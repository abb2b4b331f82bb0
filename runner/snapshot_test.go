package runner

import (
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"testing"
	"time"
)

func writeFiles(t *testing.T, dir string, names ...string) {
	t.Helper()
	for _, name := range names {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func snapshotPaths(s Snapshot) []string {
	var out []string
	for _, st := range s {
		out = append(out, st.path)
	}
	return out
}

// TestSnapshotStaysInside: a symbolic link to a directory outside the tool
// folder is recorded as a link, and nothing behind it is read.
func TestSnapshotStaysInside(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("symbolic links need privileges on Windows")
	}
	outside, tool := t.TempDir(), t.TempDir()
	writeFiles(t, outside, "secret/a.txt")
	writeFiles(t, tool, "TOOL.md", "fixtures/a.json")
	if err := os.Symlink(outside, filepath.Join(tool, "fixtures", "out")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("../..", filepath.Join(tool, "fixtures", "up")); err != nil {
		t.Fatal(err)
	}
	got := snapshotPaths(snapshotDir(t, tool))
	want := []string{"TOOL.md", "fixtures", "fixtures/a.json", "fixtures/out", "fixtures/up"}
	if !slices.Equal(got, want) {
		t.Errorf("snapshot paths = %q, want %q", got, want)
	}
}

// TestSnapshotSkipsNestedTool: a subdirectory holding a TOOL.md is another
// tool's folder; its entry is recorded, its content is not.
func TestSnapshotSkipsNestedTool(t *testing.T) {
	tool := t.TempDir()
	writeFiles(t, tool, "TOOL.md", "fixtures/inner/TOOL.md", "fixtures/inner/linux.sh", "fixtures/x.json")
	before := snapshotDir(t, tool)
	want := []string{"TOOL.md", "fixtures", "fixtures/inner", "fixtures/x.json"}
	if got := snapshotPaths(before); !slices.Equal(got, want) {
		t.Errorf("snapshot paths = %q, want %q", got, want)
	}
	writeFiles(t, tool, "fixtures/inner/out.txt")
	if changed := before.Changes(snapshotDir(t, tool)); len(changed) != 0 {
		t.Errorf("changes = %q, want none", changed)
	}
}

// TestSnapshotChanges: creations, deletions, writes, and a file replaced by
// another of the same size and time (seen by its inode number), deep in a
// tree larger than any former cap.
func TestSnapshotChanges(t *testing.T) {
	tool := t.TempDir()
	writeFiles(t, tool, "TOOL.md", "a/b/c/d/e/f/deep.txt", "keep.txt", "gone.txt", "same.txt")
	before := snapshotDir(t, tool)
	writeFiles(t, tool, "a/b/c/d/e/f/new.txt")
	if err := os.Remove(filepath.Join(tool, "gone.txt")); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(tool, "keep.txt"), []byte("longer"), 0o644); err != nil {
		t.Fatal(err)
	}
	want := []string{"a/b/c/d/e/f/new.txt (created)", "gone.txt (deleted)", "keep.txt (changed)"}
	if runtime.GOOS != "windows" {
		// Replace same.txt by a file of the same size and time.
		same := filepath.Join(tool, "same.txt")
		info, err := os.Stat(same)
		if err != nil {
			t.Fatal(err)
		}
		tmp := filepath.Join(t.TempDir(), "x")
		writeFiles(t, filepath.Dir(tmp), "x")
		if err := os.Chtimes(tmp, time.Time{}, info.ModTime()); err != nil {
			t.Fatal(err)
		}
		if err := os.Rename(tmp, same); err != nil {
			t.Skipf("rename across temp dirs: %v", err)
		}
		want = append(want, "same.txt (changed)")
	}
	got := ChangeTexts(before.Changes(snapshotDir(t, tool)))
	if !slices.Equal(got, want) {
		t.Errorf("changes = %q, want %q", got, want)
	}
}

// snapshotDir is the snapshot of the tool folder dir, opened as the runs
// open it.
func snapshotDir(tb testing.TB, dir string) Snapshot {
	tb.Helper()
	root, err := os.OpenRoot(dir)
	if err != nil {
		tb.Fatal(err)
	}
	defer root.Close()
	return TakeSnapshot(root)
}
