package lint

import "github.com/speccify/speccify-lint/result"

var ruleExploreAcceptsInvalid = &Rule{ID: "explore-accepts-invalid", Severity: result.SeverityNote, Category: "explore",
	Title: "explore: an input that violates inputs was answered ok: true",
	Doc: "With --invalid (the default), `speccify-lint explore` also sends inputs that break `inputs` in one targeted " +
		"way (a required key missing, a wrong type, a value out of range). The convention lets callers validate " +
		"before calling, so this is a note; but a tool that accepts garbage deserves to be known: answer `ok: false` " +
		"with an error instead.",
	Example: "n = int(args.get(\"n\", 0))   (accepts {\"n\": \"ten\"} as 0... or a missing n)",
	Fix:     "if not isinstance(args.get(\"n\"), int):\n    print(json.dumps({\"ok\": False, \"error\": \"n must be an integer\"}))",
	explore: exploreAcceptsInvalid}

// exploreAcceptsInvalid: an invalid input is not answered ok: true.
func exploreAcceptsInvalid(r *exploreRun) *violation {
	if r.in.Valid {
		return nil
	}
	ok, has := r.answeredOK()
	ins, _ := r.c.schemas()
	if !has || !ok || ins == nil || ins.schema == nil {
		return nil
	}
	why := r.in.Kind
	if err := ins.schema.Validate(r.in.Value); err != nil {
		why = issueList(err, r.in.Value)
	}
	return &violation{how: "ok", msg: "it violates inputs (" + why + "), but the answer has ok: true"}
}
