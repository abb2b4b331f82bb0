package autofix

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"github.com/speccify/speccify-lint/contract"
	"github.com/speccify/speccify-lint/result"
)

// A fix of a TOOL.md is verified where it is made: the rules only
// propose it (edits computed from the parser's spans), and the fixer
// checks the text the fixes of a pass make (Options.Check: the same static
// checks, on the fixed text) against the text before them. An edited
// region is what an edit writes, less what it keeps of the text it
// replaces at either end (renaming input to inputs writes the "s"; renaming
// `# amples` to `## Examples`, "# Ex"); one that writes nothing is the
// point where it deletes. The fixes are made unless the fixed text
//
//  1. cannot be read, or fails to parse where the text before did not: it
//     has a frontmatter problem the text before did not have, and not past
//     the first frontmatter problem of that text (past it, the parser only
//     got further: quoting one plain value that held ": " lets YAML read on
//     to the next such value);
//  2. has a new finding located in an edited region: a finding of the
//     TOOL.md whose source text (its Span), or its place when it has
//     none, meets an edited region;
//  3. has a new finding about a frontmatter entry whose key the fixes
//     wrote: its logical key (Finding.Key) is that key (input: 0 renamed
//     to inputs: 0 is an inputs that is no schema: field-type, key inputs).
//
// A finding is new when the text before had no finding of the same rule
// with the same key on the line it maps back to through the edits (a line
// of an edit's text maps to the line where the edit starts). A new finding
// anywhere else is text the fixes reveal, not a finding they cause: the
// schema under a renamed input: key, the cases under a renamed heading, an
// example that the fixed schema now judges (an expected output without ok
// once ok is required). It does not block the fixes; it is reported after
// them like any other finding, and a fix it carries is made in the next
// pass. ruff applies fixes to a fixed point the same way and reverts only
// a fix that introduces a syntax error.
//
// The fixes of one pass are verified together; when the text they make
// fails, they are taken one by one in the order of their findings, each
// kept when it and the fixes kept before it still pass.

// textCheck is a text of a tool's TOOL.md as Options.Check checked it.
type textCheck struct {
	text []byte // normalised
	spec *contract.Spec
	tr   result.ToolResult
}

// errCheck marks the error of a check that failed (an internal error).
type errCheck struct{ err error }

func (e errCheck) Error() string { return e.err.Error() }
func (e errCheck) Unwrap() error { return e.err }

// check checks text, the tool's TOOL.md as a fix would make it.
func (x *fixer) check(text []byte) (*textCheck, error) {
	spec, tr, err := x.opt.Check(x.tool, text)
	if err == nil && spec == nil {
		err = errors.New("the fixed text was not checked")
	}
	if err != nil {
		return nil, errCheck{fmt.Errorf("%s: not fixed: %w", x.spec, err)}
	}
	return &textCheck{text: text, spec: spec, tr: tr}, nil
}

// before is the check of the TOOL.md ff as it is now: x.checked, or a new
// check when there is none or it is of another text.
func (x *fixer) before(ff *fileFix) *textCheck {
	if x.checked == nil || !slices.Equal(x.checked.text, ff.text.text) {
		c, err := x.check(ff.text.text)
		if err != nil {
			x.fail(ff, err)
			return nil
		}
		x.checked = c
	}
	return x.checked
}

// verify says which of fixes, fixes of the TOOL.md ff taken in one pass
// (in the order of their findings, none overlapping another), to make: all
// when the text they make together passes, else those kept one by one,
// each with the ones kept before it. after is the check of the text the
// kept fixes make (nil when none is kept).
func (x *fixer) verify(ff *fileFix, fixes []*result.Fix) (keep []bool, after *textCheck) {
	keep = make([]bool, len(fixes))
	before := x.before(ff)
	if before == nil {
		return keep, nil
	}
	// try is the check of the text the fixes marked in with make, when it
	// passes; nil otherwise.
	try := func(with []bool) *textCheck {
		var edits []contract.Edit
		for i, f := range fixes {
			if with[i] {
				edits = append(edits, f.Edits...)
			}
		}
		sortEdits(edits)
		c, err := x.check(newRawText(ff.text.apply(edits, false)).text)
		if err != nil {
			x.fail(ff, err)
			return nil
		}
		if !passes(before, c, edits, x.spec) {
			return nil
		}
		return c
	}
	all := slices.Repeat([]bool{true}, len(fixes))
	if after = try(all); after != nil {
		return all, after
	}
	if len(fixes) == 1 || ff.err != nil {
		return keep, nil
	}
	for i := range fixes {
		keep[i] = true
		if c := try(keep); c != nil {
			after = c
		} else {
			keep[i] = false
		}
		if ff.err != nil {
			return make([]bool, len(fixes)), nil
		}
	}
	return keep, after
}

