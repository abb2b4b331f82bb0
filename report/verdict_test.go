package report

import (
	"bytes"
	"slices"
	"testing"
	"time"

	"github.com/speccify/speccify-lint/result"
)

// TestToolVerdict: the verdict line of a tool is failed when an example
// failed (a passed one with an error finding counts as failed), else
// errored, else passed, else skipped; it counts the verdicts and says why a
// tool was skipped or not explored; with -v the examples' lines come first.
func TestToolVerdict(t *testing.T) {
	ex := func(s result.Status, errs ...result.Finding) result.ExampleResult {
		return result.ExampleResult{Title: string(s), Line: 3, Status: s, Duration: time.Second, Findings: errs}
	}
	errFinding := result.Finding{Rule: "effects", Severity: result.SeverityError}
	for _, c := range []struct {
		tool    result.ToolResult
		verbose bool
		want    string
	}{
		{result.ToolResult{Examples: []result.ExampleResult{ex(result.StatusPassed), ex(result.StatusSkipped)}},
			false, "t/TOOL.md: passed: examples: 1 passed, 1 skipped (2s)\n"},
		{result.ToolResult{Examples: []result.ExampleResult{ex(result.StatusErrored), ex(result.StatusPassed, errFinding)}},
			false, "t/TOOL.md: failed: examples: 1 failed, 1 errored (2s)\n"},
		{result.ToolResult{Examples: []result.ExampleResult{ex(result.StatusErrored), ex(result.StatusPassed)}},
			true, "t/TOOL.md:3: errored: example \"errored\" (1s)\nt/TOOL.md:3: passed: example \"passed\" (1s)\nt/TOOL.md: errored: examples: 1 passed, 1 errored (2s)\n"},
		{result.ToolResult{Skipped: "no implementation for linux", Examples: []result.ExampleResult{ex(result.StatusSkipped)}},
			true, "t/TOOL.md: skipped: no implementation for linux\n"},
		{result.ToolResult{}, false, "t/TOOL.md: skipped: no examples to run\n"},
		{result.ToolResult{Explore: &result.ExploreResult{Runs: 100, Properties: []result.PropertyResult{{Status: result.StatusPassed}, {Status: result.StatusFailed}}}},
			true, "t/TOOL.md: failed: explored 100 inputs, properties: 1 held, 1 failed (2s)\n"},
		{result.ToolResult{Explore: &result.ExploreResult{Runs: 1}}, false, "t/TOOL.md: skipped: explored 1 input, properties: none (2s)\n"},
		{result.ToolResult{Explore: &result.ExploreResult{Skipped: "no implementation"}}, false, "t/TOOL.md: skipped: not explored: no implementation\n"},
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
