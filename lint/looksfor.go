package lint

import "github.com/speccify/speccify-lint/result"

// LooksFor reports whether a run with this configuration looks for the
// findings of the rule id in the tool t (nil: a finding outside any tool
// folder, or in a folder the run did not check), so that a baseline entry
// of the rule that no finding matched is stale rather than out of the run's
// sight (--baseline-strict). It does not for a rule the configuration
// disables, for requires-missing (its findings depend on the machine), for
// a drift rule without --against, for a run rule unless t ran an example
// (not with --no-run, nor in explore, nor for a tool whose examples were
// all skipped), and for an explore rule outside explore (effects: either).
// A rule id no rule has is looked for: no finding can match it.
func (c *Config) LooksFor(id string, t *result.ToolResult) bool {
	r := RuleByID(id)
	switch {
	case r == nil:
		return true
	case !c.enabled(r), r == ruleRequiresMissing:
		return false
	case r.Category == "drift": // the drift rules compare with Config.Against
		return c.Against != nil
	}
	ran := c.Run && c.Explore == nil && t != nil && ranAny(t.Examples)
	explored := c.Explore != nil
	switch {
	case r.run != nil && r.explore != nil:
		return ran || explored
	case r.run != nil:
		return ran
	case r.explore != nil:
		return explored
	}
	return true
}

// ranAny reports whether one of the examples ran (was not skipped).
func ranAny(examples []result.ExampleResult) bool {
	for _, e := range examples {
		if e.Status != result.StatusSkipped {
			return true
		}
	}
	return false
}
