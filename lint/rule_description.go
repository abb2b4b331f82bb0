package lint

import (
	"unicode/utf8"

	"github.com/speccify/speccify-lint/result"
)

var ruleDescription = &Rule{ID: "description", Severity: result.SeverityError, Category: "contract",
	Title: "description is empty or longer than 1024 characters",
	Doc: "The description is what an agent reads to decide whether to call the tool. It must say something and " +
		"stay under 1024 characters; put the details in the Markdown body.",
	Example: "description: \"\"",
	Fix:     "description: Lists the top-level keys of a plist.",
	static:  checkDescription}

const maxDescriptionLength = 1024

// checkDescription: the description fits in maxDescriptionLength characters.
func checkDescription(c *toolCheck, rep reporter) {
	fm := c.fields()
	if fm == nil {
		return
	}
	v := fm.Description
	if n := utf8.RuneCountInString(v.Value); n > maxDescriptionLength {
		rep.withHelp("keep it at most %d characters and move details into the Markdown body", maxDescriptionLength).report(over(v.Span), "description",
			"description is %d characters long", n)
	}
}
