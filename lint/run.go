package lint

import (
	"cmp"
	"context"
	"crypto/sha256"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"
	"time"

	"github.com/speccify/speccify-lint/contract"
	"github.com/speccify/speccify-lint/discover"
	"github.com/speccify/speccify-lint/internal/fserr"
	"github.com/speccify/speccify-lint/result"
	"github.com/speccify/speccify-lint/runner"
)

// toolRun is the state of running one tool's implementation once its
// static checks are done: its examples, or explore's inputs (exploration),
// or calls (Callable).
type toolRun struct {
	c   *toolCheck
	out *toolFindings
	// runs are the runs of the implementation: the workspace, a private
	// copy of the tool folder (the examples, explore) or the folder itself
	// (calls), made on the first.
	runs *runner.Runs
	// ran is true once an example ran, so that unused-suppression judges
	// the run rules.
	ran bool
	// limited is true once a run did not end on its own, as its input and
	// the implementation alone decide: it timed out, passed an output
	// limit, was killed by a signal or canceled, or could not start. The
	// result cache then stores nothing of the tool.
	limited atomic.Bool
	// wrote is true once a run changed the folder it ran in, whatever the
	// rules and suppressions make of it (Callable.ReadOnly).
	wrote atomic.Bool
	// stderrShown holds, by its SHA-256, the stderr of each example whose
	// failure showed it, with the example's title: a later example that
	// prints the same (the same traceback) refers to it instead of
	// quoting it again.
	stderrShown map[[sha256.Size]byte]string
}

// examples lists the tool's examples. With cfg.Run they run one after
// another in document order against the implementation for cfg.Platform;
// otherwise, or when the tool cannot run here, each is skipped with the
// reason.
func (t *toolRun) examples(ctx context.Context, tr *result.ToolResult) []result.ExampleResult {
	c := t.c
	if c.spec.Examples == nil {
		return []result.ExampleResult{}
	}
	cases := c.spec.Examples.Cases
	out := make([]result.ExampleResult, len(cases))
	for i := range cases {
		out[i] = newExampleResult(&cases[i])
	}
	plan := c.runPlan()
	reason, argv, impl := plan.reason, plan.argv, plan.impl
	tr.Skipped = reason
	for i := range cases {
		er := &out[i]
		switch {
		case reason != "":
			er.SkipReason = reason
		case c.cfg.Explore != nil:
			er.SkipReason = "not run (explore runs generated inputs instead)"
		case ctx.Err() != nil:
			er.SkipReason = "interrupted before it ran"
		case !complete(&cases[i]):
			er.SkipReason = "the example is incomplete or its JSON does not parse (see example-syntax)"
		default:
			t.ran = true
			t.runExample(ctx, &cases[i], er, argv, impl)
			c.cfg.progress(Progress{Kind: ExampleDone, Tool: c.rel, Status: er.Status})
		}
	}
	return out
}

func newExampleResult(cs *contract.Case) result.ExampleResult {
	er := result.ExampleResult{Title: cs.Title, Line: cs.Pos.Line, Status: result.StatusSkipped, ExitCode: -1}
	if cs.Input != nil {
		er.InputLine = cs.Input.Pos.Line
	}
	if cs.Output != nil {
		er.OutputLine = cs.Output.Pos.Line
	}
	return er
}

func complete(cs *contract.Case) bool {
	return cs.Input != nil && cs.Output != nil && cs.Input.Err == nil && cs.Output.Err == nil
}

// runPlan is whether and how the tool's examples run here: runnable's
// answer, computed once (the requires-missing rule reports what it found
// missing).
type runPlan struct {
	reason string
	argv   []string
	impl   discover.ImplFile
	// missing are the requires entries not on PATH, when they are why the
	// examples do not run.
	missing []contract.String
}

// runPlan is the plan of the tool's examples, decided on first use (by
// requires-missing, during the static checks, or when the examples run).
func (c *toolCheck) runPlan() *runPlan {
	if c.plan == nil {
		c.plan = &runPlan{}
		c.plan.reason, c.plan.argv, c.plan.impl, c.plan.missing = c.runnable()
	}
	return c.plan
}

