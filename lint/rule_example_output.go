package lint

import "github.com/speccify/speccify-lint/result"

var ruleExampleOutput = &Rule{ID: "example-output", Severity: result.SeverityError, Category: "examples",
	Title: "an expected output violates outputs",
	Doc: "An example's expected output is validated against `outputs`; a contract whose own examples contradict " +
		"its schema cannot be met by any implementation.",
	Example: "outputs: {type: object, required: [ok], properties: {ok: {type: boolean}}}\n...\noutput: {\"ok\": \"yes\"}",
	Fix:     "outputs: {type: object, required: [ok], properties: {ok: {type: boolean}}}\n...\noutput: {\"ok\": true}",
	static:  checkExampleOutput}

// checkExampleOutput validates each example's expected output against outputs.
func checkExampleOutput(c *toolCheck, rep reporter) {
	_, s := c.schemas()
	if s == nil || s.schema == nil {
		return
	}
	cases := c.cases()
	for i := range cases {
		cs := &cases[i]
		if out := cs.Output; out != nil && out.Err == nil {
			if err := c.validate(s, s.schema, out.Value); err != nil {
				rep.withHelp("fix the expected output, or outputs if it is what is wrong").report(atLine(out.Pos, out.Span), cs.Title, "the expected output of example %q does not match outputs: %s", cs.Title, issueList(err, out.Value))
			}
		}
	}
}
