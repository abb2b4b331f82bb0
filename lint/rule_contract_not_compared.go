package lint

import (
	"github.com/speccify/speccify-lint/drift"
	"github.com/speccify/speccify-lint/result"
)

var ruleContractNotCompared = &Rule{ID: "contract-not-compared", Severity: result.SeverityWarning, Category: "drift",
	Title: "a changed tool's contract could not be compared with the one at --against REV",
	Doc: "With `--against REV`, a changed tool's contract is compared with the one at the git revision REV. When a " +
		"part of either cannot be read or built, it is not compared, and this says so rather than pass in silence: " +
		"the TOOL.md at REV is a symbolic link (never followed), larger than 1 MiB, missing from a partial clone " +
		"(never fetched) or has no frontmatter that parses; or `inputs` or `outputs` is not a schema that compiles " +
		"there or now (a `$ref` that leaves the tool folder at REV, a file it names that is a link or too large). " +
		"The message says which part and why. It is a warning: nothing is known to break, but nothing was checked. " +
		"Make the contract at REV readable (or compare with another revision), fix the schema, or fetch the " +
		"revision's files in full (a clone without `--filter`).",
	Example: "inputs:\n  $ref: ../shared.json   (at REV: leaves the tool folder)",
	Fix:     "inputs:\n  $ref: schema.json",
	static:  checkContractNotCompared}

// checkContractNotCompared: every part of a changed tool's contract was
// compared with the revision's.
func checkContractNotCompared(c *toolCheck, rep reporter) {
	c.reportDrift(rep, drift.KindNotCompared, func(drift.Change) string {
		return "make the contract at the revision readable, or compare with another revision"
	})
}
