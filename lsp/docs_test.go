package lsp

import (
	"encoding/json"
	"fmt"
	"os"
	"regexp"
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

// TestEditorsDocVSCode: docs/editors.md's VS Code extension installs a
// pinned vscode-languageclient, the one testdata/node pins, and asks for
// the VS Code that client's own engines need (as package-lock.json
// records them).
func TestEditorsDocVSCode(t *testing.T) {
	data, err := os.ReadFile("../docs/editors.md")
	if err != nil {
		t.Fatal(err)
	}
	doc := string(data)
	m := regexp.MustCompile("`npm install vscode-languageclient@([0-9.]+)`").FindStringSubmatch(doc)
	if m == nil {
		t.Fatal("docs/editors.md does not install a pinned vscode-languageclient (npm install vscode-languageclient@X.Y.Z)")
	}
	var lock struct {
		Packages map[string]struct {
			Version string
			Engines map[string]string
		}
	}
	data, err = os.ReadFile("testdata/node/package-lock.json")
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &lock); err != nil {
		t.Fatal(err)
	}
	client, ok := lock.Packages["node_modules/vscode-languageclient"]
	if !ok || client.Version != m[1] {
		t.Fatalf("docs/editors.md installs vscode-languageclient %s; testdata/node pins %q", m[1], client.Version)
	}
	engines := fmt.Sprintf("`\"engines\": {\"vscode\": %q}`", client.Engines["vscode"])
	if client.Engines["vscode"] == "" || !strings.Contains(doc, engines) {
		t.Errorf("docs/editors.md does not say %s, what vscode-languageclient %s needs", engines, m[1])
	}
}
