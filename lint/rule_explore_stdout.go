package lint

import (
	"strings"

	"github.com/speccify/speccify-lint/result"
)

var ruleExploreStdout = &Rule{ID: "explore-stdout", Severity: result.SeverityError, Category: "explore",
	Title: "explore: the implementation did not print one JSON object",
	Doc: "`speccify-lint explore` sends inputs made from the `inputs` schema and the examples (and, with --invalid, " +
		"inputs that violate it); to every one of them, valid or not, stdout must be exactly one JSON object. " +
		"The finding gives the smallest input found that breaks it; add it as an example and fix the implementation.",
	Example: "if args[\"s\"] == \"\":\n    print(\"debug: empty\")",
	Fix:     "if args[\"s\"] == \"\":\n    print(\"debug: empty\", file=sys.stderr)",
	explore: exploreStdout}

// exploreStdout: the implementation answered with one JSON object.
func exploreStdout(r *exploreRun) *violation {
	if r.end != endAnswered || r.stdoutErr == "" {
		return nil
	}
	return &violation{how: stdoutProblem(r.stdoutErr), msg: r.stdoutErr}
}

// stdoutProblem is what runner.ParseStdout's message says is wrong, without the
// quoted output: "stdout is empty", "stdout is not JSON".
func stdoutProblem(msg string) string {
	if i := strings.IndexAny(msg, ":;("); i >= 0 {
		msg = msg[:i]
	}
	return strings.TrimSpace(msg)
}
