package call

import (
	"reflect"
	"testing"

	"github.com/speccify/speccify-lint/lint"
)

// TestJudge: the verdict on a call's result, which `speccify-lint call`
// prints and the MCP server answers with: an invalid input first (nothing
// ran), then a broken promise (whatever the answer says), then ok: true,
// and everything else ok: false with its error string; notes are never a
// verdict.
func TestJudge(t *testing.T) {
	invalid := []lint.Violation{{Path: "$.n", Message: "got string, want integer"}}
	broken := []lint.Broken{{Rule: "explore-output-schema", Message: "the output does not match outputs"}}
	notes := []lint.Broken{{Rule: "effects", Message: "the run changed the tool folder"}}
	tests := []struct {
		name string
		res  lint.CallResult
		want Answer
	}{
		{"invalid", lint.CallResult{Invalid: invalid},
			Answer{Verdict: VerdictInvalid, Exit: ExitUsage, Invalid: invalid}},
		{"broken, though it says ok", lint.CallResult{Started: true, Output: map[string]any{"ok": true, "n": "x"}, Broken: broken},
			Answer{Verdict: VerdictBroken, Exit: ExitBroken, Broken: broken}},
		{"broken, no answer", lint.CallResult{Started: true, Broken: broken},
			Answer{Verdict: VerdictBroken, Exit: ExitBroken, Broken: broken}},
		{"ok", lint.CallResult{Started: true, Output: map[string]any{"ok": true}, Notes: notes},
			Answer{Verdict: VerdictOK, Exit: ExitOK, Output: map[string]any{"ok": true}}},
		{"not ok, with its error", lint.CallResult{Started: true, Output: map[string]any{"ok": false, "error": "zero"}},
			Answer{Verdict: VerdictNotOK, Exit: ExitNotOK, Output: map[string]any{"ok": false, "error": "zero"}, Error: "zero"}},
		{"not ok, no error string", lint.CallResult{Started: true, Output: map[string]any{"ok": false, "error": 3}},
			Answer{Verdict: VerdictNotOK, Exit: ExitNotOK, Output: map[string]any{"ok": false, "error": 3}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Judge(&tt.res); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("Judge = %+v, want %+v", got, tt.want)
			}
		})
	}
}
