package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/signal"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/speccify/speccify-lint/discover"
	"github.com/speccify/speccify-lint/internal/fserr"
	"github.com/speccify/speccify-lint/internal/gcbudget"
	"github.com/speccify/speccify-lint/internal/suggest"
	"github.com/speccify/speccify-lint/lint"
	"github.com/speccify/speccify-lint/mcpprofile"
	"github.com/speccify/speccify-lint/report"
	"github.com/speccify/speccify-lint/result"
)

var formats = report.Formats

// LintCmd lints tool contracts and runs their examples.
type LintCmd struct {
	Paths []string `arg:"" optional:"" name:"path" help:"Directories to search, TOOL.md files, or files inside tool folders (default: .)."`

	Format         string            `short:"f" enum:"${formats}" default:"text" help:"Report format on stdout: ${enum}."`
	Output         []string          `name:"output" short:"o" sep:"none" placeholder:"FORMAT=PATH" help:"Also write a report to a file, e.g. sarif=results.sarif (repeatable); PATH - puts it on stdout instead of the text report."`
	NoRun          bool              `help:"Only lint statically; do not run the examples."`
	Fix            bool              `xor:"fix" config:"-" help:"Apply the safe fixes of the findings in place (in passes, until nothing changes), then lint again and report what is left; the examples run only with --run."`
	Diff           bool              `xor:"fix" config:"-" help:"Print the fixes as unified diffs (one per file, paths relative to the root) instead of the report, without writing; exit 1 when there is something to fix."`
	Unsafe         bool              `name:"unsafe-fixes" config:"-" help:"With --fix or --diff, apply or show the unsafe fixes too: they change meaning and need a human look."`
	RunToo         bool              `name:"run" config:"-" help:"With --fix or --diff, run the examples too (they do not run by default then)."`
	FailOn         string            `enum:"error,warning,never" default:"error" help:"Exit 1 when a finding is at or above this severity: ${enum}."`
	Disable        []string          `sep:"none" placeholder:"RULE" help:"Turn a rule off (repeatable; see the rules command)."`
	Enable         []string          `sep:"none" placeholder:"RULE" help:"Turn a rule back on that the configuration file disables (repeatable)."`
	Exclude        []string          `sep:"none" placeholder:"GLOB" help:"Skip directories and tool folders whose root-relative path or name matches (repeatable)."`
	Baseline       string            `placeholder:"FILE" help:"Report only the findings that the baseline file FILE (written by --write-baseline) does not record; in the configuration file, FILE is relative to the file."`
	BaselineStrict bool              `name:"baseline-strict" help:"With a baseline, fail as an error finding does when an entry of it matches no finding any more (named at its line on stderr): write the baseline again, so that it cannot rot."`
	Severity       map[string]string `placeholder:"RULE=SEVERITY" help:"Set the severity of a rule's findings: note, warning or error (repeatable; severity: {RULE: SEVERITY} in the configuration file)."`
	Profile        []string          `placeholder:"NAME" help:"Also check each tool's schemas against what the client NAME refuses or ignores, for the mcp-tool rule: ${profile_list} (repeatable or comma-separated; mcp is always checked)."`

	RequireRun bool `name:"require-run" help:"Exit 1 when a tool whose examples could run here did not run them: its status is no-examples, not-implemented or missing-requirement (not-applicable, a tool not for this platform, never fails)."`

	Platform     string        `placeholder:"PLATFORM" help:"Platform whose implementations run: ${platform_list} (default: this machine)."`
	Root         string        `type:"existingdir" placeholder:"DIR" config:"-" help:"Directory report paths are relative to (default: the git top level, else the working directory)."`
	Config       string        `placeholder:"FILE" config:"-" help:"Configuration file (default: .speccify-lint.yaml or .speccify-lint.yml in the working directory or the nearest directory above it that has one)."`
	Timeout      time.Duration `default:"${default_timeout}" help:"Time limit for one example run."`
	MaxOutput    byteSize      `default:"${default_max_output}" help:"Cap for what one example may print on stdout and on stderr each (a size such as 512KiB)."`
	Jobs         int           `short:"j" placeholder:"N" help:"Tools whose examples run at once, and tools checked statically at once (default: the number of CPUs)."`
	SandboxFlags `embed:""`
	CacheFlags   `embed:""`
	Color        string `enum:"auto,always,never" default:"auto" help:"Colour in text output: ${enum} (auto: on a terminal without NO_COLOR)."`
	Verbose      bool   `short:"v" xor:"verbosity" help:"List every example with its verdict and duration in the text report."`
	Quiet        bool   `short:"q" xor:"verbosity" help:"Print only the findings in the text report: no summary, no skipped lines, no status line."`

	MaxAnswerTokens int `placeholder:"N" default:"${default_tokens}" help:"Answer budget, in tokens estimated as UTF-8 bytes / 4: explore reports an answer over it (explore-answer-size), and mcp-tool-size a tool definition over 2/5 of it (default: ${default_tokens}, Claude Code's MAX_MCP_OUTPUT_TOKENS)."`

	CoverageThreshold int `placeholder:"PERCENT" help:"Report each part of a tool's contract that no example exercises (the coverage rule) when the examples cover less than PERCENT of it, 1 to 100 (default: 0, the rule is off)."`

	NoTimestamps  bool   `help:"Leave timestamps out of reports and report durations as 0, for byte-identical reports."`
	JUnitStrict   bool   `name:"junit-strict" help:"Leave out the file and line attributes of JUnit test cases, which Jenkins' junit-10.xsd does not allow."`
	SARIFCategory string `name:"sarif-category" placeholder:"CATEGORY" help:"Code scanning category of the SARIF run, to tell several uploads apart (default: speccify-lint; --shard K/N adds /shard-K-of-N)."`

	WriteBaseline string `placeholder:"FILE" config:"-" help:"Record the findings of this run in the baseline file FILE and exit 0."`
	Shard         string `placeholder:"K/N" config:"-" help:"Check only shard K of N of the tool folders (by a hash of their path; skill folders go to shard 1); merge the shards' JSON reports with the merge command."`
	ChangedSince  string `placeholder:"REV" config:"-" help:"Check only the tool folders with a file changed since the git revision REV (committed, staged, unstaged or untracked)."`
	Against       string `placeholder:"REV" config:"-" help:"Compare each tool's contract with the one at the git revision REV, read from git without a checkout: breaking inputs and outputs (each with a witness value), tools removed, platforms dropped, effects widened, requires added."`

	// origins says where each flag that was set was set: on the command
	// line or in the configuration file. A flag not in it has its default.
	origins map[string]settingOrigin
	// baseline is the --baseline file, read once (readBaseline).
	baseline *report.Baseline
	// stale are the entries of the baseline that the last lint looked for
	// and no finding matched, with --baseline-strict (applyBaseline).
	stale []report.BaselineEntry
}

