package runner

import (
	"reflect"
	"slices"
	"testing"
)

// TestExtensions: the table Extensions lists is the one Resolve uses, in
// order, with the Windows-only extensions marked.
func TestExtensions(t *testing.T) {
	var exts, windows []string
	for _, e := range Extensions() {
		exts = append(exts, e.Ext)
		if e.WindowsOnly {
			windows = append(windows, e.Ext)
		}
		if !KnownExtension(e.Ext) || !reflect.DeepEqual(e.Interpreters, Interpreters(e.Ext)) {
			t.Errorf("%+v: KnownExtension %v, Interpreters %q", e, KnownExtension(e.Ext), Interpreters(e.Ext))
		}
	}
	want := []string{".sh", ".bash", ".zsh", ".py", ".js", ".mjs", ".ts", ".rb", ".pl", ".ps1", ".cmd", ".bat"}
	if !slices.Equal(exts, want) {
		t.Errorf("Extensions() = %q, want %q", exts, want)
	}
	if !slices.Equal(windows, []string{".cmd", ".bat"}) {
		t.Errorf("Windows-only extensions %q, want .cmd .bat", windows)
	}
}
