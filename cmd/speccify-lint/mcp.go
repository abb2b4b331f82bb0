package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime"
	"time"

	"github.com/speccify/speccify-lint/discover"
	"github.com/speccify/speccify-lint/lint"
	"github.com/speccify/speccify-lint/mcpserve"
)

// MCPCmd serves the tool folders' contracts over MCP (package mcpserve).
type MCPCmd struct {
	Paths []string `arg:"" optional:"" name:"path" help:"Directories to search, TOOL.md files, or files inside tool folders (default: .)."`

	Exclude      []string      `sep:"none" placeholder:"GLOB" help:"Skip directories and tool folders whose root-relative path or name matches (repeatable)."`
	Platform     string        `placeholder:"PLATFORM" help:"Platform whose implementations run: ${platform_list} (default: this machine)."`
	Root         string        `type:"existingdir" placeholder:"DIR" help:"Directory the paths must lie in (default: the git top level, else the working directory)."`
	Timeout      time.Duration `default:"${default_timeout}" help:"Time limit for one call."`
	MaxOutput    byteSize      `default:"${default_max_output}" help:"Cap for what one call may print on stdout and on stderr each."`
	Jobs         int           `short:"j" placeholder:"N" help:"Calls of one tool that run at once (default: the number of CPUs); its further calls wait their turn, and calls to other tools never wait for them."`
	Reload       time.Duration `default:"2s" help:"How often the tool folders are checked for changed contracts (0: never)."`
	RunToo       bool          `name:"run" help:"Run each tool's examples when it is checked, so that a tool whose effects says it writes nothing and whose examples changed nothing gets readOnlyHint: true (as export --run)."`
	SandboxFlags `embed:""`
	// CacheDir is lint's --cache-dir; the cache is off with
	// SPECCIFY_LINT_CACHE=off (no --no-cache: that is a lint setting of
	// the configuration file, which mcp does not apply).
	CacheDir string `name:"cache-dir" placeholder:"DIR" help:"The result cache's directory, for the examples' results of --run (default: $SPECCIFY_LINT_CACHE, else speccify-lint in the user cache directory; SPECCIFY_LINT_CACHE=off turns it off)."`

	MaxAnswerTokens int `placeholder:"N" default:"${default_tokens}" help:"Answer budget, in tokens estimated as UTF-8 bytes / 4: an answer over it gets a note (explore-answer-size; default: ${default_tokens})."`

	ProjectConfig `embed:"" set:"config_settings=exclude, platform, timeout, max-output, jobs and max-answer-tokens"`
}

// Run serves MCP on stdin and stdout until the client closes the session;
// stderr logs the tools left out and why.
func (c *MCPCmd) Run(env *runEnv) error {
	root, err := resolveRoot(c.Root)
	if err != nil {
		return usageError{err}
	}
	if err := checkFlags(runFlagChecks(c.Platform, c.Jobs, c.Timeout, c.MaxAnswerTokens)...); err != nil {
		return err
	}
	if c.Reload < 0 {
		return usageErrorf("--reload: %s is negative; want how often to look, such as 2s, or 0 for never", c.Reload)
	}
	paths := c.Paths
	if len(paths) == 0 {
		paths = []string{"."}
	}
	if err := checkPaths(paths, env.commands); err != nil {
		return usageError{err}
	}
	find := func() (*discover.Discovery, error) {
		disc, _, err := (&LintCmd{Exclude: c.Exclude}).discover(paths, root, false, env.stderr)
		return disc, err
	}
	if _, err := find(); err != nil {
		return usageError{err}
	}
	c.logConfig(env.stderr)
	jobs := c.Jobs
	if jobs == 0 {
		jobs = runtime.NumCPU()
	}
	cfg := lint.Config{Version: currentVersion(), Root: root, Platform: c.Platform, Run: true, Timeout: c.Timeout, MaxOutput: int64(c.MaxOutput), MaxAnswerTokens: c.MaxAnswerTokens}
	c.judge(&cfg)
	if err := c.SandboxFlags.apply(&cfg, true, env.stderr); err != nil {
		return err
	}
	// The result cache holds the examples' results (--run) as the lint
	// command's does.
	cfg.Cache = CacheFlags{CacheDir: c.CacheDir}.open(root, env.stderr)
	defer closeCache(cfg.Cache)
	srv, err := mcpserve.New(mcpserve.Options{Config: cfg, Discover: find, Jobs: jobs, Reload: c.Reload, RunExamples: c.RunToo, Log: env.stderr, Version: currentVersion()})
	if err != nil {
		return usageError{err}
	}
	ctx, stop := signal.NotifyContext(context.Background(), stopSignals...)
	defer stop()
	if err := srv.Run(ctx, mcpserve.Transport(os.Stdin, os.Stdout)); err != nil && ctx.Err() == nil {
		return usageErrorf("mcp: %v", err)
	}
	return nil
}

// logConfig says on the server's log which configuration file it applies,
// or that it found none and where it looked: a client starts the server in
// a directory of its choosing, and the user reads the log to learn what it
// found there.
func (c *MCPCmd) logConfig(log io.Writer) {
	if c.file != "" {
		fmt.Fprintf(log, "speccify-lint: mcp: configuration file %s\n", c.file)
		return
	}
	dir := c.lookedFrom
	if dir == "" {
		dir, _ = os.Getwd()
	}
	fmt.Fprintf(log, "speccify-lint: mcp: no configuration file in %s or a directory above it; the defaults apply\n", dir)
}
