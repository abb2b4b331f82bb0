package lsp

import (
	"path/filepath"
	"strings"
	"testing"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
)

func (s *session) hoverAt(u uri.URI, line, char uint32) string {
	s.t.Helper()
	h, err := s.server.Hover(s.ctx, &protocol.HoverParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{
		TextDocument: protocol.TextDocumentIdentifier{URI: u}, Position: protocol.Position{Line: line, Character: char}}})
	if err != nil {
		s.t.Fatalf("hover: %v", err)
	}
	if h == nil {
		return ""
	}
	m, ok := h.Contents.(*protocol.MarkupContent)
	if !ok || m.Kind != protocol.MarkupKindMarkdown {
		s.t.Fatalf("hover contents %#v, want Markdown", h.Contents)
	}
	return m.Value
}

func TestHover(t *testing.T) {
	text := splitTool + "<!-- speccify-lint-disable fixture-unused -- a test -->\n"
	root := writeTree(t, map[string]string{".agent/tools/split/TOOL.md": text, ".agent/tools/split/linux.sh": okScript})
	s, _ := start(t, root, protocol.ClientCapabilities{})
	u := s.open(filepath.Join(root, ".agent/tools/split/TOOL.md"), nil, 1)
	s.diagnosticsFor(u, 1)
	lines := strings.Split(text, "\n")
	for _, tc := range []struct {
		name       string
		line, char uint32
		want       []string // substrings, in order
		not        string
	}{
		{"a diagnostic", 10, 60, []string{"**yaml-split** (warning, schemas)", "Autofix: safe (`--fix`", "Triggers it:", "(https://github.com/speccify/speccify-lint/blob/main/docs/rules/yaml-split.md)"}, ""},
		{"a frontmatter key", 2, 3, []string{"**description** (TOOL.md frontmatter)", "for the agent that picks it"}, ""},
		{"a nested key is no frontmatter key", 5, 3, nil, "frontmatter"},
		{"an input: line", 21, 2, []string{"validated against `inputs`", "```yaml\ninputs: {type: object}\n```"}, ""},
		{"an output: line", 26, 10, []string{"validated against `outputs`", "outputs:\n  type: object\n  required: [ok]", "    note: {type: string"}, "effects:"},
		{"a rule id in a suppression", uint32(len(lines) - 2), 30, []string{"**fixture-unused** (warning, fixtures)"}, ""},
		{"nothing there", 19, 3, nil, ""},
	} {
		got := s.hoverAt(u, tc.line, tc.char)
		if tc.want == nil {
			if got != "" && (tc.not == "" || strings.Contains(got, tc.not)) {
				t.Errorf("%s (%d:%d): hover %q, want none", tc.name, tc.line, tc.char, got)
			}
			continue
		}
		rest := got
		for _, w := range tc.want {
			i := strings.Index(rest, w)
			if i < 0 {
				t.Errorf("%s (%d:%d): hover\n%s\nlacks (in order) %q", tc.name, tc.line, tc.char, got, w)
				break
			}
			rest = rest[i+len(w):]
		}
		if tc.not != "" && strings.Contains(got, tc.not) {
			t.Errorf("%s: hover has %q:\n%s", tc.name, tc.not, got)
		}
	}
	s.shutdown()
}