// runnable says why the tool's examples cannot run here (empty when they
// can), and otherwise how to start its implementation; missing are the
// requires entries not on PATH when they are the reason.
func (c *toolCheck) runnable() (reason string, argv []string, impl discover.ImplFile, missing []contract.String) {
	platform := c.cfg.Platform
	switch {
	case !c.cfg.Run && c.cfg.Explore == nil:
		return "not run (" + cmp.Or(c.cfg.NotRun, "--no-run") + ")", nil, impl, nil
	case c.spec.Frontmatter == nil || c.folder == nil:
		return "the contract could not be read", nil, impl, nil
	}
	fm := c.spec.Frontmatter
	if declared := values(fm.Platforms); len(declared) > 0 && !slices.Contains(declared, platform) {
		return fmt.Sprintf("platforms: %s; this run is for %s", strings.Join(declared, ", "), platform), nil, impl, nil
	}
	impls := c.folder.ImplementationsFor(platform)
	switch len(impls) {
	case 0:
		return fmt.Sprintf("no implementation for %s (%s.<ext>)", platform, platform), nil, impl, nil
	case 1:
		impl = impls[0]
		if bad, ok := c.badLinks[impl.Name]; ok {
			return fmt.Sprintf("%s %s (see implementation-runnable)", impl.Name, bad.Why), nil, impl, nil
		}
	default:
		return fmt.Sprintf("%d implementations for %s; keep one (see implementation-duplicate)", len(impls), platform), nil, impl, nil
	}
	for _, it := range fm.Requires {
		if it.Value == RequiresNetwork {
			continue
		}
		if _, err := exec.LookPath(it.Value); err != nil {
			missing = append(missing, it)
		}
	}
	if len(missing) > 0 {
		return "not on PATH: " + strings.Join(values(missing), ", "), nil, impl, missing
	}
	argv, err := runner.Resolve(impl.Path)
	if err != nil {
		// Started below as a crash, so that the example reports why.
		return "", nil, impl, nil
	}
	return "", argv, impl, nil
}

// runExample runs one case and has the run rules judge it.
func (t *toolRun) runExample(ctx context.Context, cs *contract.Case, er *result.ExampleResult, argv []string, impl discover.ImplFile) {
	c := t.c
	// Stdin is the input as the document writes it: an implementation
	// tested against the text of its own examples gets that text.
	stdin := []byte(cs.Input.Raw + "\n")
	er.Implementation = c.fileIn(impl.Name)
	er.Reproduce = runner.ReproduceLine(c.rel, stdin[:len(stdin)-1], runner.ReproduceArgv(argv, impl))
	run := &exampleRun{c: c, cs: cs, er: er, impl: impl}
	if argv == nil {
		_, run.startErr = runner.Resolve(impl.Path)
		er.ExitStatus = "could not start: " + c.localText(run.startErr.Error())
	} else {
		o, changed := t.runImplementation(ctx, argv, stdin)
		er.Duration = o.Duration
		er.ExitCode = o.ExitCode
		er.ExitStatus = c.localText(o.Status())
		er.Stdout = runner.CapText(o.Stdout)
		er.Stderr = runner.CapText(o.Stderr)
		run.o, run.startErr, run.changed = o, o.StartErr, changed
	}
	run.end = endingOf(run.o, run.startErr)
	run.stderrNote = t.stderrNote(run.o.Stderr)
	switch run.end {
	case endCanceled:
		er.SkipReason = "interrupted while it ran"
	case endAnswered:
		run.actual, run.stdoutErr = runner.ParseStdout(run.o.Stdout, run.stderrNote)
	}
	for _, r := range registry {
		if r.run != nil {
			r.run(run, t.out.reporter(r).to(&er.Findings))
		}
	}
	er.Findings = c.explain(run, er.Findings)
	er.Status = ExampleStatus(er)
	er.Denied = t.sealedDenial(er, run.o.Stdout, run.o.Stderr)
	if er.Status == result.StatusFailed || er.Status == result.StatusErrored {
		t.showedStderr(er.Title, run.o.Stderr)
	}
}

// stderrNote is what a message of a run says of its stderr: the end of it
// (runner.StderrTail), or, when an earlier example's failure showed the same
// stderr (the same traceback), which example's: a repeated traceback is
// shown once.
func (t *toolRun) stderrNote(stderr []byte) string {
	if runner.LastLine(stderr) == "" {
		return ""
	}
	if title, ok := t.stderrShown[sha256.Sum256(stderr)]; ok {
		return fmt.Sprintf("; stderr as in example %q", title)
	}
	return runner.StderrTail(stderr)
}

// showedStderr records that the failure of the example title showed its
// stderr, unless an earlier one showed the same.
func (t *toolRun) showedStderr(title string, stderr []byte) {
	if runner.LastLine(stderr) == "" {
		return
	}
	if t.stderrShown == nil {
		t.stderrShown = map[[sha256.Size]byte]string{}
	}
	sum := sha256.Sum256(stderr)
	if _, ok := t.stderrShown[sum]; !ok {
		t.stderrShown[sum] = title
	}
}

// exampleRun is one example's run, as the run rules judge it.
type exampleRun struct {
	c    *toolCheck
	cs   *contract.Case
	er   *result.ExampleResult
	impl discover.ImplFile
	// startErr is why the implementation could not start: its interpreter
	// could not be found, or starting it failed.
	startErr error
	o        runner.Outcome
	end      ending
	// actual is stdout as one JSON object; nil when the run did not end
	// with one (stdoutErr says why, when it answered).
	actual    any
	stdoutErr string
	// stderrNote is what a message says of the run's stderr (see
	// toolRun.stderrNote).
	stderrNote string
	// changed are the files the run created, changed or deleted in the
	// private copy of the tool folder it ran in.
	changed []runner.Change
}

// ending is how an example's run ended.
type ending int

const (
	endAnswered   ending = iota // it exited and its output was read
	endCanceled                 // interrupted (Ctrl-C) while it ran
	endNotStarted               // it could not start
	endTimedOut                 // it ran past --timeout
	endKilled                   // a signal killed it
	endOverflow                 // its output passed --max-output
)

