package lint

import (
	"strings"

	"github.com/speccify/speccify-lint/contract"
	"github.com/speccify/speccify-lint/internal/suggest"
)

var ruleUnknownField = &Rule{ID: "unknown-field", Severity: SeverityWarning, Category: "contract",
	Title: "a frontmatter key is not part of the convention",
	Doc: "The convention knows `name`, `description`, `inputs`, `outputs`, `effects`, `requires`, `runtime` and " +
		"`platforms`. Any other top-level key is ignored by the tools that read contracts, and is usually a typo: " +
		"`input:` for `inputs:`. The finding suggests the nearest known key.",
	Example: "input: {type: object}",
	Fix:     "inputs: {type: object}",
	static:  checkUnknownField}

// checkUnknownField reports the top-level keys the convention does not know,
// with the known key nearest to each.
func checkUnknownField(c *toolCheck, rep reporter) {
	fm := c.fields()
	if fm == nil {
		return
	}
	for _, k := range fm.Unknown() {
		if near := suggest.Nearest(k.Name, contract.KnownFields); near != "" {
			rep.report(over(k.Span), k.Name, "unknown frontmatter key %q: did you mean %s?", k.Name, near)
		} else {
			rep.report(over(k.Span), k.Name, "unknown frontmatter key %q; the convention knows %s", k.Name, strings.Join(contract.KnownFields, ", "))
		}
	}
}
