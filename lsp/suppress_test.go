package lsp

import (
	"encoding/json"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
)

// actionsFor asks for the quick fixes of the client's diagnostic d.
func (s *session) actionsFor(u uri.URI, d protocol.Diagnostic) []*protocol.CodeAction {
	s.t.Helper()
	res, err := s.server.CodeAction(s.ctx, &protocol.CodeActionParams{TextDocument: protocol.TextDocumentIdentifier{URI: u}, Range: d.Range,
		Context: protocol.CodeActionContext{Diagnostics: []protocol.Diagnostic{d}, Only: []protocol.CodeActionKind{protocol.CodeActionKindQuickFix}}})
	if err != nil {
		s.t.Fatalf("codeAction: %v", err)
	}
	var out []*protocol.CodeAction
	for _, a := range res {
		if ca, ok := a.(*protocol.CodeAction); ok {
			out = append(out, ca)
		}
	}
	return out
}

// disableAction is the "disable RULE" action among actions; nil when there
// is none.
func disableAction(actions []*protocol.CodeAction) *protocol.CodeAction {
	for _, a := range actions {
		if strings.HasPrefix(a.Title, "Disable ") {
			return a
		}
	}
	return nil
}

// change replaces the text of u (version v).
func (s *session) change(u uri.URI, v int32, text string) {
	s.t.Helper()
	err := s.server.DidChange(s.ctx, &protocol.DidChangeTextDocumentParams{
		TextDocument:   protocol.VersionedTextDocumentIdentifier{TextDocumentIdentifier: protocol.TextDocumentIdentifier{URI: u}, Version: v},
		ContentChanges: []protocol.TextDocumentContentChangeEvent{&protocol.TextDocumentContentChangeWholeDocument{Text: text}},
	})
	if err != nil {
		s.t.Fatal(err)
	}
}

// withInput is fixedSplit with the input of its first example (line 21,
// 0-based) an array: example-input.
func withInput() string {
	return strings.Replace(fixedSplit(), `input: {}`, `input: []`, 1)
}

// The "disable RULE here" action, for each kind of place: it writes the
// suppression comment (without a reason) where it covers the finding;
// with the reason written, the finding is gone and the comment used.
func TestSuppressAction(t *testing.T) {
	const why = " -- accepted for the test"
	crlf := func(s string) string { return "\uFEFF" + strings.ReplaceAll(s, "\n", "\r\n") }
	tests := []struct {
		name, file, text string
		// pick is the diagnostic's code and 0-based line.
		code  string
		line  uint32
		title string
		// written is the line written, before the line before (0-based),
		// with its line ending; reasoned the comment with its reason.
		written  string
		at       int
		reasoned string
	}{
		{"a frontmatter line", "TOOL.md", splitTool, "yaml-split", 10,
			`Disable yaml-split here (then write the reason after " -- ")`,
			"    # speccify-lint: disable=yaml-split\n", 10, "    # speccify-lint: disable=yaml-split" + why + "\n"},
		{"the second line of a split text: above its entry", "TOOL.md", splitTool, "yaml-split", 12,
			`Disable yaml-split here (then write the reason after " -- ")`,
			"    # speccify-lint: disable=yaml-split\n", 11, "    # speccify-lint: disable=yaml-split" + why + "\n"},
		{"a line with a comment at its end", "TOOL.md", splitTool, "yaml-split", 13,
			`Disable yaml-split here (then write the reason after " -- ")`,
			"    # speccify-lint: disable=yaml-split\n", 13, "    # speccify-lint: disable=yaml-split" + why + "\n"},
		{"a body line", "TOOL.md", withInput(), "example-input", 21,
			`Disable example-input here (then write the reason after " -- ")`,
			"<!-- speccify-lint-disable example-input -->\n", 21, "<!-- speccify-lint-disable example-input" + why + " -->\n"},
		{"a body line, CRLF and BOM", "TOOL.md", crlf(withInput()), "example-input", 21,
			`Disable example-input here (then write the reason after " -- ")`,
			"<!-- speccify-lint-disable example-input -->\r\n", 21, "<!-- speccify-lint-disable example-input" + why + " -->\r\n"},
		{"an implementation", "linux.sh", twiceScript, "stdin-twice", 2,
			`Disable stdin-twice in this file (then write the reason after " -- ")`,
			"# speccify-lint: disable=stdin-twice\n", 1, "# speccify-lint: disable=stdin-twice" + why + "\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			files := map[string]string{".agent/tools/split/TOOL.md": fixedSplit(), ".agent/tools/split/linux.sh": okScript}
			files[".agent/tools/split/"+tt.file] = tt.text
			root := writeTree(t, files)
			s, _ := start(t, root, protocol.ClientCapabilities{})
			u := s.open(filepath.Join(root, ".agent/tools/split", tt.file), nil, 1)
			diags := s.diagnosticsFor(u, 1)
			i := slices.IndexFunc(diags, func(d protocol.Diagnostic) bool {
				code, _ := d.Code.(protocol.String)
				return string(code) == tt.code && d.Range.Start.Line == tt.line
			})
			if i < 0 {
				t.Fatalf("no %s on line %d: %q", tt.code, tt.line, describeAll(diags))
			}
			a := disableAction(s.actionsFor(u, diags[i]))
			if a == nil {
				t.Fatalf("no disable action for %s", describe(diags[i]))
			}
			if a.Title != tt.title || *a.Kind != protocol.CodeActionKindQuickFix || *a.IsPreferred || len(a.Diagnostics) != 1 {
				t.Errorf("action %q kind %s preferred %v", a.Title, *a.Kind, *a.IsPreferred)
			}
			x := newLineIndex(tt.text)
			at := x.start(tt.at)
			if tt.at == 0 && strings.HasPrefix(tt.text, "\uFEFF") {
				at += 3
			}
			want := tt.text[:at] + tt.written + tt.text[at:]
			got := apply(t, tt.text, a.Edit.Changes[u], false)
			if got != want {
				t.Fatalf("the action made\n%q\nwant\n%q", got, want)
			}
			// Applied: no reason, so the finding stays and the comment
			// says it suppresses nothing.
			s.change(u, 2, got)
			after := describeAll(s.diagnosticsFor(u, 2))
			if !slices.ContainsFunc(after, func(d string) bool { return strings.Contains(d, " "+tt.code+" ") }) ||
				!slices.ContainsFunc(after, func(d string) bool { return strings.Contains(d, "has no reason, so it suppresses nothing") }) {
				t.Errorf("applied, without a reason: %q", after)
			}
			// With the reason: gone, and the comment used.
			reasoned := tt.text[:at] + tt.reasoned + tt.text[at:]
			s.change(u, 3, reasoned)
			after = describeAll(s.diagnosticsFor(u, 3))
			before := describeAll(diags)
			count := func(ds []string) int {
				return len(slices.DeleteFunc(slices.Clone(ds), func(d string) bool { return !strings.Contains(d, " "+tt.code+" ") }))
			}
			if count(after) != count(before)-1 || len(after) != len(before)-1 {
				t.Errorf("with the reason: %q, want one %s fewer than %q", after, tt.code, before)
			}
			s.shutdown()
		})
	}
}

