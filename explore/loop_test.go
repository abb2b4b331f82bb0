package explore

import (
	"context"
	"encoding/json"
	"strconv"
	"testing"
	"time"
)

// TestPace: a run is slow over ten times the slowest example's run and over
// a second; without examples, over ten times the middle run so far; with
// nothing to compare with, it is not judged. Runs that did not answer do
// not count.
func TestPace(t *testing.T) {
	ms := time.Millisecond
	type run struct {
		kind     string
		d        time.Duration
		answered bool
	}
	tests := []struct {
		name     string
		runs     []run
		want     time.Duration
		examples bool
	}{
		{"nothing yet", nil, 0, false},
		{"fast examples", []run{{"example", 20 * ms, true}, {"example", 50 * ms, true}, {"random", 900 * ms, true}}, time.Second, true},
		{"a slow example", []run{{"example", 300 * ms, true}, {"boundary", 10 * ms, true}}, 3 * time.Second, true},
		{"a timed out example", []run{{"example", 60 * time.Second, false}, {"example", 200 * ms, true}}, 2 * time.Second, true},
		{"no examples: the middle run", []run{{"boundary", 10 * ms, true}, {"boundary", 5 * time.Second, true}, {"random", 150 * ms, true}}, 1500 * ms, false},
		{"no examples, no answer", []run{{"boundary", time.Second, false}}, 0, false},
	}
	for _, tt := range tests {
		var p pace
		for _, r := range tt.runs {
			var answered []time.Duration
			if r.answered {
				answered = append(answered, r.d)
			}
			p.add(r.kind == KindExample, answered)
		}
		got := p.slowAfter()
		if got.After != tt.want || got.OfExamples != tt.examples {
			t.Errorf("%s: slowAfter %v (examples %v), want %v (%v)", tt.name, got.After, got.OfExamples, tt.want, tt.examples)
		}
	}
	// A repeated run counts as well.
	var p pace
	p.add(true, []time.Duration{10 * ms, 400 * ms})
	if got := p.slowAfter(); got.After != 4*time.Second {
		t.Errorf("the repeat of an example: %v, want 4s", got.After)
	}
}

// fakeProber runs nothing: each run is slow or not, and breaks the
// property as how says ("" keeps it).
type fakeProber struct {
	slow bool
	how  string
	ran  int
}

func (f *fakeProber) Run(in Input, repeat bool, pace Pace) (Input, Trial) {
	f.ran++
	return in, Trial{Slow: f.slow}
}
func (f *fakeProber) Replay(r Input) Input { return r }
func (f *fakeProber) Judge(p int, r Input) *Broken[string] {
	if f.how == "" {
		return nil
	}
	return &Broken[string]{How: f.how, Timed: f.how == "slow"}
}
func (f *fakeProber) Found(p int, best Input, b *Broken[string], tried int) {}

// TestShrinkingBoundsSlowRuns: shrinking a violation that depends on a time
// limit runs at most MaxSlowShrinkRuns slow candidates, failing or not;
// the other candidates, and other violations, are not bounded so.
func TestShrinkingBoundsSlowRuns(t *testing.T) {
	for _, tt := range []struct {
		name  string
		timed bool
		slow  bool
		how   string // how a candidate breaks the property
		want  int
	}{
		{"slow candidates", true, true, "slow", MaxSlowShrinkRuns},
		{"timeouts", true, true, "timed out", MaxSlowShrinkRuns},
		{"fast candidates", true, false, "", 20},
		{"not timed", false, true, "slow", 20},
	} {
		f := &fakeProber{slow: tt.slow, how: tt.how}
		l := &loop[Input, string]{ctx: context.Background(), p: Plan{Deadline: time.Now().Add(time.Hour), Properties: []Property{{}}}, pr: f}
		sh := &shrinking[Input, string]{l: l, v: &Broken[string]{How: "slow", Timed: tt.timed}}
		for i := range 20 {
			sh.fails(Input{Value: map[string]any{"i": json.Number(strconv.Itoa(i))}, Valid: true})
		}
		if f.ran != tt.want {
			t.Errorf("%s: %d candidates ran, want %d", tt.name, f.ran, tt.want)
		}
	}
	f := &fakeProber{}
	l := &loop[Input, string]{ctx: context.Background(), p: Plan{Deadline: time.Now().Add(-time.Second), Properties: []Property{{}}}, pr: f}
	sh := &shrinking[Input, string]{l: l, v: &Broken[string]{How: "slow", Timed: true}}
	if sh.fails(Input{}) || !sh.outOfTime || f.ran != 0 {
		t.Error("past the deadline: want no run and outOfTime")
	}
}
