package main

import (
	"fmt"
	"maps"
	"slices"

	"github.com/speccify/speccify-lint/lint"
	"github.com/speccify/speccify-lint/result"
	"go.yaml.in/yaml/v3"
)

// severitySetting is the one setting of the configuration file whose value
// is a mapping: rule id to severity.
const severitySetting = "severity"

// severityOverrides validates --severity RULE=SEVERITY (and the
// configuration file's severity: mapping) into the severity of each rule
// named.
func severityOverrides(m map[string]string) (map[string]result.Severity, error) {
	out := make(map[string]result.Severity, len(m))
	for _, id := range slices.Sorted(maps.Keys(m)) {
		sev, err := severityOverride(id, m[id])
		if err != nil {
			return nil, fmt.Errorf("--severity %s=%s: %v", id, m[id], err)
		}
		out[id] = sev
	}
	return out, nil
}

// severityOverride is the severity name sev set for the rule id.
func severityOverride(id, sev string) (result.Severity, error) {
	if lint.RuleByID(id) == nil {
		return result.SeverityNone, unknownRule(id)
	}
	return result.ParseSeverity(sev)
}

// configMapping reads the value of the setting key, a YAML mapping, as the
// map kong decodes a map flag from. Only severity: takes a mapping; its rule
// ids and severities are checked here, where their positions are known.
func configMapping(path, key string, v *yaml.Node) (map[string]any, error) {
	if key != severitySetting {
		return nil, fmt.Errorf("config %s: line %d: %s must be a value or a list", path, v.Line, key)
	}
	out := map[string]any{}
	for i := 0; i+1 < len(v.Content); i += 2 {
		id, sev := v.Content[i], v.Content[i+1]
		if sev.Kind != yaml.ScalarNode {
			return nil, fmt.Errorf("config %s:%d:%d: severity of %s must be note, warning or error", path, sev.Line, sev.Column, id.Value)
		}
		if lint.RuleByID(id.Value) == nil {
			_, err := severityOverride(id.Value, sev.Value)
			return nil, fmt.Errorf("config %s:%d:%d: %v", path, id.Line, id.Column, err)
		}
		if _, err := severityOverride(id.Value, sev.Value); err != nil {
			return nil, fmt.Errorf("config %s:%d:%d: %v", path, sev.Line, sev.Column, err)
		}
		out[id.Value] = sev.Value
	}
	return out, nil
}
