package lsp

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"go.lsp.dev/protocol"
)

// TestEditorsDoc: docs/editors.md names what the server does as the code
// says it: the fix-all code action's kind, the files it asks to watch, the
// debounce, the pull diagnostics' methods, identifier and wait.
func TestEditorsDoc(t *testing.T) {
	data, err := os.ReadFile("../docs/editors.md")
	if err != nil {
		t.Fatal(err)
	}
	doc := string(data)
	want := []string{"speccify-lint server", string(fixAllKind), fmt.Sprintf("%d ms", DefaultDebounce.Milliseconds()),
		"`" + pullIdentifier + "`", fmt.Sprintf("(%d s at most)", int(DefaultHold.Seconds())),
		"`" + protocol.MethodTextDocumentDiagnostic + "`", "`" + protocol.MethodWorkspaceDiagnostic + "`", "`" + protocol.MethodWorkspaceDiagnosticRefresh + "`"}
	for _, g := range watchGlobs {
		want = append(want, "`"+g+"`")
	}
	for _, w := range want {
		if !strings.Contains(doc, w) {
			t.Errorf("docs/editors.md does not say %q", w)
		}
	}
}

func TestEditorsDocNamesTheCommand(t *testing.T) {
	data, err := os.ReadFile("../docs/editors.md")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), "`"+runExamplesCommand+"`") {
		t.Errorf("docs/editors.md does not name %s", runExamplesCommand)
	}
}
