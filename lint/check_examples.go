package lint

import (
	"strings"

	"github.com/speccify/speccify-lint/contract"
	"github.com/speccify/speccify-lint/internal/jsonexact"
)

// checkExamples checks the ## Examples section: there, titled, and consistent
// with the schemas.
func (c *toolCheck) checkExamples() {
	ex := c.spec.Examples
	if c.spec.Split.HasFrontmatter && !c.spec.Split.Closed {
		return // the body is unknown; the frontmatter finding says why
	}
	if ex == nil {
		pos := c.spec.Lines.Offset(c.spec.Split.BodyOffset)
		if pos.Line > 1 && strings.TrimSpace(c.spec.Lines.Line(pos.Line)) == "" && pos.Line == c.spec.Lines.Count() {
			pos = contract.Pos{Line: pos.Line - 1, Column: 1} // not past the last line
		}
		c.report(ruleExamplesMissing, pos, "examples", "TOOL.md has no `## Examples` section; add one with a `### title` case holding an input: and an output: line")
		return
	}
	if len(ex.Cases) == 0 {
		c.report(ruleExamplesMissing, ex.Pos, "examples", "`## Examples` holds no case; add a `### title` with an input: and an output: line")
		return
	}
	seen := map[string]contract.Pos{}
	failureCase := false
	for i := range ex.Cases {
		cs := &ex.Cases[i]
		switch first, dup := seen[cs.Title]; {
		case strings.TrimSpace(cs.Title) == "":
			c.report(ruleExampleTitle, cs.Pos, "examples", "example %d has an empty title; write what the case shows after ###", i+1)
		case dup:
			c.report(ruleExampleTitle, cs.Pos, cs.Title, "example title %q is used twice (first at line %d); reports name examples by title, so make it unique", cs.Title, first.Line)
		default:
			seen[cs.Title] = cs.Pos
		}
		if cs.ExpectsFailure() {
			failureCase = true
		}
		c.validateExample(cs)
	}
	if !failureCase {
		c.report(ruleErrorCase, ex.Pos, "examples", "no example expects ok: false; add a case for a failing call (e.g. a missing file) answering {\"ok\": false, \"error\": \"...\"}")
	}
}

// validateExample validates a case's input and expected output against the
// schemas.
func (c *toolCheck) validateExample(cs *contract.Case) {
	if in := cs.Input; in != nil && in.Err == nil && c.inputs != nil && c.inputs.schema != nil && !cs.ExpectsFailure() {
		if err := c.validate(c.inputs, c.inputs.schema, in.Value); err != nil {
			c.report(ruleExampleInput, in.Pos, cs.Title, "the input of example %q does not match inputs: %s", cs.Title, issueList(err, in.Value))
		}
	}
	if out := cs.Output; out != nil && out.Err == nil && c.outputs != nil && c.outputs.schema != nil {
		if err := c.validate(c.outputs, c.outputs.schema, out.Value); err != nil {
			c.report(ruleExampleOutput, out.Pos, cs.Title, "the expected output of example %q does not match outputs: %s", cs.Title, issueList(err, out.Value))
		}
	}
}

// issueList formats a validation error of the value v as "$.path: message;
// ...".
func issueList(err error, v any) string {
	issues := contract.ValidationIssues(err, v)
	parts := make([]string, len(issues))
	for i, is := range issues {
		parts[i] = jsonexact.PointerToPath(is.Pointer) + ": " + is.Msg
	}
	return strings.Join(parts, "; ")
}
