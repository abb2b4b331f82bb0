package lint

import "github.com/speccify/speccify-lint/result"

var ruleExampleInput = &Rule{ID: "example-input", Severity: result.SeverityError, Category: "examples",
	Title: "an example input violates inputs",
	Doc: "An example's input must be a valid call, so it is validated against `inputs`. The exception is an " +
		"example whose expected output has `ok: false`: an invalid input is usually the point of such a case.",
	Example: "inputs: {type: object, required: [path]}\n...\ninput: {}\noutput: {\"ok\": true}",
	Fix:     "inputs: {type: object, required: [path]}\n...\ninput: {\"path\": \"fixtures/a.plist\"}\noutput: {\"ok\": true}",
	static:  checkExampleInput}

// checkExampleInput validates each example's input against inputs, except in
// the cases that expect ok: false.
func checkExampleInput(c *toolCheck, rep reporter) {
	s, _ := c.schemas()
	if s == nil || s.schema == nil {
		return
	}
	cases := c.cases()
	for i := range cases {
		cs := &cases[i]
		if in := cs.Input; in != nil && in.Err == nil && !cs.ExpectsFailure() {
			if err := c.validate(s, s.schema, in.Value); err != nil {
				rep.withHelp("fix the input, or inputs if it is what is wrong").report(atLine(in.Pos, in.Span), cs.Title, "the input of example %q does not match inputs: %s", cs.Title, issueList(err, in.Value))
			}
		}
	}
}
