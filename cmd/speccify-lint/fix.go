package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/speccify/speccify-lint/autofix"
	"github.com/speccify/speccify-lint/discover"
	"github.com/speccify/speccify-lint/internal/cilog"
	"github.com/speccify/speccify-lint/lint"
	"github.com/speccify/speccify-lint/report"
	"github.com/speccify/speccify-lint/result"
)

// checkFixFlags rejects the flags that only mean something with --fix or
// --diff when neither is given, and --run with --no-run. The explore
// command fixes too: its --fix --unsafe-fixes adds the cases it ran that
// close the coverage findings.
func (c *LintCmd) checkFixFlags() error {
	fixing := c.Fix || c.Diff
	switch {
	case c.RunToo && c.NoRun:
		return errors.New("--run and --no-run: choose one")
	case c.RunToo && !fixing:
		return errors.New("--run goes with --fix or --diff (the examples run by default otherwise)")
	case c.Unsafe && !fixing:
		return errors.New("--unsafe-fixes goes with --fix or --diff")
	case fixing && c.WriteBaseline != "":
		return errors.New("--write-baseline records findings; it does not go with --fix or --diff")
	}
	return nil
}

// runExamples reports whether the examples run: not with --no-run, and
// with --fix or --diff only when --run asks.
func (c *LintCmd) runExamples() bool {
	if c.Fix || c.Diff {
		return c.RunToo
	}
	return !c.NoRun
}

// notRun says what keeps the examples from running when they do not (see
// runExamples), as the summary and the skip reasons name it.
func (c *LintCmd) notRun() string {
	switch {
	case c.NoRun:
		return "--no-run"
	case c.Fix:
		return "--fix without --run"
	case c.Diff:
		return "--diff without --run"
	}
	return "--no-run"
}

// staticLint lints disc statically (what --fix fixes) and takes out what
// --baseline records, so that only reported findings are fixed.
func (c *LintCmd) staticLint(ctx context.Context, env *runEnv, disc *discover.Discovery, cfg lint.Config) (*result.Result, error) {
	cfg.Run = false
	return c.lintOnce(ctx, env, disc, cfg)
}

// lintOnce lints disc and takes out what --baseline records.
func (c *LintCmd) lintOnce(ctx context.Context, env *runEnv, disc *discover.Discovery, cfg lint.Config) (*result.Result, error) {
	res := lint.Lint(ctx, disc, cfg)
	if _, err := c.applyBaseline(env, res, &cfg); err != nil {
		return nil, usageError{err}
	}
	return res, nil
}

// fixOptions are the options of the fixes of a lint with cfg: the fixed
// texts are checked with cfg, and what --baseline records is not fixed.
func (c *LintCmd) fixOptions(cfg lint.Config) (autofix.Options, error) {
	opt := autofix.Options{Root: cfg.Root, Unsafe: c.Unsafe, Check: autofix.CheckWith(cfg)}
	b, err := c.readBaseline()
	if err != nil || b == nil {
		return opt, err
	}
	opt.Keep = func(tr *result.ToolResult) {
		r := &result.Result{Tools: []result.ToolResult{*tr}}
		b.Apply(r)
		*tr = r.Tools[0]
	}
	return opt, nil
}

// diff prints what --fix would write (every pass, the fixes verified) as
// unified diffs, from one lint (static unless --run), and sets the exit
// code: 1 when there is something to fix, 2 when a file could not be read.
func (c *LintCmd) diff(ctx context.Context, env *runEnv, disc *discover.Discovery, cfg lint.Config) error {
	res, err := c.lintOnce(ctx, env, disc, cfg)
	if err != nil {
		return err
	}
	opt, err := c.fixOptions(cfg)
	if err != nil {
		return usageError{err}
	}
	changes, errs := autofix.Changes(ctx, res, opt)
	var diff strings.Builder
	if err := autofix.WriteDiff(&diff, changes); err != nil {
		return err
	}
	shown, altered := logSafeDiff(diff.String())
	if _, err := io.WriteString(env.stdout, shown); err != nil {
		return err
	}
	if altered > 0 {
		fmt.Fprintf(env.stderr, "speccify-lint: %s of the diff would be CI commands in a log: shown with ** for their ## or ::, so the diff is not the change (git apply would write the ** or refuse it); --fix makes the change\n", report.Plural(altered, "line"))
	}
	for _, e := range errs {
		fmt.Fprintf(env.stderr, "speccify-lint: %s\n", e)
	}
	switch {
	case len(errs) > 0 || res.Interrupted:
		env.exitCode = exitUsage
	case len(changes) > 0:
		env.exitCode = 1
	}
	return nil
}

