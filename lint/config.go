package lint

import (
	"os"
	"runtime"
	"strconv"
	"time"

	"github.com/speccify/speccify-lint/cache"
	"github.com/speccify/speccify-lint/discover"
	"github.com/speccify/speccify-lint/drift"
	"github.com/speccify/speccify-lint/internal/tokens"
	"github.com/speccify/speccify-lint/result"
	"github.com/speccify/speccify-lint/runner"
)

// Config is how one run lints and runs.
type Config struct {
	// Version is the speccify-lint version recorded in the result.
	Version string
	// Root is the absolute directory report paths are relative to.
	Root string
	// Platform is the platform whose implementations run (linux, macos, windows).
	Platform string
	// Run runs the examples; false is static lint only (--no-run).
	Run bool
	// NotRun names, in the skip reason of each example when Run is false,
	// what kept the examples from running ("not run (--no-run)"): the
	// flags, such as "--fix without --run". Empty means "--no-run".
	NotRun string
	// Disabled holds the ids of rules whose findings are dropped.
	Disabled map[string]bool
	// Unsuppressible holds the ids of rules whose findings no suppression
	// comment drops: rules a caller relies on whatever the contract's
	// author writes in it (mcptool.CheckConfig: mcp-tool, for what it
	// publishes as an MCP tool).
	Unsuppressible map[string]bool
	// Severities overrides, by rule id, the severity of every finding of
	// the rule (the config's severity: mapping); a rule not in it keeps its
	// default.
	Severities map[string]result.Severity
	// Profiles names the client profiles the mcp-tool rule checks the
	// schemas against beside MCP's own (--profile; mcpprofile.Names,
	// checked by mcpprofile.CheckNames): what each client refuses or ignores.
	Profiles []string
	// Jobs is how many tools have their examples run at once, and how many
	// are checked statically at once (the static checks of the next tools
	// overlap with the runs); 0 means the number of CPUs.
	Jobs int
	// Timeout bounds one example run; 0 means DefaultTimeout.
	Timeout time.Duration
	// MaxOutput caps stdout and stderr of one example run; 0 means DefaultMaxOutput.
	MaxOutput int64
	// MaxAnswerTokens is the answer budget: the most tokens (tokens.Estimate)
	// an answer may take (explore-answer-size), and the base of the warning
	// size of a tool definition (mcp-tool-size); 0 means
	// tokens.DefaultBudget.
	MaxAnswerTokens int
	// CoverageThreshold is the contract coverage, in percent, under which
	// the coverage rule reports a tool's uncovered parts; 0 (the default)
	// turns the rule off.
	CoverageThreshold int
	// Sandbox is whether the runs are sealed by the kernel sandbox
	// (--sandbox; see runner.Mode).
	Sandbox runner.Mode
	// PassEnv names the environment variables the runs get beside
	// runner.PassedEnv (--pass-env).
	PassEnv []string
	// Shard is "K/N" when only one shard of the tool folders is checked.
	Shard string
	// Explore, when set, runs `speccify-lint explore` instead of the
	// examples: generated inputs against each tool's implementation.
	Explore *ExploreConfig
	// Against, when set, compares every changed tool's contract with the
	// one at a git revision (--against): the drift rules.
	Against *drift.Against
	// Cache, when set, is the result cache (docs/cache.md): a tool folder
	// whose inputs are all those of a result stored there is not checked
	// or run again (see resultCache for the key and what is stored).
	Cache *cache.Cache
	// Progress, when set, is told of each tool started and finished and of
	// each example's verdict, as they happen (see Progress); it must be safe
	// for concurrent use. Nil means nobody listens.
	Progress func(Progress)

	// folders, when set, opens the tool folders in place of the root's
	// gate: Lint sets it for a static lint (see discover.FolderOpener).
	folders *discover.FolderOpener
	// git is what git says of the root's files, asked once per run: Lint
	// sets it (see discover.GitFiles); nil elsewhere.
	git *discover.GitFiles
}

// Defaults for Config: the one source of the defaults of --timeout and
// --max-output. The cap is the one package process applies.
const (
	DefaultTimeout   = 60 * time.Second
	DefaultMaxOutput = runner.DefaultMaxOutput
)

// DefaultTimeoutText is DefaultTimeout as the flag and the documentation
// write it: "60s".
var DefaultTimeoutText = strconv.FormatInt(int64(DefaultTimeout/time.Second), 10) + "s"

// HostPlatform is the platform name of the machine speccify-lint runs on.
func HostPlatform() string {
	switch runtime.GOOS {
	case "darwin", "ios":
		return "macos"
	case "windows":
		return "windows"
	}
	return "linux"
}

// openFolder opens the tool folder dir through the root's gate
// (discover.Gate.OpenFolder), by way of c.folders when it is set.
func (c *Config) openFolder(dir string) (*os.Root, error) {
	if c.folders != nil {
		return c.folders.Open(dir)
	}
	return discover.NewGate(c.Root).OpenFolder(dir)
}

func (c *Config) jobs() int {
	if c.Jobs > 0 {
		return c.Jobs
	}
	return runtime.NumCPU()
}

func (c *Config) enabled(r *Rule) bool { return c.enabledID(r.ID) }

// enabledID is enabled of the rule with the id, for a check that defers to
// another rule (whose variable it cannot name: its own rule refers to it).
func (c *Config) enabledID(id string) bool { return !c.Disabled[id] }

// severity is the severity of a finding of rule r: the configured override,
// else raised's error (see reporter.asError), else the rule's default.
func (c *Config) severity(r *Rule, raised bool) result.Severity {
	if s, ok := c.Severities[r.ID]; ok {
		return s
	}
	if raised {
		return result.SeverityError
	}
	return r.Severity
}

// maxAnswerTokens is the answer budget of the run (the default for a nil
// cfg).
func (cfg *Config) maxAnswerTokens() int {
	if cfg != nil && cfg.MaxAnswerTokens > 0 {
		return cfg.MaxAnswerTokens
	}
	return tokens.DefaultBudget
}
