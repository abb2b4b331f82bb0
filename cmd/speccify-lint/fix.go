package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/speccify/speccify-lint/autofix"
	"github.com/speccify/speccify-lint/discover"
	"github.com/speccify/speccify-lint/internal/cilog"
	"github.com/speccify/speccify-lint/lint"
	"github.com/speccify/speccify-lint/report"
)

// checkFixFlags rejects the flags that only mean something with --fix or
// --diff when neither is given, --run with --no-run, and fixing in the
// explore command.
func (c *LintCmd) checkFixFlags(explore bool) error {
	fixing := c.Fix || c.Diff
	switch {
	case fixing && explore:
		return errors.New("--fix and --diff go with the lint command; explore reports what it finds")
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

// discover finds the tool folders under paths and narrows them (--shard,
// --changed-since); with note, it says on stderr when that leaves none.
func (c *LintCmd) discover(paths []string, root string, note bool, stderr io.Writer) (*discover.Discovery, discover.Shard, error) {
	disc, err := discover.Discover(paths, discover.Options{Root: root, Exclude: c.Exclude})
	if outside := (*discover.OutsideError)(nil); errors.As(err, &outside) {
		return nil, discover.Shard{}, fmt.Errorf("%w; name a path inside it, or set --root", err)
	}
	if err != nil {
		return nil, discover.Shard{}, err
	}
	followed := paths
	if note && len(disc.Unfollowed) > 0 {
		followed = nil
		for _, p := range paths {
			if !slices.ContainsFunc(disc.Unfollowed, func(u discover.Unfollowed) bool { return u.Path == p }) {
				followed = append(followed, p)
			}
		}
		for _, u := range disc.Unfollowed {
			fmt.Fprintf(stderr, "speccify-lint: %s: not checked: %s is a symbolic link to a directory, which speccify-lint does not follow\n", u.Path, discover.RelPath(root, u.Link))
		}
	}
	found := len(disc.Tools)
	shard, err := c.narrow(disc, root)
	if err != nil {
		return nil, shard, err
	}
	if note && len(followed) > 0 {
		if err := noToolsNote(stderr, root, followed, found, len(disc.Tools)); err != nil {
			return nil, shard, err
		}
	}
	return disc, shard, nil
}

// staticLint lints disc statically (what --fix fixes) and takes out what
// --baseline records, so that only reported findings are fixed.
func (c *LintCmd) staticLint(ctx context.Context, env *runEnv, disc *discover.Discovery, cfg lint.Config) (*lint.Result, error) {
	cfg.Run = false
	return c.lintOnce(ctx, env, disc, cfg)
}

// lintOnce lints disc and takes out what --baseline records.
func (c *LintCmd) lintOnce(ctx context.Context, env *runEnv, disc *discover.Discovery, cfg lint.Config) (*lint.Result, error) {
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
	opt.Keep = func(tr *lint.ToolResult) {
		r := &lint.Result{Tools: []lint.ToolResult{*tr}}
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

// fix lints statically, computes the fixes to a fixed point (every pass in
// memory, each fix of a TOOL.md verified: autofix.Changes), writes each
// changed file once, and says what it fixed. It returns the lint's result
// when that is the report (nothing changed, the examples not to run), else
// nil, and the tree as found again (a fix may delete a file).
func (c *LintCmd) fix(ctx context.Context, env *runEnv, paths []string, disc *discover.Discovery, cfg lint.Config) (*lint.Result, *discover.Discovery, error) {
	res, err := c.staticLint(ctx, env, disc, cfg)
	if err != nil {
		return nil, nil, err
	}
	opt, err := c.fixOptions(cfg)
	if err != nil {
		return nil, nil, usageError{err}
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
		return res, disc, nil
	}
	if len(out.Files) > 0 {
		if disc, err = c.rediscover(paths, disc, cfg.Root); err != nil {
			return nil, nil, usageError{err}
		}
	}
	return nil, disc, nil
}

// verifyFixes takes out of res the fixes --fix would not make (see
// autofix.Verify), when one of the reports planned shows fixes, so that
// what they show is what --fix makes.
func (c *LintCmd) verifyFixes(ctx context.Context, env *runEnv, plan reportPlan, res *lint.Result, cfg lint.Config) {
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

// rediscover finds the tool folders again after fixes: under paths, as
// the first time; when a fix deleted a file that paths name (pre-commit
// passes the files), under the paths that are left and the folders found
// the first time.
func (c *LintCmd) rediscover(paths []string, found *discover.Discovery, root string) (*discover.Discovery, error) {
	var left []string
	for _, p := range paths {
		if _, err := os.Lstat(p); err == nil {
			left = append(left, p)
		}
	}
	if len(left) < len(paths) {
		for _, t := range found.Tools {
			left = append(left, t.Dir)
		}
		left = append(left, found.Skills...)
	}
	disc, _, err := c.discover(left, root, false, nil)
	return disc, err
}
