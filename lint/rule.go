package lint

import (
	"fmt"
)

// Rule is one check. Its id, default severity, title and documentation are the
// single source of truth for the rules command, the README's rule table and
// the SARIF rule metadata.
type Rule struct {
	// ID is the rule's slug, e.g. "required-field".
	ID string
	// Severity is the default severity of its findings.
	Severity Severity
	// Category groups rules in listings: contract, schemas, examples,
	// fixtures, implementations, skills, run.
	Category string
	// Title is a one-line summary.
	Title string
	// Doc is one paragraph: what the rule checks, why, and how to fix it.
	Doc string
}

// Tags are the SARIF tags of the rule's results.
func (r *Rule) Tags() []string { return []string{"speccify", r.Category} }

// Anchor is the README anchor of the rule's section ("rule-required-field").
func (r *Rule) Anchor() string { return "rule-" + r.ID }

// finding makes a finding of the rule at its default severity.
func (r *Rule) finding(file string, line, col int, key, format string, args ...any) Finding {
	return Finding{
		Rule:     r.ID,
		Severity: r.Severity,
		Message:  fmt.Sprintf(format, args...),
		File:     file,
		Line:     max(line, 1),
		Column:   max(col, 1),
		Key:      key,
	}
}

// Rules returns every rule in documentation order.
func Rules() []*Rule { return append([]*Rule(nil), registry...) }

// RuleByID finds a rule; nil when no rule has the id.
func RuleByID(id string) *Rule {
	for _, r := range registry {
		if r.ID == id {
			return r
		}
	}
	return nil
}
