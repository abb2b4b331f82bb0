package main

import (
	"bufio"

	"github.com/speccify/speccify-lint/lint"
	"github.com/speccify/speccify-lint/report"
)

// RulesCmd lists the rules, or documents one.
type RulesCmd struct {
	ID     string `arg:"" optional:"" name:"id" help:"A rule id: print that rule's whole documentation, with an example that triggers it and its fix."`
	Format string `short:"f" enum:"${rule_format}" default:"text" help:"Listing format: ${enum} (markdown: the index of the rules' pages, docs/rules/README.md; with an ID, the rule's page docs/rules/ID.md)."`
}

// Run writes the listing, or the documentation of the rule ID.
func (c *RulesCmd) Run(env *runEnv) error {
	w := bufio.NewWriter(env.stdout)
	rules := lint.Rules()
	if c.ID != "" {
		r := lint.RuleByID(c.ID)
		if r == nil {
			return usageError{unknownRule(c.ID)}
		}
		rules = []*lint.Rule{r}
	}
	var err error
	switch {
	case c.ID != "" && c.Format == "text":
		err = report.WriteRuleDoc(w, rules[0])
	case c.ID != "" && c.Format == "markdown":
		// The rule's page, docs/rules/<id>.md.
		err = report.WriteRulePage(w, rules[0])
	default:
		err = report.WriteRules(w, c.Format, rules)
	}
	if err != nil {
		return err
	}
	return w.Flush()
}

// ExplainCmd documents one rule, as rules ID does.
type ExplainCmd struct {
	ID string `arg:"" name:"id" help:"A rule id (speccify-lint rules lists them)."`
}

// Run writes the rule's documentation.
func (c *ExplainCmd) Run(env *runEnv) error {
	return (&RulesCmd{ID: c.ID, Format: "text"}).Run(env)
}
