package report

import (
	"bytes"
	"testing"

	"github.com/speccify/speccify-lint/result"
)

// TestBaselineApply: a baseline takes out the findings it records, static
// and of examples, by fingerprint (not line) and occurrence; a finding beyond
// the recorded occurrences is new; entries nothing matched are gone.
func TestBaselineApply(t *testing.T) {
	f := func(rule, key string, line int) result.Finding {
		return result.Finding{Rule: rule, Severity: result.SeverityError, Message: rule, File: "t/TOOL.md", Line: line, Column: 1, Key: key, Tool: "t"}
	}
	old := &result.Result{Tools: []result.ToolResult{{Dir: "t",
		Findings: []result.Finding{f("name", "name", 2), f("schema", "inputs", 4), f("schema", "inputs", 5), f("fixed", "x", 9)},
		Examples: []result.ExampleResult{{Title: "e", Findings: []result.Finding{f("example-failed", "e", 12)}}}}}}
	b := NewBaseline(old)
	if got := len(b.Findings); got != 5 {
		t.Fatalf("baseline of %d findings, want 5", got)
	}
	if !bytes.Equal(b.Bytes(), NewBaseline(old).Bytes()) {
		t.Error("the same findings gave different baseline bytes")
	}
	// Every line moved by 10, one more schema finding, one fixed.
	cur := &result.Result{Tools: []result.ToolResult{{Dir: "t",
		Findings: []result.Finding{f("name", "name", 12), f("schema", "inputs", 14), f("schema", "inputs", 15), f("schema", "inputs", 16), f("new", "y", 17)},
		Examples: []result.ExampleResult{{Title: "e", Findings: []result.Finding{f("example-failed", "e", 22)}}}}}}
	b.Apply(cur)
	var left []string
	for _, g := range cur.AllFindings() {
		left = append(left, g.String())
	}
	want := []string{"t/TOOL.md:16:1: error: schema [schema]", "t/TOOL.md:17:1: error: new [new]"}
	if len(left) != len(want) || left[0] != want[0] || left[1] != want[1] {
		t.Errorf("left after the baseline: %q, want %q", left, want)
	}
	if got := *cur.Baseline; got != (result.BaselineCounts{Baselined: 4, Gone: 1}) {
		t.Errorf("counts %+v, want 4 baselined, 1 gone", got)
	}
	if cur.Summary.Findings != 2 || len(cur.Tools[0].Examples[0].Findings) != 0 {
		t.Errorf("summary %+v, example findings %v", cur.Summary, cur.Tools[0].Examples[0].Findings)
	}
}

// TestBaselineHidesFailures: an example that failed only by findings the
// baseline records is judged again without them and counts them
// (Baselined), in Apply and in ApplyTool alike, and the summary counts it
// as baselined, not failed; one that also fails by a new finding stays
// failed; ApplyTool leaves the tool it is given as it was.
func TestBaselineHidesFailures(t *testing.T) {
	f := func(rule, key string) result.Finding {
		return result.Finding{Rule: rule, Severity: result.SeverityError, Message: rule, File: "t/TOOL.md", Line: 1, Column: 1, Key: key, Tool: "t"}
	}
	tool := func(second ...result.Finding) result.ToolResult {
		return result.ToolResult{Dir: "t", Examples: []result.ExampleResult{
			{Title: "a", Status: result.StatusFailed, Findings: []result.Finding{f("example-failed", "a"), f("example-schema", "a")}},
			{Title: "b", Status: result.StatusFailed, Findings: append([]result.Finding{f("example-failed", "b")}, second...)},
			{Title: "c", Status: result.StatusPassed},
		}}
	}
	b := NewBaseline(&result.Result{Tools: []result.ToolResult{tool()}})
	check := func(name string, tr result.ToolResult) {
		t.Helper()
		a, bb := tr.Examples[0], tr.Examples[1]
		if a.Status != result.StatusPassed || a.Baselined != 2 || len(a.Findings) != 0 {
			t.Errorf("%s: a %s, baselined %d, findings %v; want passed, 2, none", name, a.Status, a.Baselined, a.Findings)
		}
		if bb.Status != result.StatusFailed || bb.Baselined != 0 || len(bb.Findings) != 1 {
			t.Errorf("%s: b %s, baselined %d, findings %v; want failed, 0, the new one", name, bb.Status, bb.Baselined, bb.Findings)
		}
	}
	r := &result.Result{Tools: []result.ToolResult{tool(f("example-exit", "b"))}}
	b.Apply(r)
	check("Apply", r.Tools[0])
	if s := r.Summary; s.Passed != 1 || s.Failed != 1 || s.Baselined != 1 || s.Examples != 3 {
		t.Errorf("summary %+v, want 1 passed, 1 failed, 1 baselined of 3", s)
	}
	orig := tool(f("example-exit", "b"))
	check("ApplyTool", b.ApplyTool(orig))
	if orig.Examples[0].Status != result.StatusFailed || len(orig.Examples[0].Findings) != 2 {
		t.Errorf("ApplyTool changed the tool it was given: %+v", orig.Examples[0])
	}
}

// TestBaselineRejudgesTools: a tool that failed only by findings the
// baseline records is judged again (passed: its examples ran and nothing
// fails it), in Apply and ApplyTool alike, and the summary counts it so;
// one that a new finding still fails stays failed; a status the contract
// decides (invalid-spec) stands whatever the baseline hides.
func TestBaselineRejudgesTools(t *testing.T) {
	f := func(dir, rule, key string) result.Finding {
		return result.Finding{Rule: rule, Severity: result.SeverityError, Message: rule, File: dir + "/TOOL.md", Line: 1, Column: 1, Key: key, Tool: dir}
	}
	tool := func(dir string, status result.ToolStatus, extra ...result.Finding) result.ToolResult {
		return result.ToolResult{Dir: dir, Status: status, Findings: extra, Examples: []result.ExampleResult{
			{Title: "a", Status: result.StatusFailed, Findings: []result.Finding{f(dir, "example-failed", "a")}},
			{Title: "b", Status: result.StatusPassed},
		}}
	}
	b := NewBaseline(&result.Result{Tools: []result.ToolResult{
		tool("hidden", result.ToolFailed), tool("more", result.ToolFailed), tool("invalid", result.ToolInvalidSpec, f("invalid", "name", "name")),
	}})
	r := &result.Result{Tools: []result.ToolResult{
		tool("hidden", result.ToolFailed), tool("more", result.ToolFailed, f("more", "effects", "x")), tool("invalid", result.ToolInvalidSpec, f("invalid", "name", "name")),
	}}
	b.Apply(r)
	for i, want := range []result.ToolStatus{result.ToolPassed, result.ToolFailed, result.ToolInvalidSpec} {
		if got := r.Tools[i].Status; got != want {
			t.Errorf("Apply: %s is %q, want %q", r.Tools[i].Dir, got, want)
		}
	}
	if s := r.Summary.Statuses; s.Passed != 1 || s.Failed != 1 || s.InvalidSpec != 1 {
		t.Errorf("summary's statuses %+v, want 1 passed, 1 failed, 1 invalid-spec", s)
	}
	if got := b.ApplyTool(tool("hidden", result.ToolFailed)).Status; got != result.ToolPassed {
		t.Errorf("ApplyTool: hidden is %q, want passed", got)
	}
}
