package main

import (
	"bufio"

	"github.com/speccify/speccify-lint/lint"
	"github.com/speccify/speccify-lint/report"
)

// RulesCmd lists the rules.
type RulesCmd struct {
	Format string `short:"f" enum:"${rule_format}" default:"text" help:"Listing format: ${enum} (markdown is the README's rule table)."`
}

// Run writes the listing.
func (c *RulesCmd) Run(env *runEnv) error {
	w := bufio.NewWriter(env.stdout)
	if err := report.WriteRules(w, c.Format, lint.Rules()); err != nil {
		return err
	}
	return w.Flush()
}
