package lint

import (
	"github.com/speccify/speccify-lint/drift"
	"github.com/speccify/speccify-lint/result"
)

var ruleEffectsWidened = &Rule{ID: "effects-widened", Severity: result.SeverityWarning, Category: "drift",
	Title: "effects say the tool writes, where at --against REV it wrote nothing",
	Doc: "With `--against REV`, `effects` is compared with the one at the git revision REV. A tool that promised to " +
		"write nothing (`none`, `read-only`, `writes nothing`) may have been called where writing is not allowed: " +
		"in parallel, without review, in a sandbox. Now it writes. It is a warning, not an error: whether a caller " +
		"relied on the promise is a judgement no witness can prove, but the change deserves a reviewer's eye. " +
		"Keep the tool read-only, or record the change with `<!-- speccify-lint-disable-file effects-widened -- why -->`.",
	Example: "effects: writes the cache under ~/.cache   (effects: none at REV)",
	Fix:     "effects: none",
	static:  checkEffectsWidened}

// checkEffectsWidened: a tool that wrote nothing at the revision still
// writes nothing.
func checkEffectsWidened(c *toolCheck, rep reporter) {
	c.reportDrift(rep, drift.KindEffects,
		func(drift.Change) string { return "keep the tool read-only, or tell its callers and record the change" })
}
