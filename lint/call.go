package lint

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"

	"github.com/speccify/speccify-lint/contract"
	"github.com/speccify/speccify-lint/discover"
	"github.com/speccify/speccify-lint/explore"
	"github.com/speccify/speccify-lint/internal/jsonexact"
	"github.com/speccify/speccify-lint/result"
	"github.com/speccify/speccify-lint/runner"
)

// Callable is one tool folder checked statically and made ready to be
// called on inputs other than its examples (`speccify-lint call`, the MCP
// server). A call is real use: its implementation for Config.Platform runs
// in the tool folder itself (runner.InPlace), and what it writes there
// stays, as its caller asked; nothing is removed or restored. It runs
// through the same runner as the examples (the folder opened through the
// gate, the kernel sandbox, which lets it write only its folder and its
// temporary directory, the environment, timeout, output caps and
// leftover-process sweep), and each answer is judged by the properties
// that explore checks on every valid input (the explore rules:
// explore-crash, explore-stdout, explore-exit, explore-output-schema,
// explore-error). Calls may overlap; Close lets go of the folder once they
// have ended.
type Callable struct {
	mu  sync.Mutex
	j   *toolJob
	run *toolRun
	// ins and outs are the schemas, loaded once in OpenCallable, so that
	// what may run concurrently (CheckInput, Call) does not touch the
	// check's lazily loaded state.
	ins, outs *schemaField
	// Static is the result of the static checks: the tool's findings.
	Static result.ToolResult
	// cached is the result cache's entry RunExamples took its result
	// from; nil when the examples ran.
	cached *cachedResult
}

// Violation is one way a value fails a schema: at Path (a JSON path such
// as $.items[0]), what is wrong.
type Violation struct {
	Path    string `json:"path"`
	Message string `json:"message"`
}

// Broken is a promise of the contract that one call broke: the rule whose
// property it is, and what was seen.
type Broken struct {
	Rule    string `json:"rule"`
	Message string `json:"message"`
}

// CallResult is what one call did.
type CallResult struct {
	// Invalid are the input's violations of inputs; when there are any,
	// the implementation was not started.
	Invalid []Violation
	// Started is true when the implementation was run.
	Started bool
	// Outcome is the run's outcome (exit code, output, duration).
	Outcome runner.Outcome
	// Output is the answer: stdout as one JSON object; nil when the run
	// did not end with one.
	Output map[string]any
	// Broken are the promises the run broke, in registry order.
	Broken []Broken
	// Notes are what the explore rules advise about the run that is no
	// broken promise (Rule.advisory: the tool folder changed while it ran,
	// and effects does not say the tool writes nothing; with calls that
	// overlap, or the user at work in the folder, a change may be theirs;
	// the answer is over the answer budget).
	Notes []Broken
	// Denied is the line of the answer that shows the sandbox denied the
	// call an access ("" when none does, or the call was not sealed).
	Denied string
	// Canceled is true when ctx ended the call.
	Canceled bool
}

// OK is the answer's ok, and whether it had a boolean one.
func (r *CallResult) OK() (ok, has bool) {
	ok, has = r.Output["ok"].(bool)
	return ok, has
}

// ErrorText is the answer's error string, "" when it has none.
func (r *CallResult) ErrorText() string {
	s, _ := r.Output["error"].(string)
	return s
}

// OpenCallable checks the tool folder tool statically, as Lint does (the
// folder opened through cfg.Root's gate), and returns it ready to be called.
// cfg.Run is taken as set; cfg.Explore and cfg.Progress are not used. A
// panic of a rule is an error.
func OpenCallable(cfg Config, tool discover.Tool) (k *Callable, err error) {
	cfg.Run, cfg.Explore, cfg.Progress = true, nil, nil
	if cfg.Platform == "" {
		cfg.Platform = HostPlatform()
	}
	defer func() {
		if r := recover(); r != nil {
			k, err = nil, fmt.Errorf("internal error while checking %s: %v (please report it)", discover.RelPath(cfg.Root, tool.Dir), r)
		}
	}()
	// Keyed before the check, so that a result stored under the key is
	// the result of the folder keyed (see RunExamples).
	rc := newResultCache(&cfg)
	var key toolKey
	var keyed bool
	if rc != nil {
		key, keyed = rc.keyOf(&cfg, tool)
	}
	j := checkStaticWith(&cfg, 0, tool, key.held())
	j.cache, j.key, j.keyed = rc, key, keyed
	k = &Callable{j: j}
	// The static findings as Lint reports them, on copies: RunExamples
	// finishes the job's own list.
	tr := j.tr
	list := slices.Clone(j.out.list)
	j.c.attachPositions(list)
	j.c.attachSource(list)
	tr.Findings = append(slices.Clone(tr.Findings), list...)
	slices.SortStableFunc(tr.Findings, result.CompareFindings)
	k.Static = tr
	if j.checked {
		k.run = newToolRun(j.c, j.out, runner.InPlace)
		// Decided now, once, so that calls only read them.
		k.ins, k.outs = j.c.schemas()
		j.c.runPlan()
	}
	return k, nil
}

