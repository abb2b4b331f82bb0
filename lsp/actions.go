package lsp

import (
	"context"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"github.com/aymanbagabas/go-udiff"
	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"github.com/speccify/speccify-lint/autofix"
	"github.com/speccify/speccify-lint/contract"
	"github.com/speccify/speccify-lint/lint"
	"github.com/speccify/speccify-lint/result"
)

// fixAllKind is the code action that makes every safe fix of a file, as
// --fix does (ruff's and eslint's source.fixAll.<tool>).
const fixAllKind protocol.CodeActionKind = "source.fixAll.speccify-lint"

// verification is the findings of a folder's lint whose fixes --fix would
// make (autofix.Verify), computed once per lint.
type verification struct {
	once     sync.Once
	findings []result.Finding
}

// codeAction offers, for the diagnostics in the range, each fix --fix (or
// --fix --unsafe-fixes) would make, as a quick fix (the safe ones
// preferred, the unsafe ones labelled), and the fix of every safe fix of
// the file (fixAllKind); each edits the text the editor holds into what
// --fix would write. For each diagnostic the client shows in the range
// (context.diagnostics), it offers the suppression comment of its rule
// (suppress.go).
func (s *server) codeAction(ctx context.Context, p *protocol.CodeActionParams) (any, error) {
	actions := []protocol.CommandOrCodeAction{}
	res, doc := s.documentLint(p.TextDocument.URI)
	if doc == nil || res.folder.kind != toolFolder {
		return actions, nil
	}
	if wanted(p.Context.Only, protocol.CodeActionKindQuickFix) {
		for _, f := range s.verified(ctx, res) {
			if f.File != doc.rel || f.Fix == nil {
				continue
			}
			diag := s.diagnostic(&f, doc)
			if !touches(diag.Range, p.Range) {
				continue
			}
			unsafe := f.Fix.Safety == result.UnsafeFix
			edit := s.fixEdit(ctx, res, []result.Finding{f}, unsafe, false, "")
			if edit == nil {
				continue
			}
			kind := protocol.CodeActionKindQuickFix
			title := f.Fix.Title
			if unsafe {
				title += " (unsafe fix: check what it changes)"
			}
			preferred := !unsafe
			actions = append(actions, &protocol.CodeAction{
				Title: title, Kind: &kind, Diagnostics: []protocol.Diagnostic{diag},
				IsPreferred: &preferred, Edit: edit,
			})
		}
	}
	if wanted(p.Context.Only, protocol.CodeActionKindQuickFix) {
		actions = append(actions, s.suppressActions(res, doc, p.Context.Diagnostics)...)
	}
	if wanted(p.Context.Only, fixAllKind) {
		if edit := s.fixEdit(ctx, res, res.findings, false, true, doc.rel); edit != nil {
			kind := fixAllKind
			actions = append(actions, &protocol.CodeAction{Title: "Fix all safe speccify-lint fixes in this file", Kind: &kind, Edit: edit})
		}
	}
	return actions, nil
}

// wanted reports whether a code action of kind is among those asked for
// (only, by prefix: "source" asks for source.fixAll.speccify-lint).
func wanted(only []protocol.CodeActionKind, kind protocol.CodeActionKind) bool {
	if len(only) == 0 {
		return true
	}
	for _, o := range only {
		if kind == o || strings.HasPrefix(string(kind), string(o)+".") {
			return true
		}
	}
	return false
}

// touches reports whether two ranges overlap or touch.
func touches(a, b protocol.Range) bool {
	return !before(a.End, b.Start) && !before(b.End, a.Start)
}

func before(a, b protocol.Position) bool {
	return a.Line < b.Line || a.Line == b.Line && a.Character < b.Character
}

// verified are the findings of res with the fixes --fix would not make
// taken out (autofix.Verify), computed once.
func (s *server) verified(ctx context.Context, res *folderLint) []result.Finding {
	res.verify.once.Do(func() {
		r := &result.Result{Tools: []result.ToolResult{{Dir: res.folder.rel, Findings: slices.Clone(res.findings)}}}
		autofix.Verify(ctx, r, s.fixOptions(res, true))
		res.verify.findings = r.Tools[0].Findings
	})
	return res.verify.findings
}

// fixOptions are autofix's options for a folder's lint: the open
// documents' texts held, the verification by the same static checks with
// them.
func (s *server) fixOptions(res *folderLint, check bool) autofix.Options {
	opt := autofix.Options{Root: res.folder.root, Held: res.held}
	if check {
		cfg, files := res.cfg, res.files
		opt.Check = func(tool string, text []byte) (*contract.Spec, result.ToolResult, error) {
			return lint.CheckEdited(cfg, filepath.Join(cfg.Root, filepath.FromSlash(tool)), text, files)
		}
	}
	return opt
}

