package lint

import (
	"github.com/speccify/speccify-lint/drift"
	"github.com/speccify/speccify-lint/result"
)

var ruleBreakingInput = &Rule{ID: "breaking-input", Severity: result.SeverityError, Category: "drift",
	Title: "inputs reject a call that was valid at --against REV",
	Doc: "With `--against REV`, a tool's `inputs` schema is compared with the one at the git revision REV: every " +
		"caller (a skill, an agent, a script) that sent a value valid then must still be understood. A new required " +
		"key, a removed property under `additionalProperties: false`, a narrowed type, a removed enum value, a tighter " +
		"bound, a new or changed `pattern`, `additionalProperties: false` added, each is reported with a witness: a " +
		"concrete input, as small as shrinking makes it, that the old schema accepts and the new one rejects, both " +
		"validators asked. A change no witness is found for (a bound no value reached, a `format`, which draft 2020-12 " +
		"does not assert) is not reported, and a change only the generator finds is. Adding an optional input is " +
		"compatible (a caller that sent an undeclared key was off the contract). It is an error: callers that were right " +
		"yesterday fail today. Keep the old calls valid (make the key optional, keep the enum value, widen the bound), " +
		"or record a deliberate break with `<!-- speccify-lint-disable-file breaking-input -- why -->` in the TOOL.md.",
	Example: "inputs:\n  required: [path, mode]   (mode was optional at REV)",
	Fix:     "inputs:\n  required: [path]",
	static:  checkBreakingInput}

// checkBreakingInput: no input valid at the revision is rejected now.
func checkBreakingInput(c *toolCheck, rep reporter) {
	c.reportDrift(rep, drift.KindInput,
		func(drift.Change) string {
			return "keep what callers sent valid, or record the break: <!-- speccify-lint-disable-file breaking-input -- why -->"
		})
}