// Close lets go of the tool folder the calls opened, once the calls under
// way have ended.
func (k *Callable) Close() {
	k.mu.Lock()
	defer k.mu.Unlock()
	if k.run != nil {
		k.run.runs.Close()
	}
}

// Dir is the tool folder relative to the root.
func (k *Callable) Dir() string { return k.j.c.rel }

// Spec is the parsed contract; nil when TOOL.md could not be read.
func (k *Callable) Spec() *contract.Spec { return k.j.c.spec }

// Errors are the static findings of severity error.
func (k *Callable) Errors() []result.Finding {
	var out []result.Finding
	for _, f := range k.Static.Findings {
		if f.Severity == result.SeverityError {
			out = append(out, f)
		}
	}
	return out
}

// Compiled are the compiled inputs and outputs schemas; nil when one is
// missing or does not compile.
func (k *Callable) Compiled() (inputs, outputs *contract.Schema) {
	ins, outs := k.ins, k.outs
	if ins != nil {
		inputs = ins.schema
	}
	if outs != nil {
		outputs = outs.schema
	}
	return inputs, outputs
}

// Unrunnable says why the tool cannot be called here ("" when it can): its
// contract could not be read, its inputs or outputs schema is missing or
// does not compile, or its implementation for the platform cannot run (as
// the examples' skip reason says).
func (k *Callable) Unrunnable() string {
	c := k.j.c
	if k.run == nil {
		return "the contract could not be read (see spec-file)"
	}
	ins, outs := k.ins, k.outs
	switch {
	case ins == nil:
		return "the contract has no inputs schema (see required-field)"
	case ins.schema == nil:
		return "the inputs schema does not compile (see schema)"
	case outs == nil:
		return "the contract has no outputs schema (see required-field)"
	case outs.schema == nil:
		return "the outputs schema does not compile (see schema)"
	}
	plan := c.runPlan()
	if plan.reason != "" {
		return plan.reason
	}
	return ""
}

// CheckInput validates the input v against inputs: its violations, each at
// a JSON path; none when it is valid (or when inputs did not compile:
// Unrunnable says so). It is safe for concurrent use. Unlike the examples'
// checks, it fails closed: an input that a pattern takes too long to match
// (a long-running server may also use up the schema's time for patterns)
// is refused, since nothing is known about it.
func (k *Callable) CheckInput(v any) []Violation {
	ins := k.ins
	if ins == nil || ins.schema == nil {
		return nil
	}
	err := ins.schema.Validate(v)
	if err == nil {
		return nil
	}
	var pt *contract.PatternTimeoutError
	if errors.As(err, &pt) {
		return []Violation{{Path: "$", Message: fmt.Sprintf("could not be checked: %v (the pattern at inputs%s)", pt, pt.Pointer)}}
	}
	return violationsOf(err, v)
}

// violationsOf lists a validation error of v as violations at JSON paths.
func violationsOf(err error, v any) []Violation {
	issues := contract.ValidationIssues(err, v)
	out := make([]Violation, len(issues))
	for i, is := range issues {
		out[i] = Violation{Path: jsonexact.PointerToPath(is.Pointer), Message: is.Msg}
	}
	return out
}