// endingOf is how a run with the outcome o ended; startErr is why it could
// not start, if it could not.
func endingOf(o runner.Outcome, startErr error) ending {
	switch {
	case o.Canceled:
		return endCanceled
	case startErr != nil:
		return endNotStarted
	case o.TimedOut:
		return endTimedOut
	case o.Signal != "":
		return endKilled
	case o.StdoutOverflow || o.StderrOverflow:
		return endOverflow
	}
	return endAnswered
}

// runImplementation runs the implementation argv once with stdin in the
// tool's workspace (a private copy of the folder, or the folder itself for
// a call), and returns what happened and what the run changed in the
// folder it ran in.
func (t *toolRun) runImplementation(ctx context.Context, argv []string, stdin []byte) (runner.Outcome, []runner.Change) {
	o, changed := t.runs.Run(ctx, runner.Request{
		Argv:      argv,
		Stdin:     stdin,
		Timeout:   t.c.cfg.timeout(),
		MaxOutput: t.c.cfg.maxOutput(),
	})
	if len(changed) > 0 {
		t.wrote.Store(true)
	}
	if o.TimedOut || o.StdoutOverflow || o.StderrOverflow || o.Signal != "" || o.Canceled || o.StartErr != nil {
		t.limited.Store(true)
	}
	return o, changed
}

// newToolRun is the state of the tool's runs, placed as placement says. The
// workspace is made on the first run: the tool folder opened through the
// root's gate (discover.Gate), its copy (or, for calls, the folder itself),
// the sandbox, whose grants follow the interpreter and the requires commands.
func newToolRun(c *toolCheck, out *toolFindings, placement runner.Placement) *toolRun {
	open := func() (*os.Root, error) {
		r, err := discover.NewGate(c.cfg.Root).OpenFolder(c.dir)
		if err != nil {
			return nil, fmt.Errorf("the tool folder cannot be opened: %w", fserr.Cause(err))
		}
		return r, nil
	}
	home, _ := os.UserHomeDir()
	var requires []string
	if c.spec != nil && c.spec.Frontmatter != nil {
		for _, it := range c.spec.Frontmatter.Requires {
			if it.Value != RequiresNetwork {
				requires = append(requires, it.Value)
			}
		}
	}
	return &toolRun{c: c, out: out, runs: runner.NewRuns(open, c.absDir(), runner.Options{
		Placement:  placement,
		Sandbox:    c.cfg.Sandbox,
		Network:    c.requiresNetwork(),
		Repository: c.cfg.Root,
		Hidden:     []string{home},
		PassEnv:    c.cfg.PassEnv,
	}, requires)}
}

// RequiresNetwork is the requires entry that lets a tool's sealed runs use
// the network: a capability, not a command on PATH.
const RequiresNetwork = "network"

// requiresNetwork reports whether the tool's requires names the network.
func (c *toolCheck) requiresNetwork() bool {
	if c.spec == nil || c.spec.Frontmatter == nil {
		return false
	}
	return slices.ContainsFunc(c.spec.Frontmatter.Requires, func(s contract.String) bool { return s.Value == RequiresNetwork })
}

// seal is what the sandbox enforced on the tool's runs; ok is false when
// no workspace was made (nothing ran).
func (t *toolRun) seal() (seal runner.Seal, ok bool) { return t.runs.Seal() }

// place is where the run rules report: the case's output: line.
func (r *exampleRun) place() place {
	if out := r.cs.Output; out != nil {
		return atLine(out.Pos, out.Span)
	}
	return atLine(r.cs.Pos, r.cs.TitleSpan)
}

// localText replaces the tool folder's absolute path in a message (an OS
// error names the file it could not start) by its root-relative path, so that
// reports do not depend on where the tree is checked out.
func (c *toolCheck) localText(s string) string {
	return strings.ReplaceAll(s, c.absDir()+string(filepath.Separator), c.fileIn(""))
}

// ExampleStatus derives a run example's verdict from its skip reason and
// findings, so that a disabled rule does not fail an example: skipped for a
// skip reason, errored for a finding of a rule that says the run did not
// complete (Rule.errored: a timeout, a crash), failed for any other error,
// else passed. A caller that changes an example's findings judges it again
// with it (what a baseline leaves of an example).
func ExampleStatus(er *result.ExampleResult) result.Status {
	if er.SkipReason != "" {
		return result.StatusSkipped
	}
	status := result.StatusPassed
	for _, f := range er.Findings {
		switch {
		case RuleByID(f.Rule).errored:
			return result.StatusErrored
		case f.Severity == result.SeverityError:
			status = result.StatusFailed
		}
	}
	return status
}

// timeout is the time limit of one run.
func (cfg *Config) timeout() time.Duration {
	if cfg.Timeout > 0 {
		return cfg.Timeout
	}
	return DefaultTimeout
}

// maxOutput is the cap of one run's stdout and of its stderr.
func (cfg *Config) maxOutput() int64 {
	if cfg.MaxOutput > 0 {
		return cfg.MaxOutput
	}
	return DefaultMaxOutput
}