// Run lints, reports and sets the exit code.
func (c *LintCmd) Run(env *runEnv) error {
	return c.run(env, nil)
}

// lintPlan is what a lint run is to do, decided before anything runs: the
// flags checked, the tool folders found, the configuration of the lint and
// the reports to write.
type lintPlan struct {
	root     string
	paths    []string
	reports  reportPlan
	baseline *report.Baseline
	disc     *discover.Discovery
	cfg      lint.Config
}

// run lints (with explore, explores) the tool folders: a plan, its
// execution, and the emission of the reports and the exit code.
func (c *LintCmd) run(env *runEnv, explore *lint.ExploreConfig) error {
	p, err := c.plan(env, explore)
	if err != nil {
		return err
	}
	gcbudget.SetLimit(len(p.disc.Tools))
	ctx, stop := signal.NotifyContext(context.Background(), stopSignals...)
	defer stop()
	closeAll, err := c.open(env, &p)
	defer closeAll()
	if err != nil {
		return err
	}
	if c.Diff {
		return c.diff(ctx, env, p.disc, p.cfg)
	}
	res, wrote, err := c.execute(ctx, env, &p)
	if err != nil {
		return err
	}
	if err := c.emit(ctx, env, &p, res); err != nil {
		return err
	}
	c.setExitCode(env, res, wrote)
	return nil
}

