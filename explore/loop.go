package explore

import (
	"context"
	"slices"
	"time"
)

// The loop: which inputs run, which run twice, when a run is slow, when a
// tool's exploration ends, and how a failing input is shrunk and confirmed.
// What a run is and what a property says of it are the caller's (a
// Prober): the loop starts no process and judges nothing itself.

// SlowFactor and SlowMin: a run is slow when it takes over SlowFactor times
// its pace's reference and over SlowMin (the explore-slow rule).
const (
	SlowFactor = 10
	SlowMin    = time.Second
)

// ShrinkBudget is how many smaller candidates one failing property may run
// while it is shrunk.
const ShrinkBudget = 200

// MaxSlowShrinkRuns is how many slow candidates (SlowMin or longer, or timed
// out) shrinking a violation that depends on a time limit may run: each
// costs a second or more, up to the run's timeout, and the budget is not to
// be spent chasing one.
const MaxSlowShrinkRuns = 6

// repeatFirst and repeatEvery: the first repeatFirst valid inputs (the
// boundary values: optional keys absent, the bounds) and then every
// repeatEvery-th one run twice, for explore-nondeterministic.
const (
	repeatFirst = 8
	repeatEvery = 5
)

// Plan is one tool's exploration: what its inputs are made from, its seed,
// the most inputs, the deadline (shrinking included), and its properties,
// judged in this order.
type Plan struct {
	Source     Source
	Seed       uint64
	Runs       int
	Deadline   time.Time
	Properties []Property
	// Ran, when set, is called after each input's run (the progress).
	Ran func()
}

// Property is what the loop knows of a property: Twice says it is judged
// on an input run twice (the candidates of its shrinking run twice too).
type Property struct {
	Twice bool
}

// Trial is what the loop knows of one run of an input.
type Trial struct {
	// Canceled: it was interrupted while it ran; the loop ends.
	Canceled bool
	// Answered are the durations of its runs (the run's, then its
	// repeat's) that ended on their own with their output read.
	Answered []time.Duration
	// Slow: it timed out, or took SlowMin or longer.
	Slow bool
}

// Pace is how long a run may take before it is slow (After; 0 when it is
// not judged: an example's input, or nothing to compare with yet), and
// whether that comes from the examples' runs.
type Pace struct {
	After      time.Duration
	OfExamples bool
}

// Broken is a property that a run broke: How, coarse enough to stay the
// same while the input shrinks ("stdout is empty", the failed keyword), so
// that shrinking keeps to inputs that break it the same way; Timed, that it
// depends on a time limit (it counts only when a replay breaks it the same
// way, and its shrinking runs few slow candidates); Of, the caller's own
// account of it.
type Broken[V any] struct {
	How   string
	Timed bool
	Of    V
}

// Prober runs and judges for the loop; R is its run of an input, V its
// account of a broken property.
type Prober[R, V any] interface {
	// Run runs in, twice when repeat, to be judged with pace.
	Run(in Input, repeat bool, pace Pace) (R, Trial)
	// Replay is a second run of r's input, judged with r's pace: its repeat
	// when it has one.
	Replay(r R) R
	// Judge is how r broke property p; nil when it kept it.
	Judge(p int, r R) *Broken[V]
	// Found is property p broken by best (the smallest input shrinking
	// found, confirmed when b is Timed) as b says; tried is how many inputs
	// ran before the one that broke it.
	Found(p int, best R, b *Broken[V], tried int)
}

// Summary is what an exploration did: the inputs it ran (Invalid of them
// not valid), whether the deadline ended it before the runs or the
// properties did, and whether a property that depends on a time limit was
// broken, confirmed or not (the result then depends on the machine's
// speed).
type Summary struct {
	Runs, Invalid int
	OutOfTime     bool
	Timed         bool
}

// Run explores: it runs the inputs made from p.Source until p.Runs ran, the
// generator has no more, every property was broken, ctx ended or the
// deadline passed; each property broken is shrunk and handed to pr.Found
// once.
func Run[R, V any](ctx context.Context, p Plan, pr Prober[R, V]) Summary {
	l := &loop[R, V]{ctx: ctx, p: p, pr: pr}
	return l.run()
}

type loop[R, V any] struct {
	ctx  context.Context
	p    Plan
	pr   Prober[R, V]
	sum  Summary
	pace pace
}

