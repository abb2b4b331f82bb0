// Package testtree writes the trees of files tests lint, explore or serve:
// tool folders with their TOOL.md, implementations and fixtures, and
// configuration files, from a map of slash paths to texts.
package testtree

import (
	"os"
	"path/filepath"
	"testing"
)

// Write writes files (slash paths relative to dir, each inside it) under
// dir, with the folders they need, readable by all (0o644).
func Write(t testing.TB, dir string, files map[string]string) {
	t.Helper()
	WriteMode(t, dir, 0o644, files)
}

// WriteMode is Write with the files' permission bits perm: 0o755 for a tree
// whose implementations must be executable.
func WriteMode(t testing.TB, dir string, perm os.FileMode, files map[string]string) {
	t.Helper()
	for name, text := range files {
		if !filepath.IsLocal(filepath.FromSlash(name)) {
			t.Fatalf("testtree: %s is not a path inside %s", name, dir)
		}
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), perm); err != nil {
			t.Fatal(err)
		}
	}
}