// plan checks the flags (every usage error before anything runs, a
// --baseline file that is not one too), finds the tool folders and makes
// the lint's configuration.
func (c *LintCmd) plan(env *runEnv, explore *lint.ExploreConfig) (lintPlan, error) {
	root, err := resolveRoot(c.Root)
	if err != nil {
		return lintPlan{}, usageError{err}
	}
	reports, err := c.planReports()
	if err != nil {
		return lintPlan{}, usageError{err}
	}
	disabled, err := ruleSet(c.Disable, c.Enable)
	if err != nil {
		return lintPlan{}, usageError{err}
	}
	severities, err := severityOverrides(c.Severity)
	if err != nil {
		return lintPlan{}, usageError{err}
	}
	if err := c.checkValues(); err != nil {
		return lintPlan{}, err
	}
	baseline, err := c.readBaseline()
	if err != nil {
		return lintPlan{}, usageError{err}
	}
	paths := c.Paths
	if len(paths) == 0 {
		paths = []string{"."}
	}
	if err := checkPaths(paths, env.commands); err != nil {
		return lintPlan{}, usageError{err}
	}
	if c.Root == "" {
		if own := ownRoot(root, paths); own != root {
			fmt.Fprintf(env.stderr, "speccify-lint: %s lies outside %s: checked from its own root, %s\n", paths[0], root, own)
			root = own
		}
	}
	disc, shard, err := c.discover(paths, root, true, env.stderr)
	if err != nil {
		return lintPlan{}, usageError{err}
	}
	cfg := lint.Config{
		Version: currentVersion(), Root: root, Platform: c.Platform,
		Run: c.runExamples() || explore != nil, NotRun: c.notRun(),
		Disabled: disabled, Severities: severities, Profiles: c.Profile,
		Jobs: c.Jobs, Timeout: c.Timeout, MaxOutput: int64(c.MaxOutput), MaxAnswerTokens: c.MaxAnswerTokens,
		CoverageThreshold: c.CoverageThreshold, Shard: shard.String(), Explore: explore,
	}
	return lintPlan{root: root, paths: paths, reports: reports, baseline: baseline, disc: disc, cfg: cfg}, nil
}

// checkValues checks the flags whose values lint does not check itself,
// each error naming its flag.
func (c *LintCmd) checkValues() error {
	if err := checkFlags(append(runFlagChecks(c.Platform, c.Jobs, c.Timeout, c.MaxAnswerTokens),
		flagCheck{"--profile", mcpprofile.CheckNames(c.Profile)},
		flagCheck{"--coverage-threshold", checkCoverageThreshold(c.CoverageThreshold)})...); err != nil {
		return err
	}
	if err := c.checkFixFlags(); err != nil {
		return usageError{err}
	}
	if err := c.checkRevisions(); err != nil {
		return usageError{err}
	}
	if c.BaselineStrict && c.Baseline == "" && c.WriteBaseline == "" {
		return usageErrorf("--baseline-strict judges the baseline file: give it with --baseline FILE (or baseline: in the configuration file)")
	}
	return nil
}

