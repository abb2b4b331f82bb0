package lsp

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
)

func (s *session) complete(u uri.URI, line, char uint32) []protocol.CompletionItem {
	s.t.Helper()
	res, err := s.server.Completion(s.ctx, &protocol.CompletionParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{
		TextDocument: protocol.TextDocumentIdentifier{URI: u}, Position: protocol.Position{Line: line, Character: char}}})
	if err != nil {
		s.t.Fatalf("completion: %v", err)
	}
	switch r := res.(type) {
	case *protocol.CompletionList:
		return r.Items
	case protocol.CompletionItemSlice:
		return r
	}
	return nil
}

func labels(items []protocol.CompletionItem) []string {
	var out []string
	for _, it := range items {
		out = append(out, it.Label)
	}
	return out
}

func TestCompletion(t *testing.T) {
	text := `---
name: tool
description: d
platforms: [linux, ]
inputs:
  type: object
  properties:
    path: {type: }
    
  
outputs: {type: object, }
---

## Examples

### one
input: {"path": "fixtures/"}
output: {"ok": true}
`
	root := writeTree(t, map[string]string{
		".agent/tools/tool/TOOL.md":          text,
		".agent/tools/tool/linux.sh":         okScript,
		".agent/tools/tool/fixtures/a.txt":   "a",
		".agent/tools/tool/fixtures/b/c.txt": "c",
		"elsewhere/secret.txt":               "s",
	})
	if err := os.Symlink(filepath.Join(root, "elsewhere"), filepath.Join(root, ".agent/tools/tool/fixtures/linked")); err != nil {
		t.Log("no symbolic links:", err)
	}
	s, _ := start(t, root, protocol.ClientCapabilities{})
	u := s.open(filepath.Join(root, ".agent/tools/tool/TOOL.md"), &text, 1)
	s.diagnosticsFor(u, 1)
	for _, tc := range []struct {
		name       string
		line, char uint32
		want       []string // exactly, or with "..." last: a prefix
	}{
		{"a new top-level key", 9, 0, []string{"effects", "requires", "runtime"}},
		{"a platform in a flow list", 3, 18, []string{"linux", "macos", "windows"}},
		{"a type value", 7, 17, []string{"object", "array", "string", "number", "integer", "boolean", "null"}},
		{"a keyword in a flow mapping", 10, 24, []string{"$schema", "$id", "..."}},
		{"a keyword in a block mapping", 9, 2, []string{"$schema", "$id", "..."}},
		{"no keyword under properties: a name", 8, 4, nil},
		{"fixture paths in an input string", 16, 26, []string{"fixtures/a.txt", "fixtures/b/c.txt"}},
		{"nothing in an output line", 17, 12, nil},
		{"nothing in prose", 13, 5, nil},
	} {
		got := labels(s.complete(u, tc.line, tc.char))
		want := tc.want
		if n := len(want); n > 0 && want[n-1] == "..." {
			want = want[:n-1]
			if len(got) >= len(want) {
				got = got[:len(want)]
			}
		}
		if !slices.Equal(got, want) {
			t.Errorf("%s (%d:%d): %q, want %q", tc.name, tc.line, tc.char, got, tc.want)
		}
	}
	// The fixture path replaces what the string holds so far.
	items := s.complete(u, 16, 26)
	if len(items) > 0 {
		e, ok := items[0].TextEdit.(*protocol.TextEdit)
		if !ok || e.Range.Start != (protocol.Position{Line: 16, Character: 17}) || e.Range.End != (protocol.Position{Line: 16, Character: 26}) || e.NewText != "fixtures/a.txt" {
			t.Errorf("fixture text edit %+v", items[0].TextEdit)
		}
	}
	s.shutdown()
}
