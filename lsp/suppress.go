package lsp

import (
	"maps"
	"path"
	"slices"
	"strings"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"github.com/speccify/speccify-lint/contract"
	"github.com/speccify/speccify-lint/discover"
	"github.com/speccify/speccify-lint/lint"
	"github.com/speccify/speccify-lint/result"
	"github.com/speccify/speccify-lint/runner"
)

// The "disable RULE here" code action (as ruff's noqa action): for a
// diagnostic the client shows (its context.diagnostics, each one of this
// document's findings), a quick fix that writes the suppression comment
// of the finding's rule where it covers the finding (docs/configuration.md,
// Suppressions): in TOOL.md's body an HTML comment on the line above, or
// the rule added to the suppression already there; in its frontmatter a
// YAML comment above the line, or above the entry that holds it; in an
// implementation a line comment that covers the file; else a
// speccify-lint-disable-file comment at the top of TOOL.md's body. Each
// place is tried on the text it makes, with the same static checks: it is
// offered only when the finding is suppressed there and nothing else
// changes. The comment is written without a reason: a suppression without
// one suppresses nothing (unused-suppression says so where it stands) until
// the user writes why after " -- ", as the reason is the one thing only the
// user knows. Never preferred: it hides the finding, it does not fix it.

// maxSuppressed bounds the client's diagnostics a code action request
// offers suppressions for, and maxPlaces the places tried for one.
const (
	maxSuppressed = 20
	maxPlaces     = 12
)

// placeholderReason stands in for the reason while a place is tried: the
// comment written has none.
const placeholderReason = "placeholder"

// suppressActions are the "disable RULE here" actions of the client's
// diagnostics of doc, a document of the tool folder res linted.
func (s *server) suppressActions(res *folderLint, doc *document, shown []protocol.Diagnostic) []protocol.CommandOrCodeAction {
	s.mu.Lock()
	all := withRuns(res)
	s.mu.Unlock()
	var out []protocol.CommandOrCodeAction
	type ruleLine struct {
		rule string
		line int
	}
	done := map[ruleLine]bool{}
	for _, cd := range shown[:min(len(shown), maxSuppressed)] {
		code, ok := cd.Code.(protocol.String)
		if !ok {
			continue
		}
		for i := range all {
			f := &all[i]
			if f.File != doc.rel || f.Rule != string(code) || s.findingRange(&f.Finding, doc) != cd.Range {
				continue
			}
			key := ruleLine{f.Rule, f.Line}
			if done[key] {
				break
			}
			done[key] = true
			if a := s.suppressAction(res, doc, f, cd); a != nil {
				out = append(out, a)
			}
			break
		}
	}
	return out
}

// comment is a suppression comment to insert or a rule to add to one.
type comment struct {
	off  int    // where, a byte offset of the document's text
	text string // what, the reason left out
	// tried is text with placeholderReason, which the place is tried with
	// (the same as text for a rule added to a comment with a reason).
	tried string
	// whole: it covers the whole file; added: a rule added to a comment.
	whole, added bool
}

// suppressAction is the action that writes the first place of places(f)
// found to suppress finding f; nil when none does.
func (s *server) suppressAction(res *folderLint, doc *document, f *placed, shown protocol.Diagnostic) *protocol.CodeAction {
	before := ruleCounts(res.findings)
	for _, c := range s.places(res, doc, f) {
		if !s.suppresses(res, doc, f, c, before) {
			continue
		}
		x := doc.index()
		at := x.position(c.off, s.utf8)
		kind := protocol.CodeActionKindQuickFix
		preferred := false
		title := "Disable " + f.Rule + " here"
		switch {
		case c.added:
			title += " (added to the suppression above, with its reason)"
		case c.whole:
			title = "Disable " + f.Rule + " in this file (then write the reason after \" -- \")"
		default:
			title += " (then write the reason after \" -- \")"
		}
		return &protocol.CodeAction{
			Title: title, Kind: &kind, Diagnostics: []protocol.Diagnostic{shown}, IsPreferred: &preferred,
			Edit: &protocol.WorkspaceEdit{Changes: map[uri.URI][]protocol.TextEdit{
				doc.uri: {{Range: protocol.Range{Start: at, End: at}, NewText: c.text}},
			}},
		}
	}
	return nil
}

