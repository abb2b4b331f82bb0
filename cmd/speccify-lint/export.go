package main

import (
	"context"
	"fmt"
	"os/signal"
	"time"

	"github.com/speccify/speccify-lint/lint"
	"github.com/speccify/speccify-lint/mcpprofile"
	"github.com/speccify/speccify-lint/mcptool"
	"github.com/speccify/speccify-lint/result"
)

// ExportCmd prints the tool folders' contracts in another tool format.
type ExportCmd struct {
	Paths []string `arg:"" optional:"" name:"path" help:"Directories to search, TOOL.md files, or files inside tool folders (default: .)."`

	Format       string        `short:"f" enum:"mcp" required:"" help:"The format: mcp (the tools/list result of the Model Context Protocol, specification 2025-11-25)."`
	RunToo       bool          `name:"run" help:"Run each tool's examples, so that a tool whose effects says it writes nothing and whose examples changed nothing gets readOnlyHint: true."`
	Exclude      []string      `sep:"none" placeholder:"GLOB" help:"Skip directories and tool folders whose root-relative path or name matches (repeatable)."`
	Platform     string        `placeholder:"PLATFORM" help:"Platform whose implementations run with --run: ${platform_list} (default: this machine)."`
	Root         string        `type:"existingdir" placeholder:"DIR" help:"Directory the paths must lie in (default: the git top level, else the working directory)."`
	Timeout      time.Duration `default:"${default_timeout}" help:"Time limit for one example run."`
	MaxOutput    byteSize      `default:"${default_max_output}" help:"Cap for what one example may print on stdout and on stderr each."`
	Profile      []string      `placeholder:"NAME" help:"Leave out the tools that the client NAME refuses, and say on stderr what it ignores: ${profile_list} (repeatable or comma-separated; mcp is always checked; see the mcp-tool rule)."`
	SandboxFlags `embed:""`

	MaxAnswerTokens int  `placeholder:"N" default:"${default_tokens}" help:"Answer budget, in tokens estimated as UTF-8 bytes / 4: a tool list over 2/5 of it is a warning on stderr, as mcp-tool-size warns of one definition (default: ${default_tokens})."`
	Sizes           bool `help:"Print each tool definition's size and the tool list's on stderr, in bytes and in tokens estimated as UTF-8 bytes / 4."`

	ProjectConfig `embed:"" set:"config_settings=exclude, platform, timeout, max-output, profile and max-answer-tokens"`
}

// Run exports; the exit code is 1 when a tool folder was left out (the
// reason on stderr).
func (c *ExportCmd) Run(env *runEnv) error {
	root, err := resolveRoot(c.Root)
	if err != nil {
		return usageError{err}
	}
	if err := checkFlags(runFlagChecks(c.Platform, 0, c.Timeout, c.MaxAnswerTokens)...); err != nil {
		return err
	}
	if err := mcpprofile.CheckNames(c.Profile); err != nil {
		return usageErrorf("--profile: %v", err)
	}
	paths := c.Paths
	if len(paths) == 0 {
		paths = []string{"."}
	}
	if err := checkPaths(paths, env.commands); err != nil {
		return usageError{err}
	}
	// Found as lint finds them: through the gate, with its notes.
	disc, _, err := (&LintCmd{Exclude: c.Exclude}).discover(paths, root, true, env.stderr)
	if err != nil {
		return usageError{err}
	}
	ctx, stop := signal.NotifyContext(context.Background(), stopSignals...)
	defer stop()
	cfg := lint.Config{Version: currentVersion(), Root: root, Platform: c.Platform, Run: true, Timeout: c.Timeout, MaxOutput: int64(c.MaxOutput), MaxAnswerTokens: c.MaxAnswerTokens, Profiles: c.Profile}
	c.judge(&cfg)
	if err := c.SandboxFlags.apply(&cfg, c.RunToo, env.stderr); err != nil {
		return err
	}
	note := func(f result.Finding) { fmt.Fprintf(env.stderr, "speccify-lint: export: %s\n", f) }
	res, left := mcptool.Export(ctx, mcptool.Options{Config: cfg, RunExamples: c.RunToo, Notes: note}, disc)
	if err := mcptool.Write(env.stdout, res); err != nil {
		return usageError{err}
	}
	for _, l := range left {
		fmt.Fprintf(env.stderr, "speccify-lint: export: %s left out: %s\n", l.Dir, l.Reason)
	}
	if c.Sizes {
		mcptool.WriteSizes(env.stderr, res)
	}
	if w := mcptool.SizeWarning(res, c.MaxAnswerTokens); w != "" {
		fmt.Fprintf(env.stderr, "speccify-lint: export: warning: %s\n", w)
	}
	if len(left) > 0 {
		env.exitCode = 1
	}
	return nil
}
