package lint

import (
	"strings"

	"github.com/speccify/speccify-lint/internal/jsonexact"
	"github.com/speccify/speccify-lint/result"
)

var ruleExampleFailed = &Rule{ID: "example-failed", Severity: result.SeverityError, Category: "run",
	Title: "the output does not match the expected output",
	Doc: "The actual output must cover the expected one: every expected key present with a covering value (extra " +
		"keys are fine), arrays of the same length covering element by element, numbers equal by exact value, " +
		"and true, false and null equal only to themselves. Each difference is listed as a JSON path." + consequentDoc,
	Example:    "output: {\"ok\": true, \"keys\": [\"CFBundleName\"]}   (the implementation prints {\"ok\": true, \"keys\": []})",
	Fix:        "output: {\"ok\": true, \"keys\": [\"CFBundleName\"]}   (and the implementation prints those keys)",
	run:        judgeExampleFailed,
	consequent: true}

// judgeExampleFailed: the answer covers the expected output. The differences
// are the example's whether the rule is enabled or not.
func judgeExampleFailed(r *exampleRun, rep reporter) {
	if r.actual == nil {
		return
	}
	diffs := jsonexact.Covers(r.cs.Output.Value, r.actual)
	if len(diffs) == 0 {
		return
	}
	r.er.Differences = diffs
	parts := make([]string, len(diffs))
	for i, d := range diffs {
		parts[i] = d.String()
	}
	rep.withHelp("fix the implementation, or the expected output if it is what is wrong").report(r.place(), r.cs.Title, "example %q: the output differs: %s", r.cs.Title, strings.Join(parts, "; "))
}
