package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/speccify/speccify-lint/discover"
)

// TestRediscover: after a fix deleted a file the command line named (as
// pre-commit passes them), the next pass still finds the tool folders the
// first one found, and the other paths.
func TestRediscover(t *testing.T) {
	root := t.TempDir()
	for _, name := range []string{"a/TOOL.md", "b/TOOL.md"} {
		p := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("---\n---\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	gone := filepath.Join(root, "a", "fixtures", "unused.txt") // deleted by a fix
	b := filepath.Join(root, "b", "TOOL.md")
	found := &discover.Discovery{Tools: []discover.Tool{{Dir: filepath.Join(root, "a")}, {Dir: filepath.Join(root, "b")}}}
	c := &LintCmd{}
	disc, err := c.rediscover([]string{gone, b}, found, root)
	if err != nil {
		t.Fatal(err)
	}
	var dirs []string
	for _, tool := range disc.Tools {
		dirs = append(dirs, filepath.Base(tool.Dir))
	}
	if len(dirs) != 2 || dirs[0] != "a" || dirs[1] != "b" {
		t.Errorf("rediscovered %v, want [a b]", dirs)
	}
	// Nothing gone: the paths as given (b only).
	disc, err = c.rediscover([]string{b}, found, root)
	if err != nil || len(disc.Tools) != 1 {
		t.Errorf("rediscovered %v, %v; want b alone", disc, err)
	}
}
