package discover

import (
	"os"
	"path/filepath"
	"testing"
)

// TestSkippedSpec: a TOOL.md in a skipped directory is found, a tree
// without one is not, and neither is one behind a symbolic link.
func TestSkippedSpec(t *testing.T) {
	root := t.TempDir()
	empty := filepath.Join(root, "empty", "a")
	skipped := filepath.Join(root, "skipped", "node_modules", "t")
	for _, d := range []string{empty, skipped} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(skipped, SpecFile), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if spec, ok := SkippedSpec(root, []string{filepath.Join(root, "empty")}); ok {
		t.Errorf("SkippedSpec(empty) = %q, want none", spec)
	}
	if spec, ok := SkippedSpec(root, []string{filepath.Join(root, "skipped")}); !ok || spec != filepath.Join(skipped, SpecFile) {
		t.Errorf("SkippedSpec(skipped) = %q, %v", spec, ok)
	}
	if err := os.Symlink(filepath.Join(root, "skipped"), filepath.Join(empty, "link")); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	if spec, ok := SkippedSpec(root, []string{filepath.Join(root, "empty")}); ok {
		t.Errorf("SkippedSpec followed a symbolic link to %q", spec)
	}
}