// places are the places a suppression of f could go, best first.
func (s *server) places(res *folderLint, doc *document, f *placed) []comment {
	x := doc.index()
	eol := lineEnding(doc.text)
	if doc.name != discover.SpecFile {
		lc := runner.LineComment(path.Ext(doc.name))
		if lc == "" || f.ranBy != "" || strings.Contains(doc.name, "/") {
			return nil // not an implementation's own finding
		}
		// After a #! line (and Python's coding line), else first.
		line := 0
		if strings.HasPrefix(strings.TrimPrefix(x.line(0), "\uFEFF"), "#!") {
			line = 1
			if l := x.line(1); strings.HasPrefix(strings.TrimSpace(l), "#") && strings.Contains(l, "coding") {
				line = 2
			}
		}
		d := lc + " " + contract.HashDirective + f.Rule
		return []comment{insertLine(x, line, d, d+" -- "+placeholderReason, eol, true)}
	}
	spec := res.parsed
	if spec == nil || !spec.Split.HasFrontmatter || !spec.Split.Closed {
		return nil
	}
	var out []comment
	line := f.Line - 1 // 0-based
	split := spec.Split
	switch {
	case f.Line >= split.YAMLLine && f.Line < split.CloseLine:
		// In the frontmatter: above the line, else above a line before
		// it (the entry that holds it), each at that line's indentation.
		for n := line; n >= split.YAMLLine-1 && len(out) < maxPlaces-1; n-- {
			text := x.line(n)
			if strings.TrimSpace(text) == "" {
				continue
			}
			indent := text[:len(text)-len(strings.TrimLeft(text, " \t"))]
			d := indent + "# " + contract.HashDirective + f.Rule
			out = append(out, insertLine(x, n, d, d+" -- "+placeholderReason, eol, false))
		}
	case f.Line > split.CloseLine:
		// In the body: the rule added to the suppression of this line,
		// or a comment above it.
		if i := slices.IndexFunc(spec.Suppressions, func(sup contract.Suppression) bool {
			return !sup.File && sup.FromLine == f.Line && sup.Span.Start.Line > split.CloseLine
		}); i >= 0 {
			sup := spec.Suppressions[i]
			if sup.Problem == "" && sup.Reason != "" && len(sup.Rules) > 0 {
				last := sup.Rules[len(sup.Rules)-1].Span.End.Pos
				add := ", " + f.Rule
				out = append(out, comment{off: x.at(last.Line, last.Column), text: add, tried: add, added: true})
			}
			// One without a reason: a comment above it would cover it,
			// not the line; the file-wide one below.
		} else {
			d := "<!-- speccify-lint-disable " + f.Rule
			out = append(out, insertLine(x, line, d+" -->", d+" -- "+placeholderReason+" -->", eol, false))
		}
	}
	// At the top of the body: the whole TOOL.md.
	d := "<!-- speccify-lint-disable-file " + f.Rule
	c := insertLine(x, split.CloseLine, d+" -->", d+" -- "+placeholderReason+" -->", eol, true)
	return append(out, c)
}

// insertLine is the comment text (tried: with the placeholder reason) on
// a line of its own before the 0-based line n of the text x indexes (at
// its end when there is no such line), after a BOM on the first line.
func insertLine(x *lineIndex, n int, text, tried, eol string, whole bool) comment {
	if n >= x.Count() {
		// Past the last line: at the end, on a line of its own.
		off := len(x.text)
		lead := ""
		if off > 0 && !strings.HasSuffix(x.text, "\n") && !strings.HasSuffix(x.text, "\r") {
			lead = eol
		}
		return comment{off: off, text: lead + text + eol, tried: lead + tried + eol, whole: whole}
	}
	off := x.start(n)
	if n == 0 && strings.HasPrefix(x.text, "\uFEFF") {
		off += len("\uFEFF")
	}
	return comment{off: off, text: text + eol, tried: tried + eol, whole: whole}
}

// lineEnding is the first line ending of text, "\n" when it has none.
func lineEnding(text string) string {
	i := strings.IndexAny(text, "\r\n")
	switch {
	case i < 0:
		return "\n"
	case text[i] == '\r' && i+1 < len(text) && text[i+1] == '\n':
		return "\r\n"
	}
	return text[i : i+1]
}

// suppresses reports whether comment c, tried with its placeholder reason
// on doc's text, suppresses finding f and changes nothing else: the
// folder's static checks of the new text find as many of every other
// rule's findings as before, and fewer of f's rule (a finding of a run,
// which the static checks do not make, is covered by a suppression of the
// new text that names its rule).
func (s *server) suppresses(res *folderLint, doc *document, f *placed, c comment, before map[string]int) bool {
	text := doc.text[:c.off] + c.tried + doc.text[c.off:]
	spec, files := res.spec, res.files
	if doc.name == discover.SpecFile {
		spec, _ = contract.Normalize([]byte(text))
	} else {
		files = maps.Clone(files)
		files[doc.name] = []byte(text)
	}
	parsed, tr, err := lint.CheckEdited(res.cfg, res.folder.dir, spec, files)
	if err != nil {
		return false
	}
	after := ruleCounts((&result.Result{Tools: []result.ToolResult{tr}}).AllFindings())
	for rule, n := range before {
		if rule != f.Rule && after[rule] != n {
			return false
		}
	}
	for rule, n := range after {
		if rule != f.Rule && before[rule] != n {
			return false
		}
	}
	if f.ranBy == "" {
		return after[f.Rule] < before[f.Rule]
	}
	if after[f.Rule] != before[f.Rule] || parsed == nil {
		return false
	}
	line := f.Line // in the new text
	if x := doc.index(); f.Line >= 1 && f.Line <= x.Count() && c.off <= x.start(f.Line-1) {
		line += strings.Count(c.tried, "\n") + strings.Count(c.tried, "\r") - strings.Count(c.tried, "\r\n")
	}
	for _, sup := range parsed.Suppressions {
		if sup.Problem == "" && sup.Reason != "" && (sup.File || sup.FromLine <= line && line <= sup.ToLine) &&
			slices.ContainsFunc(sup.Rules, func(r contract.String) bool { return r.Value == f.Rule }) {
			return true
		}
	}
	return false
}

// ruleCounts counts findings by rule.
func ruleCounts(findings []result.Finding) map[string]int {
	n := map[string]int{}
	for _, f := range findings {
		n[f.Rule]++
	}
	return n
}
