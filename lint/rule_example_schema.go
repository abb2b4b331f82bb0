package lint

import "github.com/speccify/speccify-lint/result"

var ruleExampleSchema = &Rule{ID: "example-schema", Severity: result.SeverityError, Category: "run",
	Title:      "the output violates outputs",
	Doc:        "Whatever the example expects, the actual output must also be valid against the `outputs` schema." + consequentDoc,
	Example:    "outputs: {..., properties: {keys: {type: array}}}   (the implementation prints {\"ok\": true, \"keys\": \"A\"})",
	Fix:        "print(json.dumps({\"ok\": True, \"keys\": [\"A\"]}))",
	run:        judgeExampleSchema,
	consequent: true}

// judgeExampleSchema: the answer is valid against outputs.
func judgeExampleSchema(r *exampleRun, rep reporter) {
	_, s := r.c.schemas()
	if r.actual == nil || s == nil || s.schema == nil {
		return
	}
	if err := r.c.validate(s, s.schema, r.actual); err != nil {
		rep.withHelp("fix the implementation, or outputs if it is what is wrong").report(r.place(), r.cs.Title, "example %q: the output does not match outputs: %s", r.cs.Title, issueList(err, r.actual))
	}
}
