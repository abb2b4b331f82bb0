package lint

import (
	"testing"
	"time"

	"github.com/speccify/speccify-lint/runner"
)

// TestToolSeed: a tool's seed depends on the run's seed and its own path
// only, and is fixed: the same tree and seed make the same inputs, and a
// report's seed can be repeated, whatever --jobs and --shard are.
func TestToolSeed(t *testing.T) {
	a := toolSeed(DefaultExploreSeed, ".agent/tools/a")
	if a != toolSeed(DefaultExploreSeed, ".agent/tools/a") {
		t.Fatal("toolSeed is not a function of its arguments")
	}
	if a == toolSeed(DefaultExploreSeed, ".agent/tools/b") || a == toolSeed(DefaultExploreSeed+1, ".agent/tools/a") {
		t.Error("toolSeed ignores the path or the seed")
	}
	// A change of the derivation changes every report's seeds and inputs:
	// it must be on purpose.
	if got, want := toolSeed(14, "big"), uint64(972658691795856211); got != want {
		t.Errorf("toolSeed(14, big) = %d, want %d", got, want)
	}
}

// TestStdoutProblem: how explore-stdout's violation is told apart while an
// input shrinks: runner.ParseStdout's message without what it quotes.
func TestStdoutProblem(t *testing.T) {
	for msg, want := range map[string]string{
		"stdout is empty; the implementation must print one JSON object; stderr ends: \"x\"": "stdout is empty",
		"stdout is not JSON (invalid character 'd'): \"debug\"":                              "stdout is not JSON",
		"stdout holds more than one JSON value (or text after it): \"{} {}\"":                "stdout holds more than one JSON value",
		"stdout is a JSON array, not a JSON object: \"[]\"":                                  "stdout is a JSON array, not a JSON object",
	} {
		if got := stdoutProblem(msg); got != want {
			t.Errorf("stdoutProblem(%q) = %q, want %q", msg, got, want)
		}
	}
}

// TestSameAnswer: explore-nondeterministic compares two stdouts as JSON
// values, so that a tool whose key order, whitespace or number spelling
// varies from run to run gives the same answer.
func TestSameAnswer(t *testing.T) {
	tests := []struct {
		a, b string
		want bool
	}{
		{`{"ok": true}`, "{\"ok\": true}\n", true},
		{`{"ok": true, "n": 1}`, `{"n": 1, "ok": true}`, true},
		{`{"ok":true,"o":{"a":[1,2],"b":"x"}}`, "{\n  \"o\": {\"b\": \"x\", \"a\": [1, 2]},\n  \"ok\": true\n}", true},
		{`{"ok": true, "n": 1}`, `{"ok": true, "n": 1.0}`, true},
		{`{"ok": true, "n": 1}`, `{"ok": true, "n": 2}`, false},
		{`{"ok": true}`, `{"ok": true, "extra": null}`, false},
		{`{"ok": true, "l": [1, 2]}`, `{"ok": true, "l": [2, 1]}`, false},
		{"debug\n{}", "debug\n{}", true},
		{"debug\n{}", "debug \n{}", false},
		{"", "", true},
		{"", "{}", false},
	}
	for _, tt := range tests {
		if got := sameAnswer([]byte(tt.a), []byte(tt.b)); got != tt.want {
			t.Errorf("sameAnswer(%q, %q) = %v, want %v", tt.a, tt.b, got, tt.want)
		}
	}
}

// TestExploreSlow: explore-slow judges a run that answered against its
// slowAfter, and its violation depends on a time limit.
func TestExploreSlow(t *testing.T) {
	run := func(d, after time.Duration, end ending) *exploreRun {
		return &exploreRun{o: runner.Outcome{Duration: d}, end: end, slowAfter: after, paceOfExamples: true}
	}
	if v := exploreSlow(run(1500*time.Millisecond, time.Second, endAnswered)); v == nil || !v.timed || v.how != "slow" {
		t.Errorf("a run of 1.5s over 1s: %+v", v)
	} else if want := "the run took over 10 times as long as the slowest example's and over 1s, and again when repeated"; v.msg != want {
		t.Errorf("message %q, want %q", v.msg, want)
	}
	for _, r := range []*exploreRun{
		run(900*time.Millisecond, time.Second, endAnswered),
		run(time.Second, time.Second, endAnswered),
		run(time.Minute, 0, endAnswered),
		run(time.Minute, time.Second, endTimedOut),
	} {
		if v := exploreSlow(r); v != nil {
			t.Errorf("%v after %v (%d): %+v, want none", r.o.Duration, r.slowAfter, r.end, v)
		}
	}
	if v := exploreCrash(&exploreRun{c: &toolCheck{}, end: endTimedOut, o: runner.Outcome{Timeout: time.Second}}); v == nil || !v.timed {
		t.Errorf("a timeout: %+v, want a timed violation", v)
	}
}
