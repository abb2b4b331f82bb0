package main

import (
	"context"
	"io"
	"os"
	"os/signal"
	"time"

	"github.com/speccify/speccify-lint/call"
	"github.com/speccify/speccify-lint/lint"
)

// maxCallInput is the largest input `speccify-lint call` reads.
const maxCallInput = 16 << 20

// CallCmd runs one tool on one input through its contract (package call).
type CallCmd struct {
	Tool  string `arg:"" name:"tool" help:"A tool name (a tool folder's name under the root) or a tool folder's path."`
	Input string `arg:"" optional:"" name:"json" help:"The input, one JSON object (default: read from stdin)."`

	Format       string        `short:"f" enum:"text,json" default:"text" help:"text: the answer on stdout, what is wrong on stderr; json: a record of the call (input, output, verdict, broken promises, duration)."`
	Platform     string        `placeholder:"PLATFORM" help:"Platform whose implementation runs: ${platform_list} (default: this machine)."`
	Root         string        `type:"existingdir" placeholder:"DIR" help:"Directory the tool is searched under, which its path must lie in (default: the git top level, else the working directory)."`
	Timeout      time.Duration `default:"${default_timeout}" help:"Time limit for the run."`
	MaxOutput    byteSize      `default:"${default_max_output}" help:"Cap for what the implementation may print on stdout and on stderr each."`
	Exclude      []string      `sep:"none" placeholder:"GLOB" help:"Skip directories and tool folders whose root-relative path or name matches when searching for a tool by its name (repeatable); a tool named by its path is called whatever they say."`
	SandboxFlags `embed:""`

	MaxAnswerTokens int `placeholder:"N" default:"${default_tokens}" help:"Answer budget, in tokens estimated as UTF-8 bytes / 4: an answer over it gets a note (explore-answer-size; default: ${default_tokens})."`

	ProjectConfig `embed:"" set:"config_settings=platform, timeout, max-output, exclude and max-answer-tokens"`
}

// Run calls the tool and sets the exit code: 0 ok: true, 1 a broken
// promise, 2 no call (usage, no such tool, invalid input), 3 ok: false.
func (c *CallCmd) Run(env *runEnv) error {
	root, err := resolveRoot(c.Root)
	if err != nil {
		return usageError{err}
	}
	if err := checkFlags(runFlagChecks(c.Platform, 0, c.Timeout, c.MaxAnswerTokens)...); err != nil {
		return err
	}
	input := []byte(c.Input)
	if c.Input == "" {
		if input, err = io.ReadAll(io.LimitReader(os.Stdin, maxCallInput+1)); err != nil {
			return usageErrorf("reading the input from stdin: %v", err)
		}
	}
	if len(input) > maxCallInput {
		return usageErrorf("the input is larger than %s", byteSize(maxCallInput))
	}
	ctx, stop := signal.NotifyContext(context.Background(), stopSignals...)
	defer stop()
	cfg := lint.Config{Version: currentVersion(), Root: root, Platform: c.Platform, Timeout: c.Timeout, MaxOutput: int64(c.MaxOutput), MaxAnswerTokens: c.MaxAnswerTokens}
	c.judge(&cfg)
	if err := c.SandboxFlags.apply(&cfg, true, env.stderr); err != nil {
		return err
	}
	opts := call.Options{Config: cfg, Exclude: c.Exclude}
	env.exitCode = call.Run(ctx, opts, c.Tool, input, call.Format(c.Format), env.stdout, env.stderr)
	return nil
}