// logSafeDiff is a diff as --diff prints it: every line that a CI system
// would read as a command (the TOOL.md text it quotes comes from the pull
// request) neutralised as the text report does, and how many lines that
// changed. The diff cannot escape them, so it is then not the change.
func logSafeDiff(diff string) (string, int) {
	shown := cilog.Neutralize(diff)
	if shown == diff {
		return diff, 0
	}
	altered := 0
	was := strings.Split(diff, "\n")
	for i, line := range strings.Split(shown, "\n") {
		if line != was[i] {
			altered++
		}
	}
	return shown, altered
}

// fixOutcome is what --fix leaves the run to do once it has written its
// fixes: report the static lint it fixed from (Report), or lint the tree
// again (LintAgain), which it must when it changed a file or when the
// examples are to run.
type fixOutcome struct {
	// Report is the result to report as it is; nil with LintAgain.
	Report *result.Result
	// LintAgain says that the tree, Disc, is to be linted again.
	LintAgain bool
	// Disc is the tool folders found again after the fixes.
	Disc *discover.Discovery
}

// fix lints statically, computes the fixes to a fixed point (every pass in
// memory, each fix of a TOOL.md verified: autofix.Changes), writes each
// changed file once, says what it fixed, and what is left to do: report
// that lint (nothing changed, the examples not to run) or lint again the
// tree as found again (a fix may delete a file).
func (c *LintCmd) fix(ctx context.Context, env *runEnv, paths []string, disc *discover.Discovery, cfg lint.Config) (fixOutcome, error) {
	res, err := c.staticLint(ctx, env, disc, cfg)
	if err != nil {
		return fixOutcome{}, err
	}
	opt, err := c.fixOptions(cfg)
	if err != nil {
		return fixOutcome{}, usageError{err}
	}
	changes, errs := autofix.Changes(ctx, res, opt)
	out := autofix.Write(changes)
	for _, e := range errs {
		out.Errors = append(out.Errors, e.Error())
	}
	for _, msg := range out.Errors {
		fmt.Fprintf(env.stderr, "speccify-lint: %s\n", msg)
	}
	if len(out.Errors) > 0 {
		env.exitCode = exitUsage
	}
	if out.Fixed > 0 {
		fmt.Fprintf(env.stderr, "speccify-lint: fixed %s in %s\n", report.Plural(out.Fixed, "finding"), report.Plural(len(out.Files), "file"))
	}
	if len(out.Files) == 0 && !cfg.Run {
		return fixOutcome{Report: res, Disc: disc}, nil
	}
	if len(out.Files) > 0 {
		if disc, err = c.rediscover(paths, disc, cfg.Root); err != nil {
			return fixOutcome{}, usageError{err}
		}
	}
	return fixOutcome{LintAgain: true, Disc: disc}, nil
}

// verifyFixes takes out of res the fixes --fix would not make (see
// autofix.Verify), when one of the reports planned shows fixes, so that
// what they show is what --fix makes.
func (c *LintCmd) verifyFixes(ctx context.Context, env *runEnv, plan reportPlan, res *result.Result, cfg lint.Config) {
	shows := report.ShowsFixes(plan.stdout)
	for _, o := range plan.files {
		shows = shows || report.ShowsFixes(o.format)
	}
	if !shows {
		return
	}
	for _, e := range autofix.Verify(ctx, res, autofix.Options{Root: cfg.Root, Check: autofix.CheckWith(cfg)}) {
		fmt.Fprintf(env.stderr, "speccify-lint: %s\n", e)
		env.exitCode = exitUsage
	}
}
