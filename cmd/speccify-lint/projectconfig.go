package main

import (
	"os"
	"path/filepath"

	"github.com/alecthomas/kong"
	"github.com/speccify/speccify-lint/lint"
)

// sharedSettings are the settings of the configuration file that call,
// export and mcp take as the defaults of their own flags of the same name
// (those of them each command has): the flags that mean there what they
// mean to lint. The others (format, fail-on, output, baseline, the reports'
// settings) mean something else there or nothing, and are never applied to
// these commands, though the file is validated whole.
var sharedSettings = []string{"exclude", "platform", "timeout", "max-output", "max-answer-tokens", "jobs", "profile"}

// ProjectConfig is what call, export and mcp take from the configuration
// file beyond their flags: --config, and the rules' settings (disable,
// enable, severity) that judge the contracts they check.
type ProjectConfig struct {
	Config string `placeholder:"FILE" help:"Configuration file (default: .speccify-lint.yaml or .speccify-lint.yml in the working directory or the nearest directory above it that has one, as lint finds it; from the root instead when the working directory is outside it): its ${config_settings} are the defaults of those flags; its disable, enable and severity judge the contracts (see docs/configuration.md)."`

	// settings are the file's settings, set by configureCommand; the
	// defaults when there is no file.
	settings configSettings
	// file is the path of the file read, "" when there is none; lookedFrom
	// is the directory it was looked up from (configFrom), "" for the
	// working directory.
	file, lookedFrom string
}

// configFrom is the directory call, export and mcp look up the
// configuration file from (and then upwards, findConfig), given their
// --root: "" for the working directory, as lint looks it up, when the
// working directory lies inside the root; else the root. A client that
// starts a server in another directory (Claude Desktop starts them in /)
// thus gets the configuration of the project whose root it names, never
// none or another project's.
func configFrom(rootFlag string) (string, error) {
	root, err := resolveRoot(rootFlag)
	if err != nil {
		return "", err
	}
	wd, err := os.Getwd()
	if err != nil {
		return "", err
	}
	if rel, err := filepath.Rel(root, wd); err == nil && filepath.IsLocal(rel) {
		return "", nil
	}
	return root, nil
}

// projectRoot is the --root of the selected command, one of call, export
// and mcp.
func (c *cli) projectRoot(kctx *kong.Context) string {
	switch kctx.Selected().Name {
	case "call":
		return c.Call.Root
	case "export":
		return c.Export.Root
	}
	return c.MCP.Root
}

// judge sets how the rules judge a contract in cfg, as the file says.
func (p *ProjectConfig) judge(cfg *lint.Config) {
	p.settings.judge(cfg)
}

// projectConfig is the ProjectConfig of the selected command, nil when it
// is not one of call, export and mcp.
func (c *cli) projectConfig(kctx *kong.Context) *ProjectConfig {
	switch kctx.Selected().Name {
	case "call":
		return &c.Call.ProjectConfig
	case "export":
		return &c.Export.ProjectConfig
	case "mcp":
		return &c.MCP.ProjectConfig
	}
	return nil
}

// configureCommand parses args again, for call, export or mcp, with the
// configuration file (the one --config names, else the one found from
// configFrom) as the resolver of its shared settings, so that flags on the
// command line win, and reads its rule settings into the command. The file
// is loaded as lint loads it: every setting validated, a bad one a usage
// error at its line and column. Without a file it changes nothing.
func configureCommand(env *runEnv, args []string, kctx *kong.Context, grammar *cli) (*kong.Context, error) {
	from, err := configFrom(grammar.projectRoot(kctx))
	if err != nil {
		return nil, err
	}
	grammar.projectConfig(kctx).lookedFrom = from
	config, err := openConfigFrom(grammar.projectConfig(kctx).Config, from, lintConfigKeys(kctx.Model))
	if err != nil || config == nil {
		return kctx, err
	}
	settings, err := settingsOf(config)
	if err != nil {
		return nil, err
	}
	parser, grammar, err := newParser(env, config.only(sharedSettings))
	if err != nil {
		return nil, err
	}
	if kctx, err = parser.Parse(args); err != nil {
		return nil, err
	}
	p := grammar.projectConfig(kctx)
	p.settings, p.file, p.lookedFrom = settings, config.path, from
	return kctx, nil
}
