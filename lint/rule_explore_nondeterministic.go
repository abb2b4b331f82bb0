package lint

import (
	"bytes"

	"github.com/speccify/speccify-lint/internal/jsonexact"
	"github.com/speccify/speccify-lint/result"
	"github.com/speccify/speccify-lint/runner"
)

var ruleExploreNondeterministic = &Rule{ID: "explore-nondeterministic", Severity: result.SeverityWarning, Category: "explore",
	Title: "explore: the same input gave two different outputs",
	Doc: "`speccify-lint explore` runs a sample of the valid inputs twice (the first eight, then every fifth); the two outputs must be the same. A tool's " +
		"measuring part is meant to be deterministic, so that its examples and an agent's retries mean something. " +
		"The outputs are compared as JSON values: object keys in another order, other whitespace or another spelling " +
		"of the same number (1 and 1.0) are the same answer. " +
		"Move what varies (times, random numbers, temporary paths) out of the output, or disable the rule for a tool " +
		"whose output varies by design.",
	Example: "print(json.dumps({\"ok\": True, \"id\": random.random()}))",
	Fix:     "print(json.dumps({\"ok\": True, \"id\": hashlib.sha256(data).hexdigest()}))",
	explore: exploreNondeterministic, twice: true}

// exploreNondeterministic: an input run twice gave the same answer: the
// same JSON value, or, when stdout is no JSON, the same text.
func exploreNondeterministic(r *exploreRun) *violation {
	a, b := r, r.again
	if !r.in.Valid || b == nil || a.end != endAnswered || b.end != endAnswered {
		return nil
	}
	if sameAnswer(a.o.Stdout, b.o.Stdout) {
		return nil
	}
	return &violation{how: "differs", msg: "run twice, it printed " + runner.QuoteStart(a.o.Stdout) + " and then " + runner.QuoteStart(b.o.Stdout)}
}

// sameAnswer reports whether two stdouts are the same answer: the same JSON
// value (keys in any order, any whitespace, numbers by value) when both are
// one JSON value, else the same text but for leading and trailing space.
func sameAnswer(a, b []byte) bool {
	a, b = bytes.TrimSpace(a), bytes.TrimSpace(b)
	if bytes.Equal(a, b) {
		return true
	}
	va, errA := jsonexact.Parse(a)
	vb, errB := jsonexact.Parse(b)
	return errA == nil && errB == nil && jsonexact.Equal(va, vb)
}
