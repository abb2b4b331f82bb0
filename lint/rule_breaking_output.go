package lint

import (
	"github.com/speccify/speccify-lint/drift"
	"github.com/speccify/speccify-lint/result"
)

var ruleBreakingOutput = &Rule{ID: "breaking-output", Severity: result.SeverityError, Category: "drift",
	Title: "outputs allow a result that was forbidden at --against REV",
	Doc: "With `--against REV`, a tool's `outputs` schema is compared with the one at the git revision REV: callers " +
		"read what the tool promised then. A key no longer required or no longer declared under " +
		"`additionalProperties: false`, a widened type, a new enum value (a caller's `switch` has no branch for it), a " +
		"looser bound, a pattern removed: each is reported with a witness, a concrete output, as small as shrinking " +
		"makes it, that the new schema allows and the old one forbade, both validators asked. A change no witness is " +
		"found for is not reported. It is an error: a caller that handled every promised output can meet one it does " +
		"not handle. Keep the promise (narrow the schema again), or record a deliberate break with " +
		"`<!-- speccify-lint-disable-file breaking-output -- why -->` in the TOOL.md.",
	Example: "outputs:\n  properties:\n    status: {enum: [done, failed, queued]}   (queued is new)",
	Fix:     "outputs:\n  properties:\n    status: {enum: [done, failed]}",
	static:  checkBreakingOutput}

// checkBreakingOutput: no output possible now was forbidden at the revision.
func checkBreakingOutput(c *toolCheck, rep reporter) {
	c.reportDrift(rep, drift.KindOutput,
		func(drift.Change) string {
			return "keep the outputs within what was promised, or record the break: <!-- speccify-lint-disable-file breaking-output -- why -->"
		})
}
