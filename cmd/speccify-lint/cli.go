package main

import (
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/alecthomas/kong"
	"github.com/speccify/speccify-lint/discover"
	"github.com/speccify/speccify-lint/internal/cilog"
	"github.com/speccify/speccify-lint/internal/tokens"
	"github.com/speccify/speccify-lint/lint"
	"github.com/speccify/speccify-lint/mcpprofile"
	"github.com/speccify/speccify-lint/report"
)

// cli is the command line: lint (the default), rules, explain, version,
// merge, diff, explore and server.
type cli struct {
	Lint    LintCmd    `cmd:"" default:"withargs" hidden:"" help:"Lint every TOOL.md under the paths (default: .) and run its examples against the implementations for this platform."`
	Rules   RulesCmd   `cmd:"" help:"List every rule with its id, default severity, title and fix; with an id, print that rule's whole documentation."`
	Explain ExplainCmd `cmd:"" help:"Print the whole documentation of one rule, with an example that triggers it and its fix (as rules ID does)."`
	Version VersionCmd `cmd:"" help:"Print the version."`
	Merge   MergeCmd   `cmd:"" help:"Merge the JSON reports of the shards of one run (--shard K/N) into one report."`
	Diff    DiffCmd    `cmd:"" help:"Print the contract changes of each tool since the git revision REV, breaking ones first, each breaking one with a witness value."`
	Explore ExploreCmd `cmd:"" help:"Send each tool inputs made from its inputs schema and examples (and inputs that violate it), and report every broken promise of its contract with the smallest input that shows it."`
	Server  ServerCmd  `cmd:"" help:"Run the language server on stdin and stdout: diagnostics and fixes of TOOL.md files as you type (see docs/editors.md)."`
	Call    CallCmd    `cmd:"" help:"Run one tool on one input through its contract: the input checked against inputs first, the answer against outputs."`
	Export  ExportCmd  `cmd:"" help:"Print the contracts as the tool definitions of another format: --format mcp, the tools/list result of the Model Context Protocol."`
	MCP     MCPCmd     `cmd:"" name:"mcp" help:"Serve the tools over the Model Context Protocol on stdin and stdout, each call checked against its contract."`
	Cache   CacheCmd   `cmd:"" help:"Print the result cache's directory (cache dir), or empty it (cache clean)."`

	ShowVersion kong.VersionFlag `name:"version" help:"Print the version and exit (as the version command does)."`
}

// lintFlags are the lint flags of the selected command: lint's, or
// explore's (which shares them).
func (c *cli) lintFlags(kctx *kong.Context) *LintCmd {
	if kctx.Selected().Name == "explore" {
		return &c.Explore.LintCmd
	}
	return &c.Lint
}

// runEnv is what commands write to.
type runEnv struct {
	stdout, stderr io.Writer
	// commands are the names of the commands other than the default one,
	// from kong's model, for "did you mean" on a path that is none.
	commands []string
	// exitCode is set by a command that ends with a code other than 0 or 2.
	exitCode int
}

// reportWarning prints on stderr what a report writer left out of its
// report (report.Options.Warn).
func (env *runEnv) reportWarning(msg string) {
	fmt.Fprintf(env.stderr, "speccify-lint: warning: %s\n", msg)
}

// usageError is a command-line or I/O problem: exit code 2.
type usageError struct{ err error }

func (e usageError) Error() string { return e.err.Error() }
func (e usageError) Unwrap() error { return e.err }

func usageErrorf(format string, args ...any) error {
	return usageError{fmt.Errorf(format, args...)}
}

const exitUsage = 2

// run parses args, runs the command and returns the exit code: 0 clean,
// 1 findings at or above --fail-on, 2 usage or I/O error. Everything it
// writes on stderr quotes paths, config values and tool output, so stderr
// goes through a cilog.Writer: no command of a CI system gets through.
func run(args []string, stdout, stderr io.Writer) int {
	logSafe := cilog.NewWriter(stderr)
	defer logSafe.Flush()
	return runSafe(args, stdout, logSafe)
}

// runSafe is run with stderr neutralised.
func runSafe(args []string, stdout, stderr io.Writer) int {
	env := &runEnv{stdout: stdout, stderr: stderr}
	if len(args) == 1 && (args[0] == "--help" || args[0] == "-h") {
		// The lint command is the default: its flags are what a user asks for.
		args = []string{"lint", "--help"}
	}
	parser, grammar, err := newParser(env, nil)
	if err != nil {
		fmt.Fprintf(stderr, "speccify-lint: internal error: %v\n", err)
		return exitUsage
	}
	kctx, err := parseArgs(env, parser, grammar, args)
	if err != nil {
		var exit exitRequest
		if errors.As(err, &exit) {
			return int(exit)
		}
		fmt.Fprintf(stderr, "speccify-lint: %s\n", oneLine(err.Error()))
		return exitUsage
	}
	if sel := kctx.Selected(); sel != nil {
		setCollector(sel.Name)
	}
	if err := kctx.Run(env); err != nil {
		fmt.Fprintf(stderr, "speccify-lint: %s\n", oneLine(err.Error()))
		return exitUsage
	}
	return env.exitCode
}

