package lint

import (
	"context"
	"encoding/binary"
	"errors"
	"hash/fnv"
	"strconv"
	"time"

	"github.com/speccify/speccify-lint/contract"
	"github.com/speccify/speccify-lint/explore"
	"github.com/speccify/speccify-lint/result"
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
func (x *ExploreConfig) settings() *result.ExploreSettings {
	if x == nil {
		return nil
	}
	return &result.ExploreSettings{Seed: strconv.FormatUint(x.Seed, 10), Runs: x.runs(), Budget: x.budget(), Invalid: x.Invalid}
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
// input shrinking finds, among the tool's findings. The loop is
// explore.Run's; the runs and the judging are the prober's.
func (e *exploration) explore(ctx context.Context) *result.ExploreResult {
	c := e.c
	x := c.cfg.Explore
	seed := toolSeed(x.Seed, c.rel)
	src, argv, why := e.exploreSource()
	if why != "" {
		return unexplored(c, why)
	}
	res := &result.ExploreResult{Seed: strconv.FormatUint(seed, 10), Properties: []result.PropertyResult{}}
	pr := &prober{e: e, ctx: ctx, argv: argv, props: c.exploreProperties(), res: res}
	plan := explore.Plan{Source: src, Seed: seed, Runs: x.runs(),
		Ran: func() { c.cfg.progress(Progress{Kind: InputDone, Tool: c.rel}) }}
	for _, p := range pr.props {
		res.Properties = append(res.Properties, result.PropertyResult{Rule: p.ID, Status: result.StatusPassed})
		plan.Properties = append(plan.Properties, explore.Property{Twice: p.twice})
	}
	e.explored = true
	plan.Deadline = time.Now().Add(x.budget())
	pr.gaps = newGapCases(e)
	sum := explore.Run(ctx, plan, pr)
	pr.gaps.close(ctx, src, seed, plan.Deadline, pr, sum.OutOfTime)
	pr.gaps.attach()
	res.Runs, res.Invalid, res.OutOfTime = sum.Runs, sum.Invalid, sum.OutOfTime
	e.timed = e.timed || sum.Timed
	return res
}

// prober runs and judges one tool's inputs for explore.Run: each run
// through the tool's workspace (exploreOnce), each judged by the enabled
// explore rules (props, in registry order), each property broken reported
// in res.
type prober struct {
	e     *exploration
	ctx   context.Context
	argv  []string
	props []*Rule
	res   *result.ExploreResult
	// gaps, when the tool has coverage findings, looks for the cases that
	// close them among the runs.
	gaps *gapCases
}

// Run runs in (twice when repeat), to be judged by explore-slow with pace.
func (p *prober) Run(in explore.Input, repeat bool, pace explore.Pace) (*exploreRun, explore.Trial) {
	r := p.e.exploreOnce(p.ctx, p.argv, in, repeat)
	r.slowAfter, r.paceOfExamples = pace.After, pace.OfExamples
	p.gaps.observe(r)
	t := explore.Trial{Canceled: r.end == endCanceled, Slow: r.end == endTimedOut || r.o.Duration >= explore.SlowMin}
	for x := r; x != nil; x = x.again {
		if x.end == endAnswered {
			t.Answered = append(t.Answered, x.o.Duration)
		}
	}
	return r, t
}

// Replay is r's input run again, judged with r's pace; an input run twice
// already (r.again) is not run a third time.
func (p *prober) Replay(r *exploreRun) *exploreRun {
	again := r.again
	if again == nil {
		again = p.e.exploreOnce(p.ctx, p.argv, r.in, false)
	}
	again.slowAfter, again.paceOfExamples = r.slowAfter, r.paceOfExamples
	return again
}

// Judge is the violation of the i-th property by r; nil when r keeps it.
func (p *prober) Judge(i int, r *exploreRun) *explore.Broken[*violation] {
	v := p.props[i].explore(r)
	if v == nil {
		return nil
	}
	return &explore.Broken[*violation]{How: v.how, Timed: v.timed, Of: v}
}

// Found reports the i-th property broken by best, as b says.
func (p *prober) Found(i int, best *exploreRun, b *explore.Broken[*violation], tried int) {
	pr := &p.res.Properties[i]
	pr.Status = result.StatusFailed
	pr.Counterexample = p.e.counterexample(p.props[i], best, b.Of, tried)
}

// unexplored is the result of a tool that is not explored, for the reason
// why: every property skipped.
func unexplored(c *toolCheck, why string) *result.ExploreResult {
	res := &result.ExploreResult{Seed: strconv.FormatUint(toolSeed(c.cfg.Explore.Seed, c.rel), 10), Skipped: why, Properties: []result.PropertyResult{}}
	for _, p := range c.exploreProperties() {
		res.Properties = append(res.Properties, result.PropertyResult{Rule: p.ID, Status: result.StatusSkipped})
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

// counterexample reports property p broken by the run r (the smallest
// input shrinking found) as v says, and returns it; tried is how many
// inputs ran before the one that broke it.
func (e *exploration) counterexample(p *Rule, r *exploreRun, v *violation, tried int) *result.Counterexample {
	input := string(r.in.JSON())
	rep := e.out.reporter(p)
	if v.raised {
		rep = rep.asError()
	}
	at := e.c.inputsPlace()
	if v.at != nil {
		at = *v.at
	}
	rep.report(at, input, "input %s: %s", runner.Shorten(input), v.msg)
	return &result.Counterexample{Input: input, Valid: r.in.Valid, Kind: r.in.Kind, Tried: tried,
		Case: explore.CaseText(p.ID, r.in), Run: e.exploreRunResult(p, r, at)}
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
func (e *exploration) exploreRunResult(p *Rule, r *exploreRun, at place) result.ExampleResult {
	c, plan := e.c, e.c.runPlan()
	er := result.ExampleResult{Title: p.ID, Line: at.pos.Line, Status: result.StatusFailed, ExitCode: r.o.ExitCode,
		ExitStatus: c.localText(r.o.Status()), Duration: r.o.Duration,
		Stdout: runner.CapText(r.o.Stdout), Stderr: runner.CapText(r.o.Stderr),
		Implementation: c.fileIn(plan.impl.Name),
		Reproduce:      runner.ReproduceLine(c.rel, r.stdin, runner.ReproduceArgv(plan.argv, plan.impl))}
	if r.end != endAnswered {
		er.Status = result.StatusErrored
	}
	er.Denied = e.sealedDenial(&er, r.o.Stdout, r.o.Stderr)
	return er
}
