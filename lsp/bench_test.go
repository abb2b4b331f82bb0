package lsp

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"go.lsp.dev/protocol"
)

// benchTool is a TOOL.md of about 200 lines: a schema of many properties
// and many examples, one of them with a finding.
func benchTool() string {
	var b strings.Builder
	b.WriteString("---\nname: big\ndescription: A large contract.\ninputs:\n  type: object\n  properties:\n")
	for i := range 40 {
		fmt.Fprintf(&b, "    p%d: {type: string, description: \"property %d\"}\n", i, i)
	}
	b.WriteString("    split: {type: string, description: first, second}\n")
	b.WriteString("outputs:\n  type: object\n  required: [ok]\n  properties:\n    ok: {type: boolean}\n    error: {type: string}\n")
	for i := range 30 {
		fmt.Fprintf(&b, "    r%d: {type: integer, minimum: 0}\n", i)
	}
	b.WriteString("effects: none\nrequires: []\n---\n\n## Examples\n")
	for i := range 26 {
		fmt.Fprintf(&b, "\n### case %d\ninput: {\"p%d\": \"v\"}\noutput: {\"ok\": true, \"r%d\": %d}\n", i, i, i, i)
	}
	b.WriteString("\n### fails\ninput: {\"p0\": 1}\noutput: {\"ok\": false, \"error\": \"bad\"}\n")
	return b.String()
}

// BenchmarkDiagnosticsAfterChange: the time from a change of a 200-line
// TOOL.md to its diagnostics, through the protocol (an in-process client,
// no debounce): what a keystroke costs once the debounce is over.
func BenchmarkDiagnosticsAfterChange(b *testing.B) {
	text := benchTool()
	if n := strings.Count(text, "\n"); n < 190 || n > 210 {
		b.Fatalf("the contract has %d lines", n)
	}
	root := writeTree(b, map[string]string{".agent/tools/big/TOOL.md": text, ".agent/tools/big/linux.sh": okScript})
	s, _ := start(b, root, protocol.ClientCapabilities{})
	u := s.open(filepath.Join(root, ".agent/tools/big/TOOL.md"), &text, 1)
	if d := s.diagnosticsFor(u, 1); len(d) == 0 {
		b.Fatal("no finding in the benchmark's contract")
	}
	edited := strings.Replace(text, "description: A large contract.", "description: A large contract, edited.", 1)
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		v := int32(i + 2)
		next := text
		if i%2 == 0 {
			next = edited
		}
		err := s.server.DidChange(s.ctx, &protocol.DidChangeTextDocumentParams{
			TextDocument:   protocol.VersionedTextDocumentIdentifier{TextDocumentIdentifier: protocol.TextDocumentIdentifier{URI: u}, Version: v},
			ContentChanges: []protocol.TextDocumentContentChangeEvent{&protocol.TextDocumentContentChangeWholeDocument{Text: next}},
		})
		if err != nil {
			b.Fatal(err)
		}
		s.diagnosticsFor(u, v)
	}
	b.StopTimer()
	s.shutdown()
}
