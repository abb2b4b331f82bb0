package lint

import (
	"strings"

	"github.com/speccify/speccify-lint/result"
)

var ruleExploreError = &Rule{ID: "explore-error", Severity: result.SeverityWarning, Category: "explore",
	Title: "explore: ok: false without an error message",
	Doc: "When `outputs` declares `error`, an answer with `ok: false` carries a non-empty `error` string that says " +
		"what went wrong, for every valid input `speccify-lint explore` sends: the caller (an agent) needs it to " +
		"recover. The finding gives the smallest input found answered without one.",
	Example: "print(json.dumps({\"ok\": False}))",
	Fix:     "print(json.dumps({\"ok\": False, \"error\": \"no such file: \" + path}))",
	explore: exploreError}

// exploreError: ok: false comes with a non-empty error string, when
// outputs declares error.
func exploreError(r *exploreRun) *violation {
	_, s := r.c.schemas()
	if !r.in.Valid || s == nil || s.doc == nil || !declaresProperty(s.doc.Value, "error") {
		return nil
	}
	ok, has := r.answeredOK()
	if !has || ok {
		return nil
	}
	obj := r.actual.(map[string]any)
	switch e, present := obj["error"]; {
	case !present:
		return &violation{how: "missing", msg: "ok: false without an error string, which outputs declares"}
	case !isNonEmptyString(e):
		return &violation{how: "empty", msg: "ok: false with an error that is not a non-empty string"}
	}
	return nil
}

// declaresProperty reports whether the schema value declares the top-level
// property name.
func declaresProperty(schema any, name string) bool {
	obj, _ := schema.(map[string]any)
	props, _ := obj["properties"].(map[string]any)
	_, ok := props[name]
	return ok
}

func isNonEmptyString(v any) bool {
	s, ok := v.(string)
	return ok && strings.TrimSpace(s) != ""
}
