package lint

import (
	"encoding/json"
	"strconv"
	"testing"
	"time"

	"github.com/speccify/speccify-lint/explore"
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

// TestPace: a run is slow over ten times the slowest example's run and over
// a second; without examples, over ten times the middle run so far; with
// nothing to compare with, it is not judged. Runs that did not answer do
// not count.
func TestPace(t *testing.T) {
	ms := time.Millisecond
	run := func(kind string, d time.Duration, end ending) *exploreRun {
		return &exploreRun{in: explore.Input{Kind: kind}, o: runner.Outcome{Duration: d}, end: end}
	}
	tests := []struct {
		name     string
		runs     []*exploreRun
		want     time.Duration
		examples bool
	}{
		{"nothing yet", nil, 0, false},
		{"fast examples", []*exploreRun{run("example", 20*ms, endAnswered), run("example", 50*ms, endAnswered), run("random", 900*ms, endAnswered)}, time.Second, true},
		{"a slow example", []*exploreRun{run("example", 300*ms, endAnswered), run("boundary", 10*ms, endAnswered)}, 3 * time.Second, true},
		{"a timed out example", []*exploreRun{run("example", 60*time.Second, endTimedOut), run("example", 200*ms, endAnswered)}, 2 * time.Second, true},
		{"no examples: the middle run", []*exploreRun{run("boundary", 10*ms, endAnswered), run("boundary", 5*time.Second, endAnswered), run("random", 150*ms, endAnswered)}, 1500 * ms, false},
		{"no examples, no answer", []*exploreRun{run("boundary", time.Second, endKilled)}, 0, false},
	}
	for _, tt := range tests {
		var p pace
		for _, r := range tt.runs {
			p.add(r)
		}
		got, examples := p.slowAfter()
		if got != tt.want || examples != tt.examples {
			t.Errorf("%s: slowAfter %v (examples %v), want %v (%v)", tt.name, got, examples, tt.want, tt.examples)
		}
	}
	// A repeated run counts as well.
	var p pace
	r := run("example", 10*ms, endAnswered)
	r.again = run("example", 400*ms, endAnswered)
	p.add(r)
	if got, _ := p.slowAfter(); got != 4*time.Second {
		t.Errorf("the repeat of an example: %v, want 4s", got)
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

// TestShrinkingBoundsSlowRuns: shrinking a violation that depends on a time
// limit runs at most maxSlowShrinkRuns slow candidates, failing or not;
// the other candidates, and other violations, are not bounded so.
func TestShrinkingBoundsSlowRuns(t *testing.T) {
	for _, tt := range []struct {
		name  string
		p     *Rule
		timed bool
		d     time.Duration
		end   ending
		want  int
	}{
		{"slow candidates", ruleExploreSlow, true, 2 * time.Second, endAnswered, maxSlowShrinkRuns},
		{"timeouts", ruleExploreCrash, true, time.Second, endTimedOut, maxSlowShrinkRuns},
		{"fast candidates", ruleExploreSlow, true, 10 * time.Millisecond, endAnswered, 20},
		{"not timed", ruleExploreStdout, false, 2 * time.Second, endAnswered, 20},
	} {
		ran := 0
		of := &exploreRun{slowAfter: time.Second}
		sh := &shrinking{p: tt.p, v: &violation{how: "slow", timed: tt.timed}, of: of, deadline: time.Now().Add(time.Hour),
			run: func(in explore.Input) *exploreRun {
				ran++
				return &exploreRun{c: &toolCheck{}, in: in, o: runner.Outcome{Duration: tt.d, Timeout: time.Second}, end: tt.end}
			}}
		for i := range 20 {
			sh.fails(explore.Input{Value: map[string]any{"i": json.Number(strconv.Itoa(i))}, Valid: true})
		}
		if ran != tt.want {
			t.Errorf("%s: %d candidates ran, want %d", tt.name, ran, tt.want)
		}
	}
	sh := &shrinking{p: ruleExploreSlow, v: &violation{how: "slow", timed: true}, of: &exploreRun{}, deadline: time.Now().Add(-time.Second),
		run: func(explore.Input) *exploreRun { t.Fatal("ran past the deadline"); return nil }}
	if sh.fails(explore.Input{}) || !sh.outOfTime {
		t.Error("past the deadline: want no run and outOfTime")
	}
}