// open gives the plan's lint what it holds open while it runs: the kernel
// sandbox's mode, the result cache, the revision --against compares with.
// The function it returns closes them, whatever the error.
func (c *LintCmd) open(env *runEnv, p *lintPlan) (func(), error) {
	var closers []func()
	closeAll := func() {
		for _, f := range slices.Backward(closers) {
			f()
		}
	}
	if err := c.SandboxFlags.apply(&p.cfg, p.cfg.Run || p.cfg.Explore != nil, env.stderr); err != nil {
		return closeAll, err
	}
	if c.Against == "" {
		// --against compares with git's tree, which the cache does not key.
		p.cfg.Cache = c.CacheFlags.open(p.root, env.stderr)
		cache := p.cfg.Cache
		closers = append(closers, func() { closeCache(cache) })
		return closeAll, nil
	}
	against, err := openAgainst(p.root, "--against", c.Against, p.disc)
	if err != nil {
		return closeAll, usageError{err}
	}
	closers = append(closers, func() { against.Revision.Close() })
	p.cfg.Against = against
	return closeAll, nil
}

// execute lints the plan's tool folders (after --fix's fixes, or not at
// all when --fix's static lint is the report) with the progress shown as
// the terminal or the log wants it, and applies --baseline; wrote says
// that --write-baseline wrote the baseline.
func (c *LintCmd) execute(ctx context.Context, env *runEnv, p *lintPlan) (res *result.Result, wrote bool, err error) {
	if c.Fix {
		fixed, err := c.fix(ctx, env, p.paths, p.disc, p.cfg)
		if err != nil {
			return nil, false, err
		}
		if !fixed.LintAgain {
			return fixed.Report, false, nil
		}
		p.disc = fixed.Disc
	}
	cfg := p.cfg
	var progress *progressLine
	running := cfg.Run || cfg.Explore != nil
	if wantProgress(env.stderr, running, c.Quiet) {
		progress = startProgress(env.stderr, len(p.disc.Tools), cfg.Explore != nil)
		cfg.Progress = progress.event
	} else if wantStream(running, c.Quiet) {
		// With -v the examples' lines stream only when the report on
		// stdout does not list them: a CI log holds both streams, and
		// each line once.
		stream := newToolStream(ctx, env.stderr, lint.ToolDirs(p.root, p.disc), report.Options{
			Color: c.useColor("text", env.stderr), NoTimestamps: c.NoTimestamps,
			Verbose: c.Verbose && !report.ListsExamples(p.reports.stdout),
		}, p.baseline)
		cfg.Progress = stream.event
	}
	res = lint.Lint(ctx, p.disc, cfg)
	wrote, err = c.applyBaseline(env, res, &cfg)
	if err != nil {
		return nil, false, usageError{err}
	}
	if progress != nil {
		progress.stop()
	}
	return res, wrote, nil
}

// emit writes the reports the plan names (the files, the step summary,
// stdout) and the errors and stale baseline entries on stderr.
func (c *LintCmd) emit(ctx context.Context, env *runEnv, p *lintPlan, res *result.Result) error {
	c.verifyFixes(ctx, env, p.reports, res, p.cfg)
	opt := c.reportOptions(p, res, env)
	for _, o := range p.reports.files {
		if err := writeReportFile(o.path, o.format, res, opt); err != nil {
			return usageError{err}
		}
	}
	if p.reports.stdout == "github" {
		if summary := os.Getenv("GITHUB_STEP_SUMMARY"); summary != "" {
			if err := report.AppendStepSummary(summary, res, opt); err != nil {
				fmt.Fprintf(env.stderr, "speccify-lint: step summary: %v\n", err)
			}
		}
	}
	w := bufio.NewWriter(env.stdout)
	if err := report.Write(w, p.reports.stdout, res, opt); err != nil {
		return err
	}
	if err := w.Flush(); err != nil {
		return err
	}
	for _, msg := range res.InternalErrors {
		fmt.Fprintf(env.stderr, "speccify-lint: %s\n", msg)
	}
	for _, e := range c.stale {
		fmt.Fprintln(env.stderr, report.StaleLine(c.baseline.Path(), e))
	}
	return nil
}

