package lint

import (
	"fmt"
	"slices"
	"testing"

	"github.com/speccify/speccify-lint/contract"
	"github.com/speccify/speccify-lint/result"
)

// reporter builds every finding of one rule: a rule's check is given one and
// reports through it only. It is the one place that drops the findings of a
// disabled rule and gives a finding its severity, tool, file, place and
// logical key, with the severity the configuration sets for the rule, and
// drops a finding that a suppression comment covers.
type reporter struct {
	rule *Rule
	cfg  *Config
	// tool is Finding.Tool: the tool or skill folder relative to the root,
	// empty for a finding outside any folder.
	tool string
	// file is the file of the findings placed with atPos, over or atLine: the folder's
	// TOOL.md (or SKILL.md), relative to the root.
	file string
	// out collects the findings.
	out *[]result.Finding
	// raised makes the findings errors whatever the rule's default
	// severity (see asError).
	raised bool
	// suppress, when set, reports whether a suppression comment covers a
	// finding, which then goes to the suppressed findings instead (see
	// toolFindings.suppress).
	suppress func(*Rule, *result.Finding) bool
	// fix, when set, is the fix of the next finding (see withFix).
	fix *result.Fix
	// help is the help of the next finding (see withHelp).
	help string
}

// toolFindings is the reporter's side of one tool folder: the findings its
// rules report, in the order they report them, and the suppression comments
// of its TOOL.md and implementations, which drop the findings they cover.
type toolFindings struct {
	cfg *Config
	// tool and spec are the folder and its TOOL.md, relative to the root.
	tool, spec string
	list       []result.Finding
	// suppressed are the findings a suppression comment covers, each with
	// its Suppression, in the order they were reported.
	suppressed []result.Finding
	// suppressions are loaded (load) before any rule reports.
	suppressions []suppression
}

// reporter is the reporter of rule r's findings about the tool, which go to
// its list of findings unless a suppression comment covers them.
func (t *toolFindings) reporter(r *Rule) reporter {
	return reporter{rule: r, cfg: t.cfg, tool: t.tool, file: t.spec, out: &t.list, suppress: t.suppress}
}

// place is where a finding is: the file (empty for the reporter's file),
// the position reports print, and the source text the finding is about when
// the parser knows it.
type place struct {
	file string
	pos  contract.Pos
	span contract.Span
}

// atPos is a place in the reporter's file whose source text is not known.
func atPos(pos contract.Pos) place { return place{pos: pos} }

// over is the source text s of the reporter's file, placed at its start.
func over(s contract.Span) place { return place{pos: s.Start.Pos, span: s} }

// atLine is a place in the reporter's file with the source text s that
// starts after pos: an example line reported at its input: word, whose span
// is its JSON.
func atLine(pos contract.Pos, s contract.Span) place { return place{pos: pos, span: s} }

// inFile is the place pos in another file, relative to the root.
func inFile(file string, pos contract.Pos) place { return place{file: file, pos: pos} }

var topOfFile = contract.Pos{Line: 1, Column: 1}

// to is the reporter of the same rule whose findings go to out.
func (r reporter) to(out *[]result.Finding) reporter {
	r.out = out
	return r
}

// asError is the reporter whose findings are errors (unless the
// configuration sets the rule's severity): effects reports one when the
// contract promises that a run writes nothing.
func (r reporter) asError() reporter {
	r.raised = true
	return r
}

// withFix is the reporter whose findings carry fix: report sets its Safety
// from the rule's Autofix and its File, when empty, to the finding's file.
// A rule whose Autofix is NoFix has no fix to give: its fix is dropped (and
// a test panics, so that the rule's Autofix is set where the fix is built).
func (r reporter) withFix(fix result.Fix) reporter {
	r.fix = &fix
	return r
}

// withHelp is the reporter whose findings say how to fix what their
// message says is wrong (Finding.Help), with the arguments of format.
func (r reporter) withHelp(format string, args ...any) reporter {
	r.help = fmt.Sprintf(format, args...)
	return r
}

// withFixOf is withFix of *fix, or the reporter itself when fix is nil (a
// finding for which the rule has no fix this time).
func (r reporter) withFixOf(fix *result.Fix) reporter {
	if fix == nil {
		return r
	}
	return r.withFix(*fix)
}

// report adds a finding of the rule at p with the logical key (a field path,
// an example title, a file name: what report fingerprints hash instead of the
// line). It reports whether the finding was added: not when its rule is
// disabled or a suppression comment covers it.
func (r reporter) report(p place, key, format string, args ...any) bool {
	if !r.cfg.enabled(r.rule) {
		return false
	}
	sev := r.cfg.severity(r.rule, r.raised)
	file := p.file
	if file == "" {
		file = r.file
	}
	f := result.Finding{
		Rule:     r.rule.ID,
		Severity: sev,
		Message:  fmt.Sprintf(format, args...),
		Help:     r.help,
		File:     file,
		Line:     max(p.pos.Line, 1),
		Column:   max(p.pos.Column, 1),
		Span:     p.span,
		Key:      key,
		Tool:     r.tool,
	}
	if r.fix != nil {
		f.Fix = r.fixOf(file)
	}
	if r.suppress != nil && r.suppress(r.rule, &f) {
		return false
	}
	*r.out = append(*r.out, f)
	return true
}

// fixOf is the reporter's fix of a finding in file, completed from the
// rule; nil when the rule has no fix (a test panics instead).
func (r reporter) fixOf(file string) *result.Fix {
	if r.rule.Autofix == result.NoFix {
		if testing.Testing() {
			panic(fmt.Sprintf("lint: rule %s reports a fix %q but its Autofix is NoFix", r.rule.ID, r.fix.Title))
		}
		return nil
	}
	fix := *r.fix
	fix.Safety = r.rule.Autofix
	if fix.File == "" {
		fix.File = file
	}
	fix.Edits = slices.Clone(fix.Edits)
	return &fix
}
