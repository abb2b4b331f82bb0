//go:build unix

package lint_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/speccify/speccify-lint/discover"
	"github.com/speccify/speccify-lint/lint"
)

// TestLineEndingsFixKnowsTheText: the fix that converts an implementation
// saved with CRLF to LF carries the text it was computed on (Fix.Sum), so
// that a file changed since is not rewritten.
func TestLineEndingsFixKnowsTheText(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, "t")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	script := "#!/bin/sh\r\necho '{\"ok\": true}'\r\n"
	if err := os.WriteFile(filepath.Join(dir, "linux.sh"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, discover.SpecFile), []byte("---\nname: t\n---\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	disc, err := discover.Discover([]string{root}, discover.Options{Root: root})
	if err != nil {
		t.Fatal(err)
	}
	res := lint.Lint(context.Background(), disc, lint.Config{Root: root, Platform: "linux"})
	for _, f := range res.AllFindings() {
		if f.Rule == "implementation-runnable" {
			if f.Fix == nil || !f.Fix.ToLF || f.Fix.Sum != sha256Hex("#!/bin/sh\necho '{\"ok\": true}'\n") {
				t.Errorf("fix %+v, want the conversion of the text as read", f.Fix)
			}
			return
		}
	}
	t.Error("no implementation-runnable finding")
}
