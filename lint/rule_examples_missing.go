package lint

import (
	"strings"

	"github.com/speccify/speccify-lint/contract"
	"github.com/speccify/speccify-lint/result"
)

var ruleExamplesMissing = &Rule{ID: "examples-missing", Severity: result.SeverityError, Category: "examples",
	Title: "no ## Examples section or no case in it",
	Doc: "The examples are the acceptance test of the contract. A TOOL.md needs a `## Examples` section with at " +
		"least one `### title` case holding an `input:` line and an `output:` line. `--fix` renames a near-miss " +
		"heading (`## Example`, `### Examples`, `## examples:`) to `## Examples`, and the cases it reveals are checked " +
		"after the fix; one underlined with `===` is left to rename by hand.",
	Example: "## Example\n\n### a plist\ninput: {\"path\": \"fixtures/a.plist\"}\noutput: {\"ok\": true}",
	Fix:     "## Examples\n\n### a plist\ninput: {\"path\": \"fixtures/a.plist\"}\noutput: {\"ok\": true}",
	Autofix: result.SafeFix,
	static:  checkExamplesMissing}

// checkExamplesMissing: there is an ## Examples section with a case in it.
func checkExamplesMissing(c *toolCheck, rep reporter) {
	if c.spec.Split.HasFrontmatter && !c.spec.Split.Closed {
		return // the body is unknown; the frontmatter finding says why
	}
	switch ex := c.spec.Examples; {
	case ex == nil:
		if h, ok := c.spec.ExamplesNearMiss(); ok {
			rep.withFixOf(examplesHeadingFix(h)).withHelp("did you mean this `%s`? name it `## Examples`", strings.Repeat("#", h.Level)+" "+h.Text).report(atPos(h.Pos), "examples", "TOOL.md has no `## Examples` section")
			return
		}
		pos := c.spec.Lines.Offset(c.spec.Split.BodyOffset)
		if pos.Line > 1 && strings.TrimSpace(c.spec.Lines.Line(pos.Line)) == "" && pos.Line == c.spec.Lines.Count() {
			pos = contract.Pos{Line: pos.Line - 1, Column: 1} // not past the last line
		}
		rep.withHelp("add one with a `### title` case holding an input: and an output: line").report(atPos(pos), "examples", "TOOL.md has no `## Examples` section")
	case len(ex.Cases) == 0:
		rep.withHelp("add a `### title` with an input: and an output: line").report(atPos(ex.Pos), "examples", "`## Examples` holds no case")
	}
}

// examplesHeadingFix renames a near-miss heading to ## Examples: a heading
// opened with #s from its first # to the end of its text (a closing sequence
// of #s stays), the text of one underlined with --- (level 2 already). A
// heading underlined with === (level 1) or whose text spans several lines
// gets none (nil): its level is in the line under it.
func examplesHeadingFix(h contract.Heading) *result.Fix {
	title := "rename the heading to `## Examples`"
	switch {
	case !h.Setext && h.Span.Start.IsValid():
		return &result.Fix{Title: title, Edits: []contract.Edit{{Start: h.Span.Start, End: h.Span.End, New: "## Examples"}}}
	case h.Setext && h.Level == 2 && h.TextSpan.Start.IsValid():
		return &result.Fix{Title: title, Edits: []contract.Edit{{Start: h.TextSpan.Start, End: h.TextSpan.End, New: "Examples"}}}
	}
	return nil
}