// passes reports whether after, the check of the text that edits (sorted,
// not overlapping, of the normalised text of before) make, keeps them: see
// the criterion at the top of this file. spec is the TOOL.md's
// root-relative path, the file of the findings judged.
func passes(before, after *textCheck, edits []contract.Edit, spec string) bool {
	m := newEditMap(before.text, edits)
	if after.spec.FileErr != nil || brokeParse(before.spec, after.spec, m) {
		return false
	}
	var keys []string
	if fm := after.spec.Frontmatter; fm != nil {
		for _, k := range fm.Keys {
			if m.touches(k.Span.Start.Offset, k.Span.End.Offset) {
				keys = append(keys, k.Name)
			}
		}
	}
	old := map[findingID]bool{}
	for _, f := range before.tr.Findings {
		if f.File == spec {
			old[findingID{f.Rule, f.Key, f.Line}] = true
		}
	}
	for _, f := range after.tr.Findings {
		if f.File != spec {
			continue
		}
		start, end := placeOf(after.spec.Lines, f)
		if old[findingID{f.Rule, f.Key, m.lineBefore(before.spec.Lines, start)}] {
			continue
		}
		if m.touches(start, end) || slices.Contains(keys, f.Key) {
			return false
		}
	}
	return true
}

// findingID is what tells a finding from another across a fix: rule, key
// and line (of the text before the fix).
type findingID struct {
	rule, key string
	line      int
}

// placeOf is the source text a finding is about, as offsets of the text
// lines index: its Span, or the empty text at its place.
func placeOf(lines *contract.Lines, f result.Finding) (start, end int) {
	if f.Span.Start.IsValid() {
		return f.Span.Start.Offset, f.Span.End.Offset
	}
	off := posOffset(lines, contract.Pos{Line: f.Line, Column: f.Column})
	return off, off
}

// posOffset is the offset of the position p of the text lines index,
// clamped to its line and to the text.
func posOffset(lines *contract.Lines, p contract.Pos) int {
	if p.Line < 1 {
		return 0
	}
	if p.Line > lines.Count() {
		return lines.LineStart(p.Line) // the end of the text
	}
	end := lines.LineStart(p.Line+1) - 1 // its line ending, or the end of the text
	if p.Line == lines.Count() {
		end = lines.LineStart(p.Line + 1)
	}
	return min(lines.LineStart(p.Line)+max(lines.ByteColumn(p), 1)-1, end)
}

// brokeParse reports whether after has a frontmatter problem that before
// did not have, not past before's first one (criterion 1).
func brokeParse(before, after *contract.Spec, m *editMap) bool {
	first := -1 // the offset of before's first frontmatter problem
	old := map[findingID]bool{}
	for _, p := range before.Problems {
		if p.Kind == contract.ProblemFrontmatter {
			off := posOffset(before.Lines, p.Pos)
			if first < 0 || off < first {
				first = off
			}
			old[findingID{key: p.Key, line: p.Pos.Line}] = true
		}
	}
	for _, p := range after.Problems {
		if p.Kind != contract.ProblemFrontmatter {
			continue
		}
		off := posOffset(after.Lines, p.Pos)
		if old[findingID{key: p.Key, line: m.lineBefore(before.Lines, off)}] {
			continue
		}
		if first < 0 || m.toBefore(off) <= first {
			return true
		}
	}
	return false
}

// editMap relates the text before some edits to the text after them.
type editMap struct {
	edits []mappedEdit
}

// mappedEdit is one edit: the range it replaces in the text before
// ([start, end)), the range of its text in the text after ([at, atEnd)),
// and its edited region, the part of its text that differs from what it
// replaces ([from, to) of the text after).
type mappedEdit struct {
	start, end, at, atEnd, from, to int
}

// newEditMap maps the edits (sorted, not overlapping) of text.
func newEditMap(text []byte, edits []contract.Edit) *editMap {
	m := &editMap{}
	delta := 0
	for _, e := range edits {
		old := string(text[e.Start.Offset:e.End.Offset])
		p := commonPrefix(old, e.New)
		q := commonSuffix(old[p:], e.New[p:])
		at := e.Start.Offset + delta
		m.edits = append(m.edits, mappedEdit{start: e.Start.Offset, end: e.End.Offset, at: at, atEnd: at + len(e.New),
			from: at + p, to: at + len(e.New) - q})
		delta += len(e.New) - (e.End.Offset - e.Start.Offset)
	}
	return m
}