// Call validates the input v (a JSON value as jsonexact.Parse reads it)
// against inputs and, when it is valid and the tool can run here, runs the
// implementation on it once in the tool folder, and judges the answer.
// The caller checks Unrunnable first; a call of an unrunnable tool is
// broken (explore-crash: it could not start). Calls of one Callable may
// run at the same time; canceling ctx kills the run's processes.
func (k *Callable) Call(ctx context.Context, v any) *CallResult {
	res := &CallResult{}
	if res.Invalid = k.CheckInput(v); len(res.Invalid) > 0 {
		return res
	}
	in := explore.Input{Value: v, Valid: true, Kind: "call"}
	r := &exploreRun{c: k.j.c, in: in, stdin: append(in.JSON(), '\n')}
	if why := k.Unrunnable(); why != "" {
		r.o = runner.Outcome{ExitCode: -1, StartErr: fmt.Errorf("%s", why)}
	} else if argv := k.j.c.plan.argv; argv == nil {
		_, err := runner.Resolve(k.j.c.plan.impl.Path)
		r.o = runner.Outcome{ExitCode: -1, StartErr: err}
	} else {
		res.Started = true
		r.o, r.changed = k.run.runImplementation(ctx, argv, r.stdin)
	}
	r.startErr = r.o.StartErr
	r.end = endingOf(r.o, r.startErr)
	res.Outcome = r.o
	if r.end == endCanceled {
		res.Canceled = true
		return res
	}
	if r.end == endAnswered {
		r.actual, r.stdoutErr = runner.ParseStdout(r.o.Stdout, runner.StderrTail(r.o.Stderr))
		res.Output, _ = r.actual.(map[string]any)
	}
	for _, p := range callJudges() {
		switch v := p.explore(r); {
		case v == nil:
		case p.advisory && !v.raised:
			res.Notes = append(res.Notes, Broken{Rule: p.ID, Message: v.msg})
		default:
			res.Broken = append(res.Broken, Broken{Rule: p.ID, Message: v.msg})
		}
	}
	if ok, _ := res.OK(); res.Started && (!ok || len(res.Broken) > 0) {
		if seal, _ := k.run.seal(); seal.Sealed {
			res.Denied = runner.DeniedLine(r.o.Stdout, r.o.Stderr)
		}
	}
	return res
}

// callJudges are the rules whose properties judge a call's answer: every
// explore rule, in registry order, whatever Config.Disabled says. The
// configuration decides how a contract is judged before it is called (the
// static check, Callable.Static); a call's answer is held to the whole
// contract, so that no setting turns a broken promise at the boundary into
// a silent pass (docs/configuration.md).
func callJudges() []*Rule {
	var out []*Rule
	for _, r := range registry {
		if r.explore != nil {
			out = append(out, r)
		}
	}
	return out
}

// RunExamples runs the tool's examples as Lint does and returns the tool's
// whole result: the static findings, the examples and their findings.
// Call it at most once, before any Call.
func (k *Callable) RunExamples(ctx context.Context) result.ToolResult {
	k.mu.Lock()
	defer k.mu.Unlock()
	if !k.j.checked {
		return k.Static
	}
	if j := k.j; j.keyed {
		if entry, hit := j.cache.get(j.key); hit {
			k.cached = &entry
			entry.Result.Cached = true
			return entry.Result
		}
	}
	tr := k.j.runExamples(ctx)
	k.j.cache.store(ctx, k.j, tr)
	return tr
}

// ReadOnly reports whether the tool is known to write nothing: its effects
// says it writes nothing (as the effects rule reads it), and tr, the result
// of RunExamples, shows that every example ran, sealed by the kernel
// sandbox (so that no run could write outside its copy of the folder, nor
// anywhere but its temporary directory), none of whose runs changed the
// copy. The runs' own record is what counts, not the effects rule's
// findings, which a disabled rule or a suppression in the contract
// (written by whoever wrote the tool) drops. Without examples that ran
// sealed, nothing is known, and the answer is false.
func (k *Callable) ReadOnly(tr result.ToolResult) bool {
	k.mu.Lock()
	defer k.mu.Unlock()
	c := k.j.c
	if c.spec == nil || c.spec.Frontmatter == nil || !writesNothing(c.effects()) || len(tr.Examples) == 0 {
		return false
	}
	switch {
	case tr.Cached:
		// Stored only when every run was sealed; whether one wrote is
		// stored with it.
		if k.cached == nil || k.cached.Wrote {
			return false
		}
	case k.j.run == nil || k.j.run.wrote.Load():
		return false
	default:
		if seal, ok := k.j.run.seal(); !ok || !seal.Sealed {
			return false
		}
	}
	for _, er := range tr.Examples {
		if er.Status == result.StatusSkipped {
			return false
		}
	}
	return true
}
