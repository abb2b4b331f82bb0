package lint

import (
	"context"
	"encoding/binary"
	"errors"
	"hash/fnv"
	"slices"
	"strconv"
	"time"

	"github.com/speccify/speccify-lint/contract"
	"github.com/speccify/speccify-lint/explore"
	"github.com/speccify/speccify-lint/runner"
)

// ExploreConfig is how `speccify-lint explore` explores each tool
// (Config.Explore).
type ExploreConfig struct {
	// Runs is the most inputs per tool; 0 means DefaultExploreRuns.
	Runs int
	// Budget is the most time per tool, shrinking included; 0 means
	// DefaultExploreBudget. Whichever of Runs and Budget ends first ends
	// the tool's exploration.
	Budget time.Duration
	// Seed is the run's seed; each tool's own derives from it and the
	// tool's path.
	Seed uint64
	// Invalid also sends inputs that violate the inputs schema.
	Invalid bool
}

// The defaults of the explore flags.
const (
	DefaultExploreRuns   = 100
	DefaultExploreBudget = 30 * time.Second
	// DefaultExploreSeed is the seed without --seed: fixed, so that two
	// runs on the same tree make the same inputs and give the same report.
	DefaultExploreSeed uint64 = 14
)

// shrinkBudget is how many smaller candidates one failing property may run
// while it is shrunk.
const shrinkBudget = 200

// maxSlowShrinkRuns is how many slow candidates (over slowMin, or timed
// out) shrinking a violation that depends on a time limit may run: each
// costs a second or more, up to --timeout, and the budget is not to be
// spent chasing one.
const maxSlowShrinkRuns = 6

// repeatFirst and repeatEvery: the first repeatFirst valid inputs (the
// boundary values: optional keys absent, the bounds) and then every
// repeatEvery-th one run twice, for explore-nondeterministic.
const (
	repeatFirst = 8
	repeatEvery = 5
)

func (x *ExploreConfig) runs() int {
	if x.Runs > 0 {
		return x.Runs
	}
	return DefaultExploreRuns
}

func (x *ExploreConfig) budget() time.Duration {
	if x.Budget > 0 {
		return x.Budget
	}
	return DefaultExploreBudget
}

// settings are the settings as the result records them; nil for nil.
func (x *ExploreConfig) settings() *ExploreSettings {
	if x == nil {
		return nil
	}
	return &ExploreSettings{Seed: strconv.FormatUint(x.Seed, 10), Runs: x.runs(), Budget: x.budget(), Invalid: x.Invalid}
}

// toolSeed is the seed of the tool folder rel (root-relative) in a run
// with seed: the same whatever the other tools, --jobs or --shard.
func toolSeed(seed uint64, rel string) uint64 {
	h := fnv.New64a()
	_ = binary.Write(h, binary.BigEndian, seed)
	h.Write([]byte(rel))
	return h.Sum64()
}

// exploration is explore's state of one tool: its runs of the generated
// inputs go through the tool's toolRun (the snapshot of the folder, the
// program looked up once).
type exploration struct {
	*toolRun
	// explored is true once explore ran the implementation, so that
	// unused-suppression judges the explore rules.
	explored bool
	// timed is true once a property that depends on a time limit
	// (violation.timed) was broken, confirmed or not: the result then
	// depends on the machine's speed, and the result cache stores none.
	timed bool
	// implRuns and implTime count the implementation's runs and the time
	// they took (runner.Outcome.Duration), so that the benchmark can tell
	// explore's own cost from theirs.
	implRuns int
	implTime time.Duration
}

// exploreRun is one run of a generated input, as the explore rules judge
// it.
type exploreRun struct {
	c  *toolCheck
	in explore.Input
	// stdin is what the implementation was given: the input's JSON and a
	// newline.
	stdin    []byte
	o        runner.Outcome
	startErr error
	end      ending
	// actual is stdout as one JSON object; nil when the run did not end
	// with one (stdoutErr says why, when it answered).
	actual    any
	stdoutErr string
	changed   []runner.Change
	// again is the second run of the same input, for the inputs run twice
	// (explore-nondeterministic); nil for the others.
	again *exploreRun
	// slowAfter is how long the run may take before it is slow
	// (explore-slow); 0 when it is not judged (an example's input, or
	// nothing to compare with yet). paceOfExamples says whether it comes
	// from the examples' runs or from the middle run so far.
	slowAfter      time.Duration
	paceOfExamples bool
}

