package report

import (
	"bytes"
	"slices"
	"testing"
	"time"

	"github.com/speccify/speccify-lint/lint"
)

// TestToolVerdict: the verdict line of a tool is failed when an example
// failed (a passed one with an error finding counts as failed), else
// errored, else passed, else skipped; it counts the verdicts and says why a
// tool was skipped or not explored; with -v the examples' lines come first.
func TestToolVerdict(t *testing.T) {
	ex := func(s lint.Status, errs ...lint.Finding) lint.ExampleResult {
		return lint.ExampleResult{Title: string(s), Line: 3, Status: s, Duration: time.Second, Findings: errs}
	}
	errFinding := lint.Finding{Rule: "effects", Severity: lint.SeverityError}
	for _, c := range []struct {
		tool    lint.ToolResult
		verbose bool
		want    string
	}{
		{lint.ToolResult{Examples: []lint.ExampleResult{ex(lint.StatusPassed), ex(lint.StatusSkipped)}},
			false, "t/TOOL.md: passed: examples: 1 passed, 1 skipped (2s)\n"},
		{lint.ToolResult{Examples: []lint.ExampleResult{ex(lint.StatusErrored), ex(lint.StatusPassed, errFinding)}},
			false, "t/TOOL.md: failed: examples: 1 failed, 1 errored (2s)\n"},
		{lint.ToolResult{Examples: []lint.ExampleResult{ex(lint.StatusErrored), ex(lint.StatusPassed)}},
			true, "t/TOOL.md:3: errored: example \"errored\" (1s)\nt/TOOL.md:3: passed: example \"passed\" (1s)\nt/TOOL.md: errored: examples: 1 passed, 1 errored (2s)\n"},
		{lint.ToolResult{Skipped: "no implementation for linux", Examples: []lint.ExampleResult{ex(lint.StatusSkipped)}},
			true, "t/TOOL.md: skipped: no implementation for linux\n"},
		{lint.ToolResult{}, false, "t/TOOL.md: skipped: no examples to run\n"},
		{lint.ToolResult{Explore: &lint.ExploreResult{Runs: 100, Properties: []lint.PropertyResult{{Status: lint.StatusPassed}, {Status: lint.StatusFailed}}}},
			true, "t/TOOL.md: failed: explored 100 inputs, properties: 1 held, 1 failed (2s)\n"},
		{lint.ToolResult{Explore: &lint.ExploreResult{Runs: 1}}, false, "t/TOOL.md: skipped: explored 1 input, properties: none (2s)\n"},
		{lint.ToolResult{Explore: &lint.ExploreResult{Skipped: "no implementation"}}, false, "t/TOOL.md: skipped: not explored: no implementation\n"},
	} {
		c.tool.Dir, c.tool.Spec, c.tool.Duration = "t", "t/TOOL.md", 2*time.Second
		var b bytes.Buffer
		if err := WriteToolVerdict(&b, &c.tool, Options{Verbose: c.verbose}); err != nil {
			t.Fatal(err)
		}
		if b.String() != c.want {
			t.Errorf("%+v:\n%s\nwant\n%s", c.tool, b.String(), c.want)
		}
	}
}

// TestToolOrder: tools are listed by folder, the same ones in their order.
func TestToolOrder(t *testing.T) {
	got := ToolOrder([]string{"b", "a/x", "a", "b"})
	if want := []int{2, 1, 0, 3}; !slices.Equal(got, want) {
		t.Errorf("ToolOrder = %v, want %v", got, want)
	}
}
