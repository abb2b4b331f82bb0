package lint

import (
	"github.com/speccify/speccify-lint/contract"
	"github.com/speccify/speccify-lint/result"
)

var ruleExampleSyntax = &Rule{ID: "example-syntax", Severity: result.SeverityError, Category: "examples",
	Title: "an example lacks input: or output:, repeats one, or holds invalid JSON",
	Doc: "Each `###` case has exactly one `input:` line and one `output:` line, each followed by one JSON value on " +
		"the same line. A missing line, a second one or JSON that does not parse (single quotes, trailing commas, " +
		"YAML-style `{a: b}`) means the case cannot be run. `--fix` writes single-quoted strings in double quotes " +
		"and drops trailing commas when the repair is certain (not when a single-quoted string holds an apostrophe " +
		"or a double quote, quotes are mixed, text follows the JSON or a comma follows the whole value) and the repaired " +
		"line gets no finding of its own (an input that is no object). Case lines indented by 4 spaces or a tab are a " +
		"Markdown code block, which is not read: that is the finding (not a missing line), and `--fix` starts them at " +
		"the beginning of the line when the code block holds nothing else. A second `## Examples` section is reported at its " +
		"heading and its cases are not run: the convention has one section, and a second is usually one split by " +
		"another heading or pasted from elsewhere, so merge it into the first rather than have some tools run its " +
		"cases and others not.",
	Example: "### a plist\ninput: {'path': 'fixtures/a.plist'}\noutput: {\"ok\": true}",
	Fix:     "### a plist\ninput: {\"path\": \"fixtures/a.plist\"}\noutput: {\"ok\": true}",
	Autofix: result.SafeFix,
	static:  checkExampleSyntax}

// checkExampleSyntax reports the parser's problems with the examples: a
// missing or repeated input: or output: line, JSON that does not parse, a
// second ## Examples section.
func checkExampleSyntax(c *toolCheck, rep reporter) {
	c.reportProblems(rep, contract.ProblemExample)
}
