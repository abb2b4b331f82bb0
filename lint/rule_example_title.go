package lint

import (
	"strings"

	"github.com/speccify/speccify-lint/contract"
	"github.com/speccify/speccify-lint/result"
)

var ruleExampleTitle = &Rule{ID: "example-title", Severity: result.SeverityError, Category: "examples",
	Title:   "an example title is empty or used twice",
	Doc:     "Reports name examples by their `###` title, so each title must be non-empty and unique within the tool.",
	Example: "### works\ninput: {\"path\": \"fixtures/a.plist\"}\noutput: {\"ok\": true}\n\n### works\ninput: {\"path\": \"nope\"}\noutput: {\"ok\": false, \"error\": \"no such file\"}",
	Fix:     "### a plist\ninput: {\"path\": \"fixtures/a.plist\"}\noutput: {\"ok\": true}\n\n### a missing file\ninput: {\"path\": \"nope\"}\noutput: {\"ok\": false, \"error\": \"no such file\"}",
	static:  checkExampleTitle}

// checkExampleTitle: every case has a title, used once.
func checkExampleTitle(c *toolCheck, rep reporter) {
	cases := c.cases()
	seen := map[string]contract.Pos{}
	for i := range cases {
		cs := &cases[i]
		switch first, dup := seen[cs.Title]; {
		case strings.TrimSpace(cs.Title) == "":
			rep.withHelp("write what the case shows after ###").report(atLine(cs.Pos, cs.TitleSpan), "examples", "example %d has an empty title", i+1)
		case dup:
			rep.withHelp("reports name examples by title, so make it unique").report(atLine(cs.Pos, cs.TitleSpan), cs.Title, "example title %q is used twice (first at line %d)", cs.Title, first.Line)
		default:
			seen[cs.Title] = cs.Pos
		}
	}
}
