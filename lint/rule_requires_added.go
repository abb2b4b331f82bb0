package lint

import (
	"github.com/speccify/speccify-lint/drift"
	"github.com/speccify/speccify-lint/result"
)

var ruleRequiresAdded = &Rule{ID: "requires-added", Severity: result.SeverityWarning, Category: "drift",
	Title: "requires lists something it did not at --against REV",
	Doc: "With `--against REV`, `requires` is compared with the one at the git revision REV. A new requirement (a " +
		"program, a credential, a service) is missing wherever callers set the tool up for yesterday's list. It is a " +
		"warning: most environments have most programs, and requires-missing checks this machine, but the callers' " +
		"setup should change with it. Do without it, or record the change with " +
		"`<!-- speccify-lint-disable-file requires-added -- why -->`.",
	Example: "requires: [git, jq]   (requires: [git] at REV)",
	Fix:     "requires: [git]",
	static:  checkRequiresAdded}

// checkRequiresAdded: requires lists nothing new since the revision.
func checkRequiresAdded(c *toolCheck, rep reporter) {
	c.reportDrift(rep, drift.KindRequires, func(ch drift.Change) string {
		return "tell the tool's callers to provide " + ch.Entry + ", or do without it"
	})
}
