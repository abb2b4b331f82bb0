package main

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/alecthomas/kong"
	"github.com/speccify/speccify-lint/internal/fserr"
	"go.yaml.in/yaml/v3"
)

// defaultConfigFile is read from the root when --config is not given.
const defaultConfigFile = ".speccify-lint.yaml"

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

// configFile is a loaded configuration file: its path and its settings.
type configFile struct {
	path   string
	values map[string]any
}

// configResolver loads the configuration file named by --config, or the
// default one at the root when it exists, as a kong resolver whose values
// the command line overrides; keys are the settings it may hold. It returns
// nil when there is no file.
func configResolver(cmd *LintCmd, keys []string) (*configFile, error) {
	path := cmd.Config
	if path == "" {
		root, err := resolveRoot(cmd.Root)
		if err != nil {
			return nil, err
		}
		path = filepath.Join(root, defaultConfigFile)
		if _, err := os.Stat(path); err != nil {
			return nil, nil
		}
	}
	values, err := loadConfig(path, keys)
	if err != nil {
		return nil, err
	}
	return &configFile{path: path, values: values}, nil
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
// element).
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
		return nil, fmt.Errorf("config %s: line %d: want a mapping of settings such as fail-on: warning", path, root.Line)
	}
	for i := 0; i+1 < len(root.Content); i += 2 {
		k, v := root.Content[i], root.Content[i+1]
		if !slices.Contains(keys, k.Value) {
			return nil, fmt.Errorf("config %s: line %d: unknown setting %q (known: %s)", path, k.Line, k.Value, strings.Join(keys, ", "))
		}
		if k.Value == severitySetting && v.Kind != yaml.MappingNode {
			return nil, fmt.Errorf("config %s:%d:%d: severity must be a mapping of rule ids to severities, such as {required-field: warning}", path, v.Line, v.Column)
		}
		switch v.Kind {
		case yaml.ScalarNode:
			if v.ShortTag() == "!!bool" {
				values[k.Value] = v.Value == "true"
			} else {
				values[k.Value] = v.Value
			}
		case yaml.SequenceNode:
			items := make([]any, 0, len(v.Content))
			for _, item := range v.Content {
				if item.Kind != yaml.ScalarNode {
					return nil, fmt.Errorf("config %s: line %d: %s must be a list of strings", path, item.Line, k.Value)
				}
				items = append(items, item.Value)
			}
			values[k.Value] = items
		case yaml.MappingNode:
			m, err := configMapping(path, k.Value, v)
			if err != nil {
				return nil, err
			}
			values[k.Value] = m
		default:
			return nil, fmt.Errorf("config %s: line %d: %s must be a value or a list", path, v.Line, k.Value)
		}
	}
	return values, nil
}
