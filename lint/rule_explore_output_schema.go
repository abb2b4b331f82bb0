package lint

import "github.com/speccify/speccify-lint/result"

var ruleExploreOutputSchema = &Rule{ID: "explore-output-schema", Severity: result.SeverityError, Category: "explore",
	Title: "explore: the output to a valid input violates outputs",
	Doc: "To every input valid against `inputs` that `speccify-lint explore` sends, the JSON object the implementation " +
		"prints must be valid against `outputs`. The finding is at the `outputs` keyword that failed and gives the " +
		"smallest input found; a common cause is an output key left out when an optional input is absent.",
	Example: "outputs: {..., required: [ok, count]}   (the implementation leaves count out when the optional limit is absent)",
	Fix:     "print(json.dumps({\"ok\": True, \"count\": len(items)}))",
	explore: exploreOutputSchema}

// exploreOutputSchema: the answer to a valid input is valid against
// outputs, at the keyword that failed.
func exploreOutputSchema(r *exploreRun) *violation {
	_, s := r.c.schemas()
	if !r.in.Valid || r.actual == nil || s == nil || s.schema == nil {
		return nil
	}
	err := s.schema.Validate(r.actual)
	if err == nil || valid(s.schema, r.actual) {
		return nil
	}
	keyword := s.schema.FailedKeyword(err)
	at := over(s.field.Key.Span)
	if keyword != "" {
		at = s.place(keyword)
	}
	return &violation{how: keyword, at: &at, msg: "the output does not match outputs: " + issueList(err, r.actual)}
}