// reportOptions are the options of every report of the plan's result res.
func (c *LintCmd) reportOptions(p *lintPlan, res *result.Result, env *runEnv) report.Options {
	opt := report.Options{
		Color:         c.useColor(p.reports.stdout, env.stdout),
		Hyperlinks:    c.useHyperlinks(p.reports.stdout, env.stdout),
		NoTimestamps:  c.NoTimestamps,
		SARIFCategory: c.SARIFCategory,
		JUnitStrict:   c.JUnitStrict,
		SourceURL:     report.GitHubSourceURL(os.Getenv),
		Verbose:       c.Verbose,
		Quiet:         c.Quiet,
		Warn:          env.reportWarning,
		NotRun:        c.notRun(),
	}
	if p.cfg.Against != nil {
		opt.Against, opt.Drift = c.Against, lint.DriftOf(res, p.cfg)
	}
	return opt
}

// setExitCode sets the run's exit code from its result res: 2 when it was
// interrupted or could not check everything, else 1 when --require-run,
// --fail-on or --baseline-strict fail it; wrote (--write-baseline) judges
// nothing.
func (c *LintCmd) setExitCode(env *runEnv, res *result.Result, wrote bool) {
	switch {
	case res.Interrupted:
		fmt.Fprintln(env.stderr, "speccify-lint: interrupted; the report covers what finished")
		env.exitCode = exitUsage
	case len(res.InternalErrors) > 0 || env.exitCode == exitUsage:
		env.exitCode = exitUsage
	case wrote:
		// --write-baseline records the findings; it does not judge them.
	case c.RequireRun && len(res.Unverified()) > 0:
		fmt.Fprintln(env.stderr, unverifiedNote(res.Unverified()))
		env.exitCode = 1
	case res.Fails(failThreshold(c.FailOn)):
		env.exitCode = 1
	case len(c.stale) > 0 && failThreshold(c.FailOn) != result.SeverityNone:
		// A stale entry fails the run as an error finding would.
		env.exitCode = 1
	}
}

// unverifiedNote is what --require-run says on stderr when it fails the
// run: the tools it fails on, each with its status, the first
// maxUnverifiedNamed of them by name.
func unverifiedNote(tools []*result.ToolResult) string {
	const maxUnverifiedNamed = 10
	var named []string
	for _, t := range tools[:min(len(tools), maxUnverifiedNamed)] {
		named = append(named, fmt.Sprintf("%s (%s)", t.Spec, t.Status))
	}
	if more := len(tools) - len(named); more > 0 {
		named = append(named, fmt.Sprintf("and %d more", more))
	}
	what := "1 tool cannot run its examples here"
	if len(tools) > 1 {
		what = fmt.Sprintf("%d tools cannot run their examples here", len(tools))
	}
	return "speccify-lint: --require-run: " + what + ": " + strings.Join(named, ", ")
}

func failThreshold(name string) result.Severity {
	if name == "never" {
		return result.SeverityNone
	}
	s, _ := result.ParseSeverity(name)
	return s
}

// noToolsNote makes a run that checks no tool folder visible: it says so
// on stderr, and it is an error when the paths do hold a TOOL.md, each in
// a directory the walk skips (root is the root the paths are in). found is
// how many tool folders the walk found, left how many --shard and
// --changed-since left of them.
func noToolsNote(stderr io.Writer, root string, paths []string, found, left int) error {
	switch {
	case left > 0:
		return nil
	case found > 0:
		fmt.Fprintf(stderr, "speccify-lint: no tool folder to check: --shard and --changed-since leave none of the %d found\n", found)
		return nil
	}
	if spec, ok := discover.SkippedSpec(root, paths); ok {
		return fmt.Errorf("no tool folder checked, but %s is a contract in a directory the walk skips (.git, node_modules, vendor, testdata or an --exclude); name its folder to check it", filepath.ToSlash(spec))
	}
	fmt.Fprintf(stderr, "speccify-lint: no tool folder found: no TOOL.md under %s\n", strings.Join(paths, ", "))
	return nil
}

