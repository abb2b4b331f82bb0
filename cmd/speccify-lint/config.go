package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/alecthomas/kong"
	"github.com/speccify/speccify-lint/internal/fserr"
	"github.com/speccify/speccify-lint/internal/suggest"
	"github.com/speccify/speccify-lint/lint"
	"github.com/speccify/speccify-lint/mcpprofile"
	"github.com/speccify/speccify-lint/result"
	"go.yaml.in/yaml/v3"
)

// configNames are the names of the configuration file, looked up from the
// working directory upwards when --config is not given.
var configNames = []string{".speccify-lint.yaml", ".speccify-lint.yml"}

// configKeys are the settings a configuration file may hold: the long names
// of the flags of the lint command (its node in kong's model), in their
// order, but for those tagged config:"-", which say what to check and where
// (--root, --config, --shard, --changed-since).
func configKeys(lint *kong.Node) []string {
	var keys []string
	for _, f := range lint.Flags {
		if f.Tag.Get("config") != "-" {
			keys = append(keys, f.Name)
		}
	}
	return keys
}

// lintConfigKeys are the settings a configuration file may hold, whichever
// command reads it: configKeys of the lint command in kong's model app.
func lintConfigKeys(app *kong.Application) []string {
	for _, c := range app.Children {
		if c.Name == "lint" {
			return configKeys(c)
		}
	}
	return nil
}

// configFile is a loaded configuration file: its path and its settings.
type configFile struct {
	path   string
	values map[string]any
}

// openConfig loads the configuration file named (by --config), or the one
// findConfig finds from the working directory when named is "", as a kong
// resolver whose values the command line overrides; keys are the settings
// it may hold. It returns nil when there is no file.
func openConfig(named string, keys []string) (*configFile, error) {
	return openConfigFrom(named, "", keys)
}

// openConfigFrom is openConfig with the file looked up from the directory
// from instead ("": the working directory, and the path is then relative to
// it, for messages).
func openConfigFrom(named, from string, keys []string) (*configFile, error) {
	path := named
	if path == "" {
		dir := from
		if dir == "" {
			wd, err := os.Getwd()
			if err != nil {
				return nil, err
			}
			dir = wd
		}
		rel, err := findConfig(dir)
		if rel == "" || err != nil {
			return nil, err
		}
		path = rel
		if from != "" {
			path = filepath.Join(from, rel)
		}
	}
	values, err := loadConfig(path, keys)
	if err != nil {
		return nil, err
	}
	return &configFile{path: path, values: values}, nil
}

// only is the file with only the settings keys: the resolver of a command
// that takes just those from it.
func (c *configFile) only(keys []string) *configFile {
	values := map[string]any{}
	for _, k := range keys {
		if v, ok := c.values[k]; ok {
			values[k] = v
		}
	}
	return &configFile{path: c.path, values: values}
}

// configSettings are the lint settings of a configuration file: the lint
// command's flags as the file sets them (their defaults where it says
// nothing), and from them how the rules judge a contract.
type configSettings struct {
	// flags are the lint command's flags, set from the file alone.
	flags *LintCmd
	// disabled and severities are lint.Config's Disabled and Severities.
	disabled   map[string]bool
	severities map[string]result.Severity
}

// settingsOf turns a loaded configuration file (nil: none) into lint
// settings, as the lint command reads it: kong parses the lint command with
// the file as its resolver, then disable and enable make the disabled rules
// and severity the overrides. It is the one reading of a file's rule
// settings, for the language server (serverConfig) and for call, export and
// mcp (ProjectConfig).
func settingsOf(config *configFile) (configSettings, error) {
	env := &runEnv{stdout: io.Discard, stderr: io.Discard}
	var resolver kong.Resolver
	if config != nil {
		resolver = config
	}
	parser, grammar, err := newParser(env, resolver)
	if err != nil {
		return configSettings{}, err
	}
	if _, err := parser.Parse([]string{"lint"}); err != nil {
		return configSettings{}, err
	}
	c := &grammar.Lint
	s := configSettings{flags: c}
	if s.disabled, err = ruleSet(c.Disable, c.Enable); err != nil {
		return configSettings{}, err
	}
	if s.severities, err = severityOverrides(c.Severity); err != nil {
		return configSettings{}, err
	}
	if err := checkPlatform(c.Platform); err != nil {
		return configSettings{}, err
	}
	if err := mcpprofile.CheckNames(c.Profile); err != nil {
		return configSettings{}, err
	}
	return s, nil
}

// judge sets how the rules judge a contract in cfg: the disabled rules and
// the severity overrides.
func (s configSettings) judge(cfg *lint.Config) {
	cfg.Disabled, cfg.Severities = s.disabled, s.severities
}

// findConfig looks for a configuration file in dir and then in each
// directory above it up to the file-system root, as ruff and golangci-lint
// do; the first directory with one wins, and one with both names is an
// error. The path is relative to dir ("../.speccify-lint.yaml"), for
// messages; "" when there is none.
func findConfig(dir string) (string, error) {
	rel, _, err := lookUpConfig(dir)
	return rel, err
}

