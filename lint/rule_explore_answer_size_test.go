package lint

import (
	"strings"
	"testing"

	"github.com/speccify/speccify-lint/explore"
	"github.com/speccify/speccify-lint/runner"
)

// TestExploreAnswerSize: an answer over the budget, or cut at a
// --max-output over it, breaks the property the same way (so that
// shrinking goes from a cut answer to a whole one); at the budget, under a
// --max-output below it, or a run that did not answer, it holds.
func TestExploreAnswerSize(t *testing.T) {
	in := explore.Input{Value: map[string]any{}, Valid: true}
	run := func(budget int, end ending, stdout int, maxOutput int64) *exploreRun {
		c := &toolCheck{cfg: &Config{MaxAnswerTokens: budget}}
		return &exploreRun{c: c, in: in, end: end, o: runner.Outcome{Stdout: []byte(strings.Repeat("x", stdout)), MaxOutput: maxOutput}}
	}
	for _, tt := range []struct {
		name string
		r    *exploreRun
		msg  string // "" when the property holds
	}{
		{"at the default budget", run(0, endAnswered, 100000, 4<<20), ""},
		{"over the default budget", run(0, endAnswered, 100001, 4<<20), "the answer is 100,001 bytes, about 25,001 tokens, over the answer budget of 25,000 tokens (max-answer-tokens)"},
		{"over a set budget", run(10, endAnswered, 41, 4<<20), "the answer is 41 bytes, about 11 tokens, over the answer budget of 10 tokens (max-answer-tokens)"},
		{"cut over the budget", run(0, endOverflow, 1<<20, 1<<20), "the answer passed --max-output (1,048,576 bytes), so it is at least 262,144 tokens, over the answer budget of 25,000 tokens (max-answer-tokens)"},
		{"cut under the budget", run(0, endOverflow, 64<<10, 64<<10), ""},
		{"timed out", run(1, endTimedOut, 1000, 4<<20), ""},
		{"killed", run(1, endKilled, 1000, 4<<20), ""},
	} {
		v := exploreAnswerSize(tt.r)
		switch {
		case tt.msg == "" && v != nil:
			t.Errorf("%s: %q", tt.name, v.msg)
		case tt.msg != "" && v == nil:
			t.Errorf("%s: no violation, want %q", tt.name, tt.msg)
		case v != nil && (v.msg != tt.msg || v.how != "over budget" || v.timed || v.raised):
			t.Errorf("%s: %+v, want %q", tt.name, v, tt.msg)
		}
	}
	if !ruleExploreAnswerSize.advisory {
		t.Error("explore-answer-size is no broken promise of a call: it must be advisory")
	}
}
