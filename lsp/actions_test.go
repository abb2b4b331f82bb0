package lsp

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
)

// apply applies text edits to text as an editor does: each range of the
// original text replaced, in the position encoding given.
func apply(t *testing.T, text string, edits []protocol.TextEdit, utf8 bool) string {
	t.Helper()
	x := newLineIndex(text)
	type span struct {
		start, end int
		new        string
	}
	var spans []span
	for _, e := range edits {
		spans = append(spans, span{x.offset(e.Range.Start, utf8), x.offset(e.Range.End, utf8), e.NewText})
	}
	slices.SortFunc(spans, func(a, b span) int { return a.start - b.start })
	var b strings.Builder
	at := 0
	for _, sp := range spans {
		if sp.start < at {
			t.Fatalf("overlapping edits %v", edits)
		}
		b.WriteString(text[at:sp.start])
		b.WriteString(sp.new)
		at = sp.end
	}
	b.WriteString(text[at:])
	return b.String()
}

func (s *session) codeActions(u uri.URI, r protocol.Range, only ...protocol.CodeActionKind) []*protocol.CodeAction {
	s.t.Helper()
	res, err := s.server.CodeAction(s.ctx, &protocol.CodeActionParams{TextDocument: protocol.TextDocumentIdentifier{URI: u}, Range: r, Context: protocol.CodeActionContext{Only: only}})
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

var wholeText = protocol.Range{End: protocol.Position{Line: 1 << 20}}

func TestCodeActions(t *testing.T) {
	for _, crlf := range []bool{false, true} {
		text := splitTool
		want := fixedSplit()
		if crlf {
			text = "\uFEFF" + strings.ReplaceAll(text, "\n", "\r\n")
			want = "\uFEFF" + strings.ReplaceAll(want, "\n", "\r\n")
		}
		root := writeTree(t, map[string]string{".agent/tools/split/TOOL.md": text, ".agent/tools/split/linux.sh": okScript})
		s, _ := start(t, root, protocol.ClientCapabilities{})
		u := s.open(filepath.Join(root, ".agent/tools/split/TOOL.md"), nil, 1)
		diags := s.diagnosticsFor(u, 1)
		if len(diags) != 3 {
			t.Fatalf("crlf %v: %q", crlf, describeAll(diags))
		}
		// A quick fix on the second diagnostic: that fix alone.
		acts := s.codeActions(u, diags[1].Range, protocol.CodeActionKindQuickFix)
		if len(acts) != 1 {
			t.Fatalf("crlf %v: %d quick fixes on one diagnostic, want 1", crlf, len(acts))
		}
		a := acts[0]
		if a.Title != "quote the text of description" || *a.Kind != protocol.CodeActionKindQuickFix || !*a.IsPreferred || len(a.Diagnostics) != 1 || describe(a.Diagnostics[0]) != describe(diags[1]) {
			t.Errorf("crlf %v: quick fix %q kind %v preferred %v on %q", crlf, a.Title, *a.Kind, *a.IsPreferred, describeAll(a.Diagnostics))
		}
		got := apply(t, text, a.Edit.Changes[u], false)
		one := strings.Replace(text, "description: Matching", `description: "Matching`, 1)
		one = strings.Replace(one, "keys (A, B), sorted.}", `keys (A, B), sorted."}`, 1)
		if got != one {
			t.Errorf("crlf %v: the quick fix made\n%s\nwant\n%s", crlf, got, one)
		}
		// Fix all: every safe fix, as --fix makes them.
		acts = s.codeActions(u, protocol.Range{}, "source.fixAll")
		if len(acts) != 1 || *acts[0].Kind != fixAllKind {
			t.Fatalf("crlf %v: source.fixAll: %v", crlf, acts)
		}
		if got := apply(t, text, acts[0].Edit.Changes[u], false); got != want {
			t.Errorf("crlf %v: fix all made\n%q\nwant\n%q", crlf, got, want)
		}
		// Applied, the diagnostics clear.
		fixed := apply(t, text, acts[0].Edit.Changes[u], false)
		err := s.server.DidChange(s.ctx, &protocol.DidChangeTextDocumentParams{
			TextDocument:   protocol.VersionedTextDocumentIdentifier{TextDocumentIdentifier: protocol.TextDocumentIdentifier{URI: u}, Version: 2},
			ContentChanges: []protocol.TextDocumentContentChangeEvent{&protocol.TextDocumentContentChangeWholeDocument{Text: fixed}},
		})
		if err != nil {
			t.Fatal(err)
		}
		checkDiagnostics(t, "after fix all", s.diagnosticsFor(u, 2))
		if acts := s.codeActions(u, wholeText); len(acts) != 0 {
			t.Errorf("crlf %v: %d code actions on a clean file", crlf, len(acts))
		}
		s.shutdown()
	}
}

func TestUnsafeQuickFixIsLabelled(t *testing.T) {
	text := strings.Replace(fixedSplit(), "name: split", "name: splat", 1)
	root := writeTree(t, map[string]string{".agent/tools/split/TOOL.md": text, ".agent/tools/split/linux.sh": okScript})
	s, _ := start(t, root, protocol.ClientCapabilities{})
	u := s.open(filepath.Join(root, ".agent/tools/split/TOOL.md"), nil, 1)
	diags := s.diagnosticsFor(u, 1)
	if len(diags) != 1 {
		t.Fatalf("%q", describeAll(diags))
	}
	acts := s.codeActions(u, diags[0].Range)
	if len(acts) != 1 {
		t.Fatalf("%d code actions, want the unsafe quick fix only (fix all makes safe fixes)", len(acts))
	}
	a := acts[0]
	if !strings.Contains(a.Title, "unsafe") || *a.IsPreferred {
		t.Errorf("unsafe fix %q preferred %v", a.Title, *a.IsPreferred)
	}
	if got := apply(t, text, a.Edit.Changes[u], false); got != fixedSplit() {
		t.Errorf("the unsafe fix made\n%s", got)
	}
	s.shutdown()
}

// fixture-unused's fix (unsafe) deletes the fixture: a quick fix on the
// open fixture, a DeleteFile resource operation when the client applies
// them, none when it does not.
func TestDeleteFileQuickFix(t *testing.T) {
	root := writeTree(t, map[string]string{
		".agent/tools/split/TOOL.md":          fixedSplit(),
		".agent/tools/split/linux.sh":         okScript,
		".agent/tools/split/fixtures/old.txt": "old\n",
	})
	fixture := filepath.Join(root, ".agent/tools/split/fixtures/old.txt")
	yes := true
	for _, deletes := range []bool{true, false} {
		caps := protocol.ClientCapabilities{}
		if deletes {
			caps.Workspace = &protocol.WorkspaceClientCapabilities{WorkspaceEdit: &protocol.WorkspaceEditClientCapabilities{
				DocumentChanges: &yes, ResourceOperations: []protocol.ResourceOperationKind{protocol.ResourceOperationKindDelete}}}
		}
		s, _ := start(t, root, caps)
		u := s.open(fixture, nil, 1)
		diags := s.diagnosticsFor(u, 1)
		if len(diags) != 1 || !strings.Contains(describe(diags[0]), " fixture-unused ") {
			t.Fatalf("%q, want fixture-unused", describeAll(diags))
		}
		acts := s.codeActions(u, diags[0].Range, protocol.CodeActionKindQuickFix)
		switch {
		case !deletes && len(acts) != 0:
			t.Errorf("a client without deletes: %d actions", len(acts))
		case deletes && (len(acts) != 1 || len(acts[0].Edit.DocumentChanges) != 1):
			t.Errorf("a client with deletes: %+v", acts)
		case deletes:
			if d, ok := acts[0].Edit.DocumentChanges[0].(*protocol.DeleteFile); !ok || d.URI != u || !strings.Contains(acts[0].Title, "unsafe") {
				t.Errorf("delete %#v, title %q", acts[0].Edit.DocumentChanges[0], acts[0].Title)
			}
		}
		s.shutdown()
	}
}