// lookUpConfig is findConfig, which also returns every path it looked at
// (absolute when dir is): the configuration names in each directory up to
// the one where it stopped, so that a change of the configuration found
// (a file written, created where none was, or removed) is a change of one
// of them.
func lookUpConfig(dir string) (rel string, looked []string, err error) {
	for d := dir; ; {
		var found []string
		for _, name := range configNames {
			path := filepath.Join(d, name)
			looked = append(looked, path)
			if info, err := os.Stat(path); err == nil && !info.IsDir() {
				found = append(found, path)
			}
		}
		for i, f := range found {
			if rel, err := filepath.Rel(dir, f); err == nil {
				found[i] = rel
			}
		}
		switch len(found) {
		case 1:
			return found[0], looked, nil
		case 2:
			return "", looked, fmt.Errorf("%s and %s are both configuration files; keep one", found[0], found[1])
		}
		up := filepath.Dir(d)
		if up == d {
			return "", looked, nil
		}
		d = up
	}
}

// Resolve gives kong the file's value of a flag the command line did not set.
func (c *configFile) Resolve(_ *kong.Context, _ *kong.Path, flag *kong.Flag) (any, error) {
	v, ok := c.values[flag.Name]
	if !ok {
		return nil, nil
	}
	return v, nil
}

// Validate is part of kong.Resolver; loadConfig validated the file.
func (c *configFile) Validate(*kong.Application) error { return nil }

// loadConfig reads a configuration file of the settings keys into flag
// values: strings, bools, and lists ([]any, which kong decodes element by
// element). Every value is checked as its flag would be (checkSetting), and
// a bad one is an error at its line and column in the file.
func loadConfig(path string, keys []string) (map[string]any, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("config %s: %w", path, fserr.Cause(err))
	}
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return nil, fmt.Errorf("config %s: %v", path, err)
	}
	values := map[string]any{}
	if len(doc.Content) == 0 {
		return values, nil
	}
	root := doc.Content[0]
	if root.Kind != yaml.MappingNode {
		return nil, configErrorAt(path, root, "want a mapping of settings such as fail-on: warning")
	}
	for i := 0; i+1 < len(root.Content); i += 2 {
		k, v := root.Content[i], root.Content[i+1]
		if err := checkConfigKey(path, keys, k, v); err != nil {
			return nil, err
		}
		value, err := configValue(path, k.Value, v)
		if err != nil {
			return nil, err
		}
		values[k.Value] = value
	}
	return values, nil
}

// configErrorAt is an error of the configuration file path at the node n.
func configErrorAt(path string, n *yaml.Node, format string, args ...any) error {
	return fmt.Errorf("config %s:%d:%d: %s", path, n.Line, n.Column, fmt.Sprintf(format, args...))
}

// checkConfigKey checks the key k of the configuration file path, whose
// value is v: one of keys (else an error with the nearest, or all of them),
// and severity's value a mapping.
func checkConfigKey(path string, keys []string, k, v *yaml.Node) error {
	if !slices.Contains(keys, k.Value) {
		if near := suggest.Nearest(k.Value, keys); near != "" {
			return configErrorAt(path, k, "unknown setting %q; did you mean %s?", k.Value, near)
		}
		return configErrorAt(path, k, "unknown setting %q (known: %s)", k.Value, strings.Join(keys, ", "))
	}
	if k.Value == severitySetting && v.Kind != yaml.MappingNode {
		return configErrorAt(path, v, "severity must be a mapping of rule ids to severities, such as {required-field: warning}")
	}
	return nil
}

// configValue is the flag value of the setting key, v in the configuration
// file path: a string or a bool, a list of strings ([]any), or a mapping
// (configMapping), each value checked as its flag would be.
func configValue(path, key string, v *yaml.Node) (any, error) {
	switch v.Kind {
	case yaml.ScalarNode:
		if err := checkSetting(key, v.Value); err != nil {
			return nil, configErrorAt(path, v, "%s: %v", key, err)
		}
		if v.ShortTag() == "!!bool" {
			return v.Value == "true", nil
		}
		return v.Value, nil
	case yaml.SequenceNode:
		items := make([]any, 0, len(v.Content))
		for _, item := range v.Content {
			if item.Kind != yaml.ScalarNode {
				return nil, configErrorAt(path, item, "%s must be a list of strings", key)
			}
			if err := checkSetting(key, item.Value); err != nil {
				return nil, configErrorAt(path, item, "%s: %v", key, err)
			}
			items = append(items, item.Value)
		}
		return items, nil
	case yaml.MappingNode:
		return configMapping(path, key, v)
	default:
		return nil, configErrorAt(path, v, "%s must be a value or a list", key)
	}
}

// checkSetting checks one value of the lint flag key (one item of a list) as
// the command line would: kong parses it as --key=value, then the checks the
// lint command makes of that flag's values run.
func checkSetting(key, value string) error {
	quiet := &runEnv{stdout: io.Discard, stderr: io.Discard}
	parser, grammar, err := newParser(quiet, nil)
	if err != nil {
		return err
	}
	if _, err := parser.Parse([]string{"lint", "--" + key + "=" + value}); err != nil {
		var exit exitRequest
		if errors.As(err, &exit) {
			return fmt.Errorf("%q is not a value", value)
		}
		msg := strings.TrimPrefix(err.Error(), "--"+key)
		return errors.New(strings.TrimSpace(strings.TrimPrefix(msg, ":")))
	}
	switch key {
	case "disable", "enable":
		if _, err := ruleSet([]string{value}, nil); err != nil {
			return err
		}
	case "platform":
		return checkPlatform(value)
	case "jobs":
		n, _ := strconv.Atoi(value)
		return checkJobs(n)
	case "timeout":
		return checkTimeout(grammar.Lint.Timeout)
	case "max-answer-tokens":
		return checkMaxAnswerTokens(grammar.Lint.MaxAnswerTokens)
	case "coverage-threshold":
		return checkCoverageThreshold(grammar.Lint.CoverageThreshold)
	}
	return nil
}
