package lint

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/speccify/speccify-lint/discover"
)

// TestPanicIsAnInternalError: a panic while checking one tool becomes an
// internal error of the result; the other tools are still checked.
func TestPanicIsAnInternalError(t *testing.T) {
	var e internalErrors
	cfg := &Config{Root: t.TempDir()}
	j := e.checkStatic(cfg, &discover.Discovery{Tools: []discover.Tool{{Dir: "/nonexistent/tool"}}}, 0, toolTexts{})
	if j == nil || j.tr.Dir == "" {
		t.Fatalf("checkStatic returned %+v", j)
	}
	func() {
		defer func() {
			if r := recover(); r != nil {
				t.Fatalf("the panic escaped: %v", r)
			}
		}()
		bad := &toolJob{c: &toolCheck{cfg: cfg, dir: "/x"}, checked: true} // no spec: examples panics
		e.runExamples(context.Background(), bad)
	}()
	if got := e.sorted(); len(got) != 1 || !strings.Contains(got[0], "internal error while checking /x") {
		t.Errorf("internal errors = %q", got)
	}
}

// TestCheckTextThroughTheGate: CheckText, which autofix verifies a fix
// with, opens the tool folder as the lint does, through the root's gate: a
// folder reached through a symbolic link to a directory is not read (nor is
// the fix then made: the text is not checked).
func TestCheckTextThroughTheGate(t *testing.T) {
	root := t.TempDir()
	text := "---\nname: t\n---\n"
	if err := os.MkdirAll(filepath.Join(root, "real", "t"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, "real", "t", "TOOL.md"), []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("real", filepath.Join(root, "link")); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	cfg := Config{Root: root}
	if spec, _, err := CheckText(cfg, filepath.Join(root, "real", "t"), []byte(text)); err != nil || spec == nil {
		t.Fatalf("the folder itself: spec %v, error %v", spec, err)
	}
	spec, tr, err := CheckText(cfg, filepath.Join(root, "link", "t"), []byte(text))
	if err != nil || spec != nil {
		t.Fatalf("through the link: spec %v, error %v; want no spec, no error", spec, err)
	}
	want := "TOOL.md cannot be read: the tool folder cannot be opened: link is a symbolic link, which is not followed"
	if len(tr.Findings) != 1 || tr.Findings[0].Rule != "spec-file" || tr.Findings[0].Message != want {
		t.Errorf("findings %+v; want one spec-file finding %q", tr.Findings, want)
	}
}