// parseArgs parses args with parser, and again with the settings of the
// configuration file for the commands that take them.
func parseArgs(env *runEnv, parser *kongSafe, grammar *cli, args []string) (*kong.Context, error) {
	kctx, err := parser.Parse(args)
	if err != nil || kctx.Selected() == nil {
		return kctx, err
	}
	if grammar.projectConfig(kctx) != nil {
		// call, export and mcp take some settings of the file (sharedSettings).
		return configureCommand(env, args, kctx, grammar)
	}
	if name := kctx.Selected().Name; name != "lint" && name != "explore" {
		return kctx, nil
	}
	return parseWithLintConfig(env, args, kctx, grammar)
}

// parseWithLintConfig parses args of lint or explore (kctx, parsed without
// a configuration) again: the configuration file holds defaults for the
// lint flags (which explore shares), a resolver, so that flags on the
// command line win.
func parseWithLintConfig(env *runEnv, args []string, kctx *kong.Context, grammar *cli) (*kong.Context, error) {
	config, err := openConfig(grammar.lintFlags(kctx).Config, configKeys(kctx.Selected()))
	if err != nil {
		return nil, err
	}
	if config != nil {
		var parser *kongSafe
		if parser, grammar, err = newParser(env, config); err != nil {
			return nil, err
		}
		if kctx, err = parser.Parse(args); err != nil {
			return nil, err
		}
	}
	grammar.lintFlags(kctx).origins = flagOrigins(kctx, config)
	return kctx, nil
}

// flagOrigins says, for each flag a parse set, where it was set: a flag kong
// resolved came from the configuration file.
func flagOrigins(kctx *kong.Context, config *configFile) map[string]settingOrigin {
	origins := map[string]settingOrigin{}
	for _, p := range kctx.Path {
		switch {
		case p.Flag == nil:
		case p.Resolved && config != nil:
			origins[p.Flag.Name] = settingOrigin{config: config.path}
		default:
			origins[p.Flag.Name] = settingOrigin{}
		}
	}
	return origins
}

// exitRequest carries kong's exit (after --help) out of Parse.
type exitRequest int

func (e exitRequest) Error() string { return fmt.Sprintf("exit %d", int(e)) }

func newParser(env *runEnv, resolver kong.Resolver) (*kongSafe, *cli, error) {
	opts := []kong.Option{
		kong.Name("speccify-lint"),
		kong.Description("Lint agent tool contracts (TOOL.md) and run their examples against the implementations."),
		kong.Writers(env.stdout, env.stderr),
		kong.Exit(func(code int) { panic(exitRequest(code)) }),
		kong.ConfigureHelp(kong.HelpOptions{Compact: true}),
		kong.Help(helpPrinter),
		kong.Vars{
			"formats":            strings.Join(report.Formats, ","),
			"rule_format":        strings.Join(report.RuleFormats, ","),
			"platform_list":      strings.Join(discover.Platforms, ", "),
			"profile_list":       strings.Join(mcpprofile.Names(), ", "),
			"default_timeout":    lint.DefaultTimeoutText,
			"default_max_output": byteSize(lint.DefaultMaxOutput).String(),
			"default_tokens":     strconv.Itoa(tokens.DefaultBudget),
			"default_runs":       strconv.Itoa(lint.DefaultExploreRuns),
			"default_budget":     lint.DefaultExploreBudget.String(),
			"default_seed":       strconv.FormatUint(lint.DefaultExploreSeed, 10),
			"version":            currentStamp().String(),
		},
	}
	if resolver != nil {
		opts = append(opts, kong.Resolvers(resolver))
	}
	grammar := &cli{}
	k, err := kong.New(grammar, opts...)
	if err != nil {
		return nil, nil, err
	}
	env.commands = env.commands[:0]
	for _, c := range k.Model.Children {
		if c.Name != "lint" {
			env.commands = append(env.commands, c.Name)
		}
	}
	return &kongSafe{k}, grammar, nil
}

// kongSafe turns kong's exit-by-panic (after --help) into an error.
type kongSafe struct{ *kong.Kong }

func (k *kongSafe) Parse(args []string) (ctx *kong.Context, err error) {
	defer func() {
		if r := recover(); r != nil {
			if code, ok := r.(exitRequest); ok {
				err = code
				return
			}
			panic(r)
		}
	}()
	return k.Kong.Parse(args)
}

func oneLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}