// touches reports whether the text [start, end) of the text after the
// edits meets an edited region: they share a byte, or one of them is empty
// and lies within the other, its ends included.
func (m *editMap) touches(start, end int) bool {
	for _, e := range m.edits {
		switch {
		case start < e.to && e.from < end:
			return true
		case (start == end || e.from == e.to) && start <= e.to && e.from <= end:
			return true
		}
	}
	return false
}

// toBefore maps an offset of the text after the edits to the text before
// them: an offset inside the text of an edit maps to where the edit starts.
func (m *editMap) toBefore(off int) int {
	delta := 0 // from the text before to the text after, past the last edit
	for _, e := range m.edits {
		switch {
		case off < e.at:
			return off - delta
		case off < e.atEnd:
			return e.start
		}
		delta = e.atEnd - e.end
	}
	return off - delta
}

// lineBefore is the line of the text before the edits (indexed by before)
// that holds the offset off of the text after them.
func (m *editMap) lineBefore(before *contract.Lines, off int) int {
	return before.Offset(m.toBefore(off)).Line
}

// commonPrefix is the length of the longest common prefix of a and b.
func commonPrefix(a, b string) int {
	n := min(len(a), len(b))
	for i := range n {
		if a[i] != b[i] {
			return i
		}
	}
	return n
}

// commonSuffix is the length of the longest common suffix of a and b.
func commonSuffix(a, b string) int {
	n := min(len(a), len(b))
	for i := range n {
		if a[len(a)-1-i] != b[len(b)-1-i] {
			return i
		}
	}
	return n
}

// Verify takes out of res the fixes of a TOOL.md that a fixing run would
// not make, so that what the reports show (the JSON report's fix, SARIF's
// fixes, rdjson's suggestions, the text report's "= fix:" line) is what
// --fix makes: per tool folder, the fixes of its TOOL.md, safe and unsafe,
// that do not overlap one before them are verified together as the first
// pass of Changes verifies them, each of the others alone. A fix that
// cannot be verified (its TOOL.md can no longer be read, or changed since
// the lint) is taken out too. The errors are the internal errors of the
// checks. When ctx is canceled, the fixes not verified yet are taken out.
func Verify(ctx context.Context, res *result.Result, opt Options) []error {
	if opt.Check == nil {
		return nil
	}
	opt.Unsafe = true
	drop := map[*result.Fix]bool{}
	var errs []error
	for _, t := range toolsWithFixes(res.AllFindings()) {
		var fixes []*result.Fix
		for _, f := range t.findings {
			if f.Fix.File == t.spec && !wholeFile(f.Fix) {
				fixes = append(fixes, f.Fix)
			}
		}
		if len(fixes) == 0 {
			continue
		}
		if ctx.Err() != nil {
			for _, f := range fixes {
				drop[f] = true
			}
			continue
		}
		x := newFixer(&opt, t.tool, t.spec)
		kept := x.verifyEach(fixes)
		for i, f := range fixes {
			if !kept[i] {
				drop[f] = true
			}
		}
		for _, err := range x.errs {
			if errors.As(err, new(errCheck)) {
				errs = append(errs, err)
			}
		}
	}
	if len(drop) > 0 {
		dropFixes(res, drop)
	}
	return errs
}

// verifyEach says which of fixes, fixes of the folder's TOOL.md in the
// order of their findings, --fix would make: those that do not overlap
// one before them (an equal one takes its verdict) verified together as
// verify does, each of the others alone against the TOOL.md as it is.
func (x *fixer) verifyEach(fixes []*result.Fix) []bool {
	kept := make([]bool, len(fixes))
	ff := x.file(x.spec)
	if ff.err != nil {
		return kept
	}
	fit := func(f *result.Fix) bool { return ff.text.checkSum(f.Sum) == nil && ff.text.checkEdits(f.Edits) == nil }
	var uniq []*result.Fix // the fixes verified together, equal ones once
	of := make([]int, len(fixes))
	for i, f := range fixes {
		of[i] = -1
		if !fit(f) {
			continue
		}
		if j := slices.IndexFunc(uniq, func(g *result.Fix) bool { return sameFix(g, f) }); j >= 0 {
			of[i] = j
		} else if fits(uniq, f) {
			of[i] = len(uniq)
			uniq = append(uniq, f)
		}
	}
	var keep []bool
	if len(uniq) > 0 {
		keep, _ = x.verify(ff, uniq)
	}
	for i, f := range fixes {
		switch {
		case of[i] >= 0:
			kept[i] = keep[of[i]]
		case fit(f):
			one, _ := x.verify(ff, []*result.Fix{f})
			kept[i] = one[0]
		}
	}
	return kept
}

// dropFixes takes the fixes in drop out of res's findings.
func dropFixes(res *result.Result, drop map[*result.Fix]bool) {
	for f := range res.EachFinding() {
		if drop[f.Fix] {
			f.Fix = nil
		}
	}
}