// A suppression already on the line above a body line gets the rule added,
// with its reason; none is offered where a comment cannot suppress the
// finding (unused-suppression's own findings), nor for a diagnostic the
// client does not show.
func TestSuppressActionAddsAndRefuses(t *testing.T) {
	text := strings.Replace(withInput(), "### works\n", "### works\n<!-- speccify-lint-disable example-failed -- the upstream answer changes daily -->\n", 1)
	root := writeTree(t, map[string]string{".agent/tools/split/TOOL.md": text, ".agent/tools/split/linux.sh": okScript})
	s, _ := start(t, root, protocol.ClientCapabilities{})
	u := s.open(filepath.Join(root, ".agent/tools/split/TOOL.md"), nil, 1)
	diags := s.diagnosticsFor(u, 1)
	find := func(code string) protocol.Diagnostic {
		t.Helper()
		for _, d := range diags {
			if c, _ := d.Code.(protocol.String); string(c) == code {
				return d
			}
		}
		t.Fatalf("no %s: %q", code, describeAll(diags))
		return protocol.Diagnostic{}
	}
	input := find("example-input")
	a := disableAction(s.actionsFor(u, input))
	if a == nil || a.Title != "Disable example-input here (added to the suppression above, with its reason)" {
		t.Fatalf("action %+v", a)
	}
	got := apply(t, text, a.Edit.Changes[u], false)
	if want := strings.Replace(text, "example-failed -- the", "example-failed, example-input -- the", 1); got != want {
		t.Errorf("the action made\n%s\nwant\n%s", got, want)
	}
	// unused-suppression, here of a misspelt rule, is not suppressed by
	// any comment.
	text2 := strings.Replace(text, "example-failed --", "example-fialed --", 1)
	s.change(u, 2, text2)
	diags = s.diagnosticsFor(u, 2)
	if a := disableAction(s.actionsFor(u, find("unused-suppression"))); a != nil {
		t.Errorf("an action for unused-suppression, which nothing suppresses: %q", a.Title)
	}
	// Without the client's diagnostic in the context: no action.
	res, err := s.server.CodeAction(s.ctx, &protocol.CodeActionParams{TextDocument: protocol.TextDocumentIdentifier{URI: u}, Range: input.Range})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range res {
		if ca, ok := r.(*protocol.CodeAction); ok && strings.HasPrefix(ca.Title, "Disable ") {
			t.Errorf("a disable action without the diagnostic in the context: %q", ca.Title)
		}
	}
	s.shutdown()
}

// The failure of an example run is suppressed above its output: line (a
// run rule, which the static checks do not make: the comment is found to
// cover its line).
func TestSuppressActionOfARun(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the implementation is a shell script")
	}
	root := writeTree(t, map[string]string{".agent/tools/split/TOOL.md": fixedSplit(), ".agent/tools/split/linux.sh": okScript})
	s, _ := start(t, root, protocol.ClientCapabilities{})
	u := s.open(filepath.Join(root, ".agent/tools/split/TOOL.md"), nil, 1)
	s.diagnosticsFor(u, 1)
	arg, _ := json.Marshal(string(u))
	if _, err := s.server.ExecuteCommand(s.ctx, &protocol.ExecuteCommandParams{Command: runExamplesCommand, Arguments: []protocol.LSPAny{arg}}); err != nil {
		t.Fatal(err)
	}
	diags := s.diagnosticsFor(u, 1)
	if len(diags) != 1 {
		t.Fatalf("after the run: %q", describeAll(diags))
	}
	a := disableAction(s.actionsFor(u, diags[0]))
	if a == nil {
		t.Fatal("no disable action for the run's finding")
	}
	got := apply(t, fixedSplit(), a.Edit.Changes[u], false)
	want := strings.Replace(fixedSplit(), "input: {\"bad\": true}\n", "input: {\"bad\": true}\n<!-- speccify-lint-disable example-failed -->\n", 1)
	if got != want {
		t.Errorf("the action made\n%s\nwant\n%s", got, want)
	}
	s.shutdown()
}