// fixEdit is the workspace edit that makes the fixes of findings (with
// unsafe, the unsafe ones too) as autofix.Changes makes them: with check,
// verified and in passes as --fix makes them; without, the fixes as they
// are (already verified). With only set, only that file's change. Nil when
// nothing changes.
func (s *server) fixEdit(ctx context.Context, res *folderLint, findings []result.Finding, unsafe, check bool, only string) *protocol.WorkspaceEdit {
	opt := s.fixOptions(res, check)
	opt.Unsafe = unsafe
	r := &result.Result{Tools: []result.ToolResult{{Dir: res.folder.rel, Findings: slices.Clone(findings)}}}
	changes, _ := autofix.Changes(ctx, r, opt)
	edit := &protocol.WorkspaceEdit{}
	var deletes []protocol.DocumentChange
	for _, c := range changes {
		if only != "" && c.File != only {
			continue
		}
		u := uri.File(filepath.Join(res.folder.root, filepath.FromSlash(c.File)))
		if c.Delete {
			if s.deleteFiles {
				deletes = append(deletes, &protocol.DeleteFile{Kind: "delete", URI: u})
			}
			continue
		}
		if edits := s.textEdits(string(c.Old), string(c.New)); len(edits) > 0 {
			if edit.Changes == nil {
				edit.Changes = map[uri.URI][]protocol.TextEdit{}
			}
			edit.Changes[u] = edits
		}
	}
	if len(deletes) > 0 {
		// A deletion needs documentChanges, which then carry the edits too.
		for u, edits := range edit.Changes {
			var els []protocol.TextDocumentEditElement
			for i := range edits {
				els = append(els, &edits[i])
			}
			edit.DocumentChanges = append(edit.DocumentChanges, &protocol.TextDocumentEdit{
				TextDocument: protocol.OptionalVersionedTextDocumentIdentifier{TextDocumentIdentifier: protocol.TextDocumentIdentifier{URI: u}},
				Edits:        els,
			})
		}
		slices.SortFunc(edit.DocumentChanges, func(a, b protocol.DocumentChange) int {
			return compareStrings(string(a.(*protocol.TextDocumentEdit).TextDocument.URI), string(b.(*protocol.TextDocumentEdit).TextDocument.URI))
		})
		edit.DocumentChanges = append(edit.DocumentChanges, deletes...)
		edit.Changes = nil
	}
	if len(edit.Changes) == 0 && len(edit.DocumentChanges) == 0 {
		return nil
	}
	return edit
}

// textEdits are the edits that turn before into after: the differences
// (go-udiff), each widened to whole lines (so that no edit starts or ends
// inside a character or a CRLF, whatever the position encoding), those
// that then overlap joined.
func (s *server) textEdits(before, after string) []protocol.TextEdit {
	x := newLineIndex(before)
	var out []protocol.TextEdit
	diffs := udiff.Strings(before, after)
	for i := 0; i < len(diffs); {
		start, end := lineStartOf(before, diffs[i].Start), lineEndOf(before, diffs[i].End)
		j := i + 1
		for j < len(diffs) && lineStartOf(before, diffs[j].Start) <= end {
			end = max(end, lineEndOf(before, diffs[j].End))
			j++
		}
		var b strings.Builder
		at := start
		for _, d := range diffs[i:j] {
			b.WriteString(before[at:d.Start])
			b.WriteString(d.New)
			at = d.End
		}
		b.WriteString(before[at:end])
		out = append(out, protocol.TextEdit{
			Range:   protocol.Range{Start: x.position(start, s.utf8), End: x.position(end, s.utf8)},
			NewText: b.String(),
		})
		i = j
	}
	return out
}

// atLineStart reports whether off is where a line of text starts.
func atLineStart(text string, off int) bool {
	return off == 0 || text[off-1] == '\n' || text[off-1] == '\r' && (off == len(text) || text[off] != '\n')
}

// lineStartOf is the start of the line that holds off.
func lineStartOf(text string, off int) int {
	for off > 0 && !atLineStart(text, off) {
		off--
	}
	return off
}

// lineEndOf is off when it starts a line, else the start of the next line
// (after the line ending), or the end of the text.
func lineEndOf(text string, off int) int {
	for off < len(text) && !atLineStart(text, off) {
		off++
	}
	return off
}
