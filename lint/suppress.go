package lint

import (
	"bytes"
	"cmp"

	"github.com/speccify/speccify-lint/contract"
	"github.com/speccify/speccify-lint/result"
)

// suppression is one suppression comment of a tool folder, as the reporter
// applies it and unused-suppression judges it.
type suppression struct {
	// file is the root-relative file whose findings it covers.
	file string
	// whole is true when it covers every line of file; otherwise from..to.
	whole    bool
	from, to int
	// example is the title of the example it covers, when it heads one;
	// entry the key of the frontmatter entry it covers, when it covers one.
	example, entry string
	rules          []contract.String
	used           []bool
	reason         string
	// problem says why the comment does not work, help how to write it.
	problem, help string
	// at is where the comment is; ruleAt where each rule id is.
	at     place
	ruleAt []place
	// sum is the Fix.Sum of an implementation's text, for the fix of a
	// misspelt rule id (TOOL.md's is the spec's); "" for an implementation
	// that is a symbolic link, which a fix does not write through.
	sum string
}

// load reads the suppression comments of TOOL.md and of the
// implementations of the tool c checks, before any rule reports.
func (t *toolFindings) load(c *toolCheck) {
	for _, s := range c.spec.Suppressions {
		sup := suppression{file: c.specRel, whole: s.File, from: s.FromLine, to: s.ToLine, rules: s.Rules,
			reason: s.Reason, problem: s.Problem, help: s.Help, at: over(s.Span), entry: s.Entry}
		for _, r := range s.Rules {
			sup.ruleAt = append(sup.ruleAt, over(r.Span))
		}
		if cs := c.caseAt(s.FromLine); cs != nil && s.FromLine != s.ToLine {
			sup.example = cs.Title
		}
		t.suppressions = append(t.suppressions, sup)
	}
	if c.folder == nil {
		return
	}
	for _, im := range c.folder.Implementations {
		if data, err := c.readScript(im.Name); err == nil && bytes.Contains(data, []byte(contract.HashDirective)) {
			text, _ := contract.Normalize(data) // the text a fix's offsets are of
			sups := implSuppressions(c.fileIn(im.Name), text)
			sum := "" // no fix of a link: a fix writes through none
			if info, err := c.root.Lstat(im.Name); err == nil && info.Mode().IsRegular() {
				sum = fileSum(data)
			}
			for i := range sups {
				sups[i].sum = sum
			}
			t.suppressions = append(t.suppressions, sups...)
		}
	}
	for i := range t.suppressions {
		t.suppressions[i].used = make([]bool, len(t.suppressions[i].rules))
	}
}

// caseAt is the example whose ### heading is on line, or nil.
func (c *toolCheck) caseAt(line int) *contract.Case {
	for i, cs := range c.cases() {
		if cs.Pos.Line == line {
			return &c.cases()[i]
		}
	}
	return nil
}

// implSuppressions are the suppression comments of the implementation file
// (root-relative) with the text data (normalised: LF line endings, no BOM,
// so that the spans of rule ids are those a fix edits), as
// contract.ImplementationSuppressions reads them.
func implSuppressions(file string, data []byte) []suppression {
	var out []suppression
	for _, sup := range contract.ImplementationSuppressions(data) {
		s := suppression{file: file, whole: true, rules: sup.Rules, reason: sup.Reason, problem: sup.Problem, help: sup.Help,
			at: inFile(file, sup.Span.Start.Pos)}
		for _, r := range sup.Rules {
			s.ruleAt = append(s.ruleAt, inFile(file, r.Span.Start.Pos))
		}
		out = append(out, s)
	}
	return out
}

// suppress reports whether a suppression covers the finding f of rule r,
// marks it used and keeps f among the suppressed findings. A suppression without a reason, or one that is not
// well formed, covers nothing, and nothing covers a rule of
// Config.Unsuppressible.
func (t *toolFindings) suppress(r *Rule, f *result.Finding) bool {
	if t.cfg != nil && t.cfg.Unsuppressible[r.ID] {
		return false
	}
	for i := range t.suppressions {
		s := &t.suppressions[i]
		if s.problem != "" || s.reason == "" || s.file != f.File || !s.whole && (f.Line < s.from || f.Line > s.to) {
			continue
		}
		for j, id := range s.rules {
			if id.Value == r.ID {
				s.used[j] = true
				t.keepSuppressed(f, s)
				return true
			}
		}
	}
	return false
}

// keepSuppressed keeps f, which the suppression comment s covers, among
// the tool's suppressed findings, with s's place and reason.
func (t *toolFindings) keepSuppressed(f *result.Finding, s *suppression) {
	file := cmp.Or(s.at.file, t.spec)
	kept := *f
	kept.Fix = nil // --fix makes no fix of a finding it does not report
	kept.Suppression = &result.Suppression{Kind: result.SuppressedInSource, Justification: result.Justification(s.reason),
		File: file, Line: max(s.at.pos.Line, 1), Column: max(s.at.pos.Column, 1)}
	t.suppressed = append(t.suppressed, kept)
}
