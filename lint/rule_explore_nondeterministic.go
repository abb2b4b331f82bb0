package lint

import "bytes"

var ruleExploreNondeterministic = &Rule{ID: "explore-nondeterministic", Severity: SeverityWarning, Category: "explore",
	Title: "explore: the same input gave two different outputs",
	Doc: "`speccify-lint explore` runs a sample of the valid inputs twice (the first eight, then every fifth); the two outputs must be the same. A tool's " +
		"measuring part is meant to be deterministic, so that its examples and an agent's retries mean something. " +
		"Move what varies (times, random numbers, temporary paths) out of the output, or disable the rule for a tool " +
		"whose output varies by design.",
	Example: "print(json.dumps({\"ok\": True, \"id\": random.random()}))",
	Fix:     "print(json.dumps({\"ok\": True, \"id\": hashlib.sha256(data).hexdigest()}))",
	explore: exploreNondeterministic}

// exploreNondeterministic: an input run twice gave the same stdout.
func exploreNondeterministic(r *exploreRun) *violation {
	a, b := r, r.again
	if !r.in.Valid || b == nil || a.end != endAnswered || b.end != endAnswered {
		return nil
	}
	if bytes.Equal(bytes.TrimSpace(a.o.Stdout), bytes.TrimSpace(b.o.Stdout)) {
		return nil
	}
	return &violation{how: "differs", msg: "run twice, it printed " + quoteStart(a.o.Stdout) + " and then " + quoteStart(b.o.Stdout)}
}
