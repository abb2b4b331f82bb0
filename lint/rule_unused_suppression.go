package lint

import (
	"fmt"
	"slices"
	"strings"

	"github.com/speccify/speccify-lint/contract"
	"github.com/speccify/speccify-lint/internal/suggest"
	"github.com/speccify/speccify-lint/result"
)

var ruleUnusedSuppression = &Rule{ID: "unused-suppression", Severity: result.SeverityWarning, Category: "contract",
	Title: "a suppression comment suppresses nothing",
	Doc: "A suppression (`<!-- speccify-lint-disable RULE -- reason -->` in TOOL.md's body, `# speccify-lint: disable=RULE -- reason` " +
		"in its frontmatter and in an implementation) that covers no finding of its rule is stale: the problem was fixed, or the rule id is " +
		"misspelt. So is one that names an unknown rule (with the rule it is nearest, whether or not the comment has " +
		"a reason), has no reason after ` -- ` (it then suppresses nothing until it has one), or is not well formed (such as the body's `speccify-lint-disable` in a YAML comment). Remove it, or fix it. A suppression of a disabled rule, of a run rule " +
		"when the examples did not run (an explore rule when explore did not run), or of requires-missing (which depends on the machine) is not judged. " +
		"The fix (safe) writes the rule id a misspelt or abbreviated one surely means (`stdin-twise` becomes " +
		"`stdin-twice`), unless the comment names that rule already or stands in an implementation that is a " +
		"symbolic link (a fix writes through none), or stands in TOOL.md and would then suppress nothing there " +
		"(a rule whose findings are in an implementation, such as `stdin-twice`: a new finding where the fix " +
		"writes, so the fix is not made); a stale suppression is left to remove by hand, " +
		"as only the author knows whether the problem is gone for good.",
	Example: "<!-- speccify-lint-disable exmaple-failed -->\n### reads a fixture",
	Fix:     "<!-- speccify-lint-disable example-failed -- the upstream answer changes daily -->\n### reads a fixture",
	Autofix: result.SafeFix,
	after:   checkUnusedSuppressions}

// afterCheck is what the after rules judge of a tool folder once its
// checks and runs are done: its suppression comments, what ran, and the
// rules by id (handed over by the engine, so that no rule's check names
// the registry, which holds the rule).
type afterCheck struct {
	cfg          *Config
	suppressions []suppression
	// ran is true when an example ran, explored when explore ran the
	// implementation.
	ran, explored bool
	ruleByID      func(id string) *Rule
	ruleIDs       func() []string
	// specRel is TOOL.md's path, specSum its Fix.Sum (see
	// toolCheck.specSum), for the fix of a misspelt rule id in it.
	specRel string
	specSum func() string
}

// checkUnusedSuppressions: every suppression comment of the tool folder
// covered a finding of each rule it names.
func checkUnusedSuppressions(c *afterCheck, rep reporter) {
	rep.suppress = nil // its own findings cannot be suppressed
	for i := range c.suppressions {
		s := &c.suppressions[i]
		switch {
		case s.problem != "":
			rep.withHelp("%s", s.help).report(s.at, s.file, "suppression comment %s", s.problem)
			continue
		case s.reason == "":
			rep.withHelp("add ` -- ` and why after the rule ids").report(s.at, s.file, "suppression of %s has no reason, so it suppresses nothing", ruleList(s))
			// A misspelt id is a mistake of its own: say so now, not once
			// the reason is there.
			for j, id := range s.rules {
				if c.ruleByID(id.Value) == nil {
					c.reportUnknownRule(rep, s, j)
				}
			}
			continue
		}
		for j, id := range s.rules {
			r := c.ruleByID(id.Value)
			switch {
			case r == nil:
				c.reportUnknownRule(rep, s, j)
			case s.used[j], !c.cfg.enabled(r), r == ruleRequiresMissing, !c.judged(r):
			default:
				rep.withHelp("remove %s from it", id.Value).report(s.ruleAt[j], s.file+"#"+id.Value, "suppression of %s suppresses nothing: no %s finding %s", id.Value, id.Value, s.scope())
			}
		}
	}
}

// reportUnknownRule reports the j-th rule id of the suppression s, which
// names no rule, with the rule it is nearest ("did you mean") and the fix
// that writes the one it surely means.
func (c *afterCheck) reportUnknownRule(rep reporter, s *suppression, j int) {
	id := s.rules[j]
	r := rep
	if near := suggest.Nearest(id.Value, c.ruleIDs()); near != "" {
		r = rep.withFixOf(c.ruleIDFix(s, id, suggest.Meant(id.Value, c.ruleIDs()))).withHelp("did you mean %q?", near)
	}
	r.report(s.ruleAt[j], s.file+"#"+id.Value, "suppression names the unknown rule %q", id.Value)
}

// ruleIDFix writes the rule id meant over the unknown id of the
// suppression s; nil when none is meant surely, s names it already, or the
// id's text is not known.
func (c *afterCheck) ruleIDFix(s *suppression, id contract.String, meant string) *result.Fix {
	if meant == "" || !id.Span.Start.IsValid() || slices.ContainsFunc(s.rules, func(r contract.String) bool { return r.Value == meant }) {
		return nil
	}
	sum := s.sum
	if s.file == c.specRel {
		sum = c.specSum()
	}
	if sum == "" {
		return nil // a link, or a text not known
	}
	return &result.Fix{Title: fmt.Sprintf("write %s for %s", meant, id.Value), File: s.file, Sum: sum,
		Edits: []contract.Edit{{Start: id.Span.Start, End: id.Span.End, New: meant}}}
}

// judged reports whether the findings of rule r were looked for in this
// check: a run rule's only when an example ran, an explore rule's only when
// explore ran, effects' when either did.
func (c *afterCheck) judged(r *Rule) bool {
	switch {
	case r.run != nil && r.explore != nil:
		return c.ran || c.explored
	case r.run != nil:
		return c.ran
	case r.explore != nil:
		return c.explored
	}
	return true
}

// scope says which findings a suppression covers.
func (s *suppression) scope() string {
	switch {
	case s.whole:
		return "in " + s.file
	case s.from == 0:
		return "follows it (no line comes after it)"
	case s.example != "":
		return fmt.Sprintf("in example %q (lines %d to %d)", s.example, s.from, s.to)
	case s.entry != "" && s.to > s.from:
		return fmt.Sprintf("in the entry %s (lines %d to %d)", s.entry, s.from, s.to)
	case s.at.pos.Line == s.from:
		return fmt.Sprintf("on line %d, its own line", s.from)
	}
	return fmt.Sprintf("on line %d, the next line", s.from)
}

// ruleList is the rule ids of a suppression, comma-separated.
func ruleList(s *suppression) string {
	ids := make([]string, len(s.rules))
	for i, r := range s.rules {
		ids[i] = r.Value
	}
	return strings.Join(ids, ", ")
}