// answeredOK is the answer's ok, when the run answered one JSON object
// with a boolean ok.
func (r *exploreRun) answeredOK() (ok, has bool) {
	obj, _ := r.actual.(map[string]any)
	ok, has = obj["ok"].(bool)
	return ok, has
}

// violation is a broken property: how it broke, what the finding says and
// where it goes.
type violation struct {
	// how is the way the property broke, coarse enough to stay the same
	// while the input shrinks ("stdout is empty", the failed keyword):
	// shrinking keeps to inputs that break it the same way.
	how string
	// msg is the finding's message after the input.
	msg string
	// at is where the finding goes; nil is the inputs: key.
	at *place
	// raised makes the finding an error (see reporter.asError).
	raised bool
	// timed says the violation depends on a time limit (a slow run, a
	// timeout): it is reported only when a replay of the input breaks the
	// property the same way, and its shrinking runs few slow candidates.
	timed bool
}

// exploreProperties are the enabled rules with an explore check, in
// registry order.
func (c *toolCheck) exploreProperties() []*Rule {
	var out []*Rule
	for _, r := range registry {
		if r.explore != nil && c.cfg.enabled(r) {
			out = append(out, r)
		}
	}
	return out
}

// explore runs the tool's implementation on the inputs made from its
// inputs schema and examples, up to the configured runs or time, and
// reports each property that an input breaks once, with the smallest
// input shrinking finds, among the tool's findings.
func (e *exploration) explore(ctx context.Context) *ExploreResult {
	c := e.c
	x := c.cfg.Explore
	seed := toolSeed(x.Seed, c.rel)
	src, argv, why := e.exploreSource()
	if why != "" {
		return unexplored(c, why)
	}
	res := &ExploreResult{Seed: strconv.FormatUint(seed, 10), Properties: []PropertyResult{}}
	props := c.exploreProperties()
	for _, p := range props {
		res.Properties = append(res.Properties, PropertyResult{Rule: p.ID, Status: StatusPassed})
	}
	e.explored = true
	deadline := time.Now().Add(x.budget())
	gen := explore.New(src, seed)
	var pace pace
	open := len(props)
	valid, passed := 0, 0
	exhausted := false // the generator has nothing more to send
	for res.Runs < x.runs() && open > 0 && ctx.Err() == nil && time.Now().Before(deadline) {
		in, ok := gen.Next()
		if !ok {
			exhausted = true
			break
		}
		if !in.Valid && !x.Invalid {
			// Without --invalid no invalid input runs, whatever made it
			// (an example's input may violate inputs).
			if passed++; passed > x.runs() {
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
		r := e.exploreOnce(ctx, argv, in, repeat)
		if r.end == endCanceled {
			break
		}
		if in.Kind != explore.KindExample {
			r.slowAfter, r.paceOfExamples = pace.slowAfter()
		}
		pace.add(r)
		res.Runs++
		c.cfg.progress(Progress{Kind: InputDone, Tool: c.rel})
		if !in.Valid {
			res.Invalid++
		}
		for i, p := range props {
			pr := &res.Properties[i]
			if pr.Counterexample != nil {
				continue
			}
			if v := p.explore(r); v != nil {
				e.timed = e.timed || v.timed
				if v.timed && !e.confirmed(ctx, argv, p, r, v) {
					continue
				}
				pr.Status = StatusFailed
				pr.Counterexample = e.counterexample(ctx, p, r, v, src, argv, deadline, res)
				open--
			}
		}
	}
	if !exhausted && res.Runs < x.runs() && open > 0 && ctx.Err() == nil {
		res.OutOfTime = true
	}
	return res
}

// unexplored is the result of a tool that is not explored, for the reason
// why: every property skipped.
func unexplored(c *toolCheck, why string) *ExploreResult {
	res := &ExploreResult{Seed: strconv.FormatUint(toolSeed(c.cfg.Explore.Seed, c.rel), 10), Skipped: why, Properties: []PropertyResult{}}
	for _, p := range c.exploreProperties() {
		res.Properties = append(res.Properties, PropertyResult{Rule: p.ID, Status: StatusSkipped})
	}
	return res
}

// exploreSource is what the tool's inputs are made from and how its
// implementation starts; why says why the tool cannot be explored (its
// implementation cannot run here, its inputs schema does not compile).
func (e *exploration) exploreSource() (src explore.Source, argv []string, why string) {
	c := e.c
	plan := c.runPlan()
	if plan.reason != "" {
		return src, nil, plan.reason
	}
	if plan.argv == nil {
		_, err := runner.Resolve(plan.impl.Path)
		return src, nil, plan.impl.Name + " cannot start: " + c.localText(err.Error())
	}
	ins, _ := c.schemas()
	switch {
	case ins == nil:
		return src, nil, "the contract has no inputs schema (see required-field)"
	case ins.schema == nil:
		return src, nil, "the inputs schema does not compile (see schema)"
	}
	src = explore.Source{
		Schema:  ins.schema,
		Valid:   func(v any) bool { return valid(ins.schema, v) },
		Invalid: c.cfg.Explore.Invalid,
	}
	for _, cs := range c.cases() {
		if cs.Input != nil && cs.Input.Err == nil {
			src.Examples = append(src.Examples, cs.Input.Value)
		}
	}
	if c.folder != nil {
		src.Fixtures = c.folder.Fixtures
	}
	return src, plan.argv, ""
}

// valid is the oracle of explore: whether v is valid against sch. A
// pattern that takes too long counts as valid, as in validate.
func valid(sch *contract.Schema, v any) bool {
	err := sch.Validate(v)
	var pt *contract.PatternTimeoutError
	return err == nil || errors.As(err, &pt)
}

// exploreOnce runs the implementation on one input, twice when repeat is
// set.
func (e *exploration) exploreOnce(ctx context.Context, argv []string, in explore.Input, repeat bool) *exploreRun {
	r := &exploreRun{c: e.c, in: in, stdin: append(in.JSON(), '\n')}
	r.o, r.changed = e.runImplementation(ctx, argv, r.stdin)
	e.implRuns++
	e.implTime += r.o.Duration
	r.startErr = r.o.StartErr
	r.end = endingOf(r.o, r.startErr)
	if r.end == endAnswered {
		r.actual, r.stdoutErr = runner.ParseStdout(r.o.Stdout, runner.StderrTail(r.o.Stderr))
	}
	if repeat && r.end == endAnswered {
		r.again = e.exploreOnce(ctx, argv, in, false)
	}
	return r
}

// counterexample shrinks the input of r, which breaks property p as v
// says, to the smallest one shrinking finds that breaks it the same way,
// reports p's finding for it and returns it. res is the exploration so
// far: a shrinking that the deadline cuts short makes it OutOfTime.
func (e *exploration) counterexample(ctx context.Context, p *Rule, r *exploreRun, v *violation, src explore.Source, argv []string, deadline time.Time, res *ExploreResult) *Counterexample {
	c := e.c
	tried := res.Runs
	sh := &shrinking{p: p, v: v, of: r, deadline: deadline, last: r,
		run: func(cand explore.Input) *exploreRun {
			if ctx.Err() != nil {
				return nil
			}
			return e.exploreOnce(ctx, argv, cand, p.twice)
		}}
	shrunk := explore.Shrink(r.in, src, sh.fails, shrinkBudget)
	if sh.outOfTime {
		res.OutOfTime = true
	}
	best := r
	if string(sh.last.in.JSON()) == string(shrunk.JSON()) {
		best = sh.last
	}
	bv := p.explore(best)
	if bv == nil || bv.how != v.how || (v.timed && best != r && !e.confirmed(ctx, argv, p, best, bv)) {
		best, bv = r, v
	}
	input := string(best.in.JSON())
	rep := e.out.reporter(p)
	if bv.raised {
		rep = rep.asError()
	}
	at := c.inputsPlace()
	if bv.at != nil {
		at = *bv.at
	}
	rep.report(at, input, "input %s: %s", runner.Shorten(input), bv.msg)
	ce := &Counterexample{Input: input, Valid: best.in.Valid, Kind: best.in.Kind, Tried: tried,
		Case: explore.CaseText(p.ID, best.in), Run: e.exploreRunResult(p, best, at)}
	return ce
}

// shrinking is what explore.Shrink asks of one violation's candidates:
// whether each breaks the property the same way, with the runs that did.
type shrinking struct {
	p  *Rule
	v  *violation
	of *exploreRun // the run that broke it
	// run runs a candidate; nil when it cannot (interrupted).
	run      func(explore.Input) *exploreRun
	deadline time.Time
	// last is the run of the last candidate that broke it (of, before
	// any did): the one explore.Shrink returns, as it keeps the last
	// candidate that fails. Only that one is kept, so that shrinking an
	// answer of megabytes holds one of them, not one per step.
	last *exploreRun
	// slowRuns counts the candidates that ran slowMin or longer, or timed
	// out: a violation that depends on a time limit runs at most
	// maxSlowShrinkRuns of them.
	slowRuns  int
	outOfTime bool // the deadline passed while shrinking
}

// fails runs cand and reports whether it breaks the property the same way
// (the same how); false, without running it, past the deadline or the
// slow runs allowed.
func (s *shrinking) fails(cand explore.Input) bool {
	if time.Now().After(s.deadline) {
		s.outOfTime = true
		return false
	}
	if s.v.timed && s.slowRuns >= maxSlowShrinkRuns {
		return false
	}
	cr := s.run(cand)
	if cr == nil {
		return false
	}
	cr.slowAfter, cr.paceOfExamples = s.of.slowAfter, s.of.paceOfExamples
	if cr.end == endTimedOut || cr.o.Duration >= slowMin {
		s.slowRuns++
	}
	if cv := s.p.explore(cr); cv != nil && cv.how == s.v.how {
		s.last = cr
		return true
	}
	return false
}

// confirmed runs the input of r again, for a violation v that depends on a
// time limit, and reports whether the replay breaks p the same way: a run
// that the machine's load slowed down is no finding. An input run twice
// already (r.again) is not run a third time.
func (e *exploration) confirmed(ctx context.Context, argv []string, p *Rule, r *exploreRun, v *violation) bool {
	again := r.again
	if again == nil {
		again = e.exploreOnce(ctx, argv, r.in, false)
	}
	again.slowAfter, again.paceOfExamples = r.slowAfter, r.paceOfExamples
	cv := p.explore(again)
	return cv != nil && cv.how == v.how
}

// pace is how long a tool's runs take, for explore-slow: the slowest run
// of an example's input, or, for a tool without examples, the middle of
// the runs so far. Only runs that answered count.
type pace struct {
	slowestExample time.Duration
	examples       bool
	runs           []time.Duration // sorted
}

// add counts the runs of r (and its repeat).
func (p *pace) add(r *exploreRun) {
	for x := r; x != nil; x = x.again {
		if x.end != endAnswered {
			continue
		}
		if r.in.Kind == explore.KindExample {
			p.slowestExample = max(p.slowestExample, x.o.Duration)
			p.examples = true
		}
		i, _ := slices.BinarySearch(p.runs, x.o.Duration)
		p.runs = slices.Insert(p.runs, i, x.o.Duration)
	}
}

// slowAfter is how long a run may take before it is slow: slowFactor times
// the reference and at least slowMin; 0 with nothing to compare with yet.
// ofExamples says the reference is the slowest example's run.
func (p *pace) slowAfter() (d time.Duration, ofExamples bool) {
	ref := p.slowestExample
	if !p.examples {
		if len(p.runs) == 0 {
			return 0, false
		}
		ref = p.runs[len(p.runs)/2]
	}
	return max(slowMin, slowFactor*ref), p.examples
}

// inputsPlace is the inputs: key of TOOL.md, where the explore findings go.
func (c *toolCheck) inputsPlace() place {
	if fm := c.spec.Frontmatter; fm != nil && fm.Inputs != nil {
		return over(fm.Inputs.Key.Span)
	}
	return atPos(topOfFile)
}

// exploreRunResult shows the run of a counterexample as an example's run
// is shown.
func (e *exploration) exploreRunResult(p *Rule, r *exploreRun, at place) ExampleResult {
	c, plan := e.c, e.c.runPlan()
	er := ExampleResult{Title: p.ID, Line: at.pos.Line, Status: StatusFailed, ExitCode: r.o.ExitCode,
		ExitStatus: c.localText(r.o.Status()), Duration: r.o.Duration,
		Stdout: runner.CapText(r.o.Stdout), Stderr: runner.CapText(r.o.Stderr),
		Implementation: c.fileIn(plan.impl.Name),
		Reproduce:      runner.ReproduceLine(c.rel, r.stdin, runner.ReproduceArgv(plan.argv, plan.impl))}
	if r.end != endAnswered {
		er.Status = StatusErrored
	}
	er.Denied = e.sealedDenial(&er, r.o.Stdout, r.o.Stderr)
	return er
}
