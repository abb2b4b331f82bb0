package lsp

import (
	"encoding/json"
	"path/filepath"
	"runtime"
	"testing"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
)

// speccify-lint.runExamples runs the examples of the saved files and
// their findings arrive as diagnostics, until the next change; nothing runs
// on open.
func TestRunExamplesCommand(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the implementation is a shell script")
	}
	root := writeTree(t, map[string]string{".agent/tools/split/TOOL.md": fixedSplit(), ".agent/tools/split/linux.sh": okScript})
	s, init := start(t, root, protocol.ClientCapabilities{})
	if cmds := init.Capabilities.ExecuteCommandProvider.Commands; len(cmds) != 1 || cmds[0] != runExamplesCommand {
		t.Errorf("commands %q", cmds)
	}
	u := s.open(filepath.Join(root, ".agent/tools/split/TOOL.md"), nil, 1)
	checkDiagnostics(t, "on open (nothing runs)", s.diagnosticsFor(u, 1))

	arg, _ := json.Marshal(string(u))
	res, err := s.server.ExecuteCommand(s.ctx, &protocol.ExecuteCommandParams{Command: runExamplesCommand, Arguments: []protocol.LSPAny{arg}})
	if err != nil {
		t.Fatal(err)
	}
	var sum RunSummary
	if err := json.Unmarshal(res, &sum); err != nil || sum != (RunSummary{Tool: ".agent/tools/split", Examples: 2, Passed: 1, Failed: 1, Findings: 1}) {
		t.Errorf("summary %s (%v)", res, err)
	}
	got := s.diagnosticsFor(u, 1)
	if len(got) == 1 {
		rel := got[0].RelatedInformation
		if len(rel) != 1 || rel[0].Location.URI != uri.File(filepath.Join(root, ".agent/tools/split/linux.sh")) || rel[0].Message != "implementation that ran the example" {
			t.Errorf("related information %+v", rel)
		}
	}
	checkDiagnostics(t, "after the run", got,
		`26:0-26:37 1 example-failed example "fails": the output differs: $.error: missing; $.ok: expected false, got true`)
	// A change: the run's findings no longer hold.
	err = s.server.DidChange(s.ctx, &protocol.DidChangeTextDocumentParams{
		TextDocument:   protocol.VersionedTextDocumentIdentifier{TextDocumentIdentifier: protocol.TextDocumentIdentifier{URI: u}, Version: 2},
		ContentChanges: []protocol.TextDocumentContentChangeEvent{&protocol.TextDocumentContentChangeWholeDocument{Text: fixedSplit() + "\n"}},
	})
	if err != nil {
		t.Fatal(err)
	}
	checkDiagnostics(t, "after a change", s.diagnosticsFor(u, 2))

	for _, bad := range []*protocol.ExecuteCommandParams{
		{Command: "rm -rf /"},
		{Command: runExamplesCommand},
		{Command: runExamplesCommand, Arguments: []protocol.LSPAny{[]byte(`"file:///etc/passwd"`)}},
		{Command: runExamplesCommand, Arguments: []protocol.LSPAny{[]byte(`42`)}},
	} {
		if _, err := s.server.ExecuteCommand(s.ctx, bad); code(err) != jsonrpc2.InvalidParams {
			t.Errorf("%s %s: %v, want InvalidParams", bad.Command, bad.Arguments, err)
		}
	}
	s.shutdown()
}
