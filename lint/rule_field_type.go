package lint

import (
	"strings"

	"github.com/speccify/speccify-lint/contract"
	"github.com/speccify/speccify-lint/result"
)

var ruleFieldType = &Rule{ID: "field-type", Severity: result.SeverityError, Category: "contract",
	Title: "a frontmatter field has the wrong type",
	Doc: "`name`, `description`, `effects` and `runtime` are strings; `effects` is one line; `requires` and `platforms` " +
		"are a string (a comma-separated list is fine) or a list of strings; `inputs` and `outputs` are JSON Schemas " +
		"written as YAML mappings. A value of another type is misread by every tool that reads the contract.",
	Example: "requires: {python3: true}",
	Fix:     "requires: [python3]",
	static:  checkFieldType}

// checkFieldType reports the values the parser found of the wrong kind (or
// with no JSON equivalent), and an effects of more than one line.
func checkFieldType(c *toolCheck, rep reporter) {
	c.reportProblems(rep, contract.ProblemValue, contract.ProblemType)
	fm := c.fields()
	if fm == nil {
		return
	}
	if e := fm.Effects; strings.TrimSpace(e.Value) != "" && strings.Contains(strings.TrimRight(e.Value, "\n"), "\n") {
		rep.withHelp("use a folded block (>-) or shorten it").report(over(e.Span), "effects", "effects must be one line")
	}
}
