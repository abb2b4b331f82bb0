package lint

import (
	"testing"

	"github.com/speccify/speccify-lint/drift"
	"github.com/speccify/speccify-lint/result"
)

// TestLooksFor: a run looks for the findings of a rule unless the
// configuration disables it, it depends on the machine (requires-missing),
// it compares with --against that is not given, it judges example runs
// and the tool ran none, or it judges explore's runs outside explore; a
// rule id no rule has is looked for (nothing can match its entry).
func TestLooksFor(t *testing.T) {
	ran := &result.ToolResult{Dir: "t", Examples: []result.ExampleResult{{Status: result.StatusSkipped}, {Status: result.StatusPassed}}}
	skipped := &result.ToolResult{Dir: "t", Examples: []result.ExampleResult{{Status: result.StatusSkipped}}}
	lintRun := Config{Run: true}
	static := Config{}
	explore := Config{Explore: &ExploreConfig{}}
	disabled := Config{Run: true, Disabled: map[string]bool{"name": true}}
	against := Config{Against: &drift.Against{}}
	for _, c := range []struct {
		name string
		cfg  Config
		rule string
		tool *result.ToolResult
		want bool
	}{
		{"static rule", static, "name", ran, true},
		{"static rule outside any tool", static, "symlink-escape", nil, true},
		{"disabled", disabled, "name", ran, false},
		{"machine-dependent", lintRun, "requires-missing", ran, false},
		{"unknown rule", static, "no-such-rule", nil, true},
		{"run rule, ran", lintRun, "example-failed", ran, true},
		{"run rule, --no-run", static, "example-failed", ran, false},
		{"run rule, all skipped", lintRun, "example-failed", skipped, false},
		{"run rule, no tool", lintRun, "example-failed", nil, false},
		{"run rule in explore", Config{Run: true, Explore: &ExploreConfig{}}, "example-failed", ran, false},
		{"explore rule in explore", explore, "explore-crash", nil, true},
		{"explore rule in lint", lintRun, "explore-crash", ran, false},
		{"effects in lint", lintRun, "effects", ran, true},
		{"effects in explore", explore, "effects", skipped, true},
		{"effects, --no-run", static, "effects", ran, false},
		{"drift rule without --against", lintRun, "breaking-input", ran, false},
		{"drift rule with --against", against, "breaking-input", ran, true},
	} {
		if got := c.cfg.LooksFor(c.rule, c.tool); got != c.want {
			t.Errorf("%s: LooksFor(%s) = %v, want %v", c.name, c.rule, got, c.want)
		}
	}
}
