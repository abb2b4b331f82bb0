package discover

import (
	"os"
	"path/filepath"
	"testing"
)

// TestRelPath: a path under the root, the root itself, one above it, a
// relative one (from the working directory) and no root.
func TestRelPath(t *testing.T) {
	root := t.TempDir()
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	relWd, err := filepath.Rel(root, wd)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct{ root, p, want string }{
		{root, filepath.Join(root, ".agent", "tools", "a"), ".agent/tools/a"},
		{root, root, "."},
		{root, filepath.Dir(root), ".."},
		{root, "x", filepath.ToSlash(filepath.Join(relWd, "x"))},
		{"", filepath.Join(root, "a"), filepath.ToSlash(filepath.Join(root, "a"))},
	}
	for _, tt := range tests {
		if got := RelPath(tt.root, tt.p); got != tt.want {
			t.Errorf("RelPath(%q, %q) = %q, want %q", tt.root, tt.p, got, tt.want)
		}
	}
}