// useColor decides on colour for the report of format on w.
func (c *LintCmd) useColor(format string, w io.Writer) bool {
	switch c.Color {
	case "always":
		return true
	case "never":
		return false
	}
	if os.Getenv("NO_COLOR") != "" || format != "text" {
		return false
	}
	return isTerminal(w)
}

// ruleSet validates --disable/--enable and returns the disabled rules.
func ruleSet(disable, enable []string) (map[string]bool, error) {
	out := map[string]bool{}
	for _, list := range [][]string{disable, enable} {
		for _, id := range list {
			if lint.RuleByID(id) == nil {
				return nil, unknownRule(id)
			}
		}
	}
	for _, id := range disable {
		out[id] = true
	}
	for _, id := range enable {
		delete(out, id)
	}
	return out, nil
}

// unknownRule is the error for a rule id no rule has, with the nearest id.
func unknownRule(id string) error {
	if near := suggest.Nearest(id, ruleIDs()); near != "" {
		return fmt.Errorf("unknown rule %q; did you mean %s? `speccify-lint rules` lists them", id, near)
	}
	return fmt.Errorf("unknown rule %q; `speccify-lint rules` lists them", id)
}

// ruleIDs are the ids of every rule, in documentation order.
func ruleIDs() []string {
	var ids []string
	for _, r := range lint.Rules() {
		ids = append(ids, r.ID)
	}
	return ids
}

// checkPaths fails on the first path that does not exist. When it is the
// first argument and near a command's name (rulez), or is help, the user
// meant a command: the error says which.
func checkPaths(paths, commands []string) error {
	for i, p := range paths {
		_, err := os.Stat(p)
		if err == nil {
			continue
		}
		if i == 0 && errors.Is(err, fs.ErrNotExist) {
			if p == "help" {
				return fmt.Errorf("%q is neither a command nor a path; did you mean speccify-lint --help?", p)
			}
			if near := suggest.Nearest(p, commands); near != "" {
				return fmt.Errorf("%q is neither a command nor a path; did you mean speccify-lint %s?", p, near)
			}
		}
		return fmt.Errorf("%s: %w", p, fserr.Cause(err))
	}
	return nil
}

// ownRoot is the root of the paths named on the command line when --root is
// not set: root (the working directory's git top level, else the working
// directory), unless every path lies outside it, where the paths have a
// root of their own, as ruff and golangci-lint check another project from
// wherever they are started: the git top level of the first path, else the
// first path itself (its directory when it is a file), when every path lies
// inside it. A path inside root, or paths of different roots, keep root (a
// path outside it is then an error, as before). Whichever the root, each
// path goes through its gate (discover.Discover): a symbolic link to a
// directory on its way is not followed.
func ownRoot(root string, paths []string) string {
	outside := func(root, p string) bool {
		_, err := discover.NewGate(root).Resolve(p)
		var out *discover.OutsideError
		return errors.As(err, &out)
	}
	if len(paths) == 0 || slices.ContainsFunc(paths, func(p string) bool { return !outside(root, p) }) {
		return root
	}
	first, err := filepath.Abs(paths[0])
	if err != nil {
		return root
	}
	own, ok := discover.TopLevel(first)
	if !ok {
		own = first
		if info, err := os.Stat(first); err == nil && !info.IsDir() {
			own = filepath.Dir(first)
		}
	}
	if slices.ContainsFunc(paths, func(p string) bool { return outside(own, p) }) {
		return root
	}
	return own
}

// resolveRoot is --root, else the git top level of the working directory,
// else the working directory; always absolute.
func resolveRoot(flag string) (string, error) {
	if flag != "" {
		return filepath.Abs(flag)
	}
	wd, err := os.Getwd()
	if err != nil {
		return "", err
	}
	if top, ok := discover.TopLevel(wd); ok {
		return top, nil
	}
	return wd, nil
}