func (l *loop[R, V]) run() Summary {
	p := l.p
	gen := New(p.Source, p.Seed)
	found := make([]bool, len(p.Properties))
	open := len(p.Properties)
	valid, passed := 0, 0
	exhausted := false // the generator has nothing more to send
	for l.sum.Runs < p.Runs && open > 0 && l.ctx.Err() == nil && time.Now().Before(p.Deadline) {
		in, ok := gen.Next()
		if !ok {
			exhausted = true
			break
		}
		if !in.Valid && !p.Source.Invalid {
			// Without --invalid no invalid input runs, whatever made it
			// (an example's input may violate inputs).
			if passed++; passed > p.Runs {
				exhausted = true
				break
			}
			continue
		}
		repeat := false
		if in.Valid {
			repeat = valid < repeatFirst || valid%repeatEvery == 0
			valid++
		}
		var pc Pace
		if in.Kind != KindExample {
			pc = l.pace.slowAfter()
		}
		r, t := l.pr.Run(in, repeat, pc)
		if t.Canceled {
			break
		}
		l.pace.add(in.Kind == KindExample, t.Answered)
		l.sum.Runs++
		if p.Ran != nil {
			p.Ran()
		}
		if !in.Valid {
			l.sum.Invalid++
		}
		for i := range p.Properties {
			if found[i] {
				continue
			}
			if v := l.pr.Judge(i, r); v != nil {
				l.sum.Timed = l.sum.Timed || v.Timed
				if v.Timed && !l.confirmed(i, r, v) {
					continue
				}
				found[i] = true
				l.counterexample(i, in, r, v, pc)
				open--
			}
		}
	}
	if !exhausted && l.sum.Runs < p.Runs && open > 0 && l.ctx.Err() == nil {
		l.sum.OutOfTime = true
	}
	return l.sum
}

// confirmed runs the input of r again, for a violation v that depends on a
// time limit, and reports whether the replay breaks property i the same
// way: a run that the machine's load slowed down is no finding.
func (l *loop[R, V]) confirmed(i int, r R, v *Broken[V]) bool {
	cv := l.pr.Judge(i, l.pr.Replay(r))
	return cv != nil && cv.How == v.How
}

// counterexample shrinks in, whose run r (judged with pace) breaks property
// i as v says, to the smallest input shrinking finds that breaks it the same
// way, and hands it to Found. A shrinking that the deadline cuts short
// makes the exploration OutOfTime.
func (l *loop[R, V]) counterexample(i int, in Input, r R, v *Broken[V], pace Pace) {
	tried := l.sum.Runs
	sh := &shrinking[R, V]{l: l, prop: i, v: v, pace: pace, last: r, lastIn: in}
	shrunk := Shrink(in, l.p.Source, sh.fails, ShrinkBudget)
	if sh.outOfTime {
		l.sum.OutOfTime = true
	}
	best, bv := r, v
	if sh.shrunk && string(sh.lastIn.JSON()) == string(shrunk.JSON()) {
		best = sh.last
		bv = l.pr.Judge(i, best)
		if bv == nil || bv.How != v.How || (v.Timed && !l.confirmed(i, best, bv)) {
			best, bv = r, v
		}
	} else if bv = l.pr.Judge(i, best); bv == nil || bv.How != v.How {
		bv = v
	}
	l.pr.Found(i, best, bv, tried)
}

// shrinking is what Shrink asks of one violation's candidates: whether each
// breaks the property the same way, with the runs that did.
type shrinking[R, V any] struct {
	l    *loop[R, V]
	prop int
	v    *Broken[V]
	pace Pace // the pace of the run that broke it
	// last is the run of the last candidate that broke it (the run that
	// broke it, before any did; shrunk says one did), lastIn its input:
	// the one Shrink returns, as it keeps the last candidate that fails.
	// Only that one is kept, so that shrinking an answer of megabytes
	// holds one of them, not one per step.
	last   R
	lastIn Input
	shrunk bool
	// slowRuns counts the candidates that were slow (Trial.Slow): a
	// violation that depends on a time limit runs at most
	// MaxSlowShrinkRuns of them.
	slowRuns  int
	outOfTime bool // the deadline passed while shrinking
}

// fails runs cand and reports whether it breaks the property the same way
// (the same How); false, without running it, once ctx ended, past the
// deadline or the slow runs allowed.
func (s *shrinking[R, V]) fails(cand Input) bool {
	if time.Now().After(s.l.p.Deadline) {
		s.outOfTime = true
		return false
	}
	if s.v.Timed && s.slowRuns >= MaxSlowShrinkRuns {
		return false
	}
	if s.l.ctx.Err() != nil {
		return false
	}
	cr, t := s.l.pr.Run(cand, s.l.p.Properties[s.prop].Twice, s.pace)
	if t.Slow {
		s.slowRuns++
	}
	if cv := s.l.pr.Judge(s.prop, cr); cv != nil && cv.How == s.v.How {
		s.last, s.lastIn, s.shrunk = cr, cand, true
		return true
	}
	return false
}

// pace is how long a tool's runs take, for explore-slow: the slowest run
// of an example's input, or, for a tool without examples, the middle of
// the runs so far. Only runs that answered count.
type pace struct {
	slowestExample time.Duration
	examples       bool
	runs           []time.Duration // sorted
}

// add counts the answered runs of an input, an example's when example.
func (p *pace) add(example bool, answered []time.Duration) {
	for _, d := range answered {
		if example {
			p.slowestExample = max(p.slowestExample, d)
			p.examples = true
		}
		i, _ := slices.BinarySearch(p.runs, d)
		p.runs = slices.Insert(p.runs, i, d)
	}
}

// slowAfter is the pace of the next run: SlowFactor times the reference and
// at least SlowMin; 0 with nothing to compare with yet.
func (p *pace) slowAfter() Pace {
	ref := p.slowestExample
	if !p.examples {
		if len(p.runs) == 0 {
			return Pace{}
		}
		ref = p.runs[len(p.runs)/2]
	}
	return Pace{After: max(SlowMin, SlowFactor*ref), OfExamples: p.examples}
}
