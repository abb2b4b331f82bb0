package result

import (
	"slices"
	"strings"
	"testing"
)

// TestSeverityText: every severity a finding has reads back from its name;
// none and unknown names are refused, so that a configuration or a JSON
// report cannot hold a severity no writer knows.
func TestSeverityText(t *testing.T) {
	for _, s := range []Severity{SeverityNote, SeverityWarning, SeverityError} {
		text, _ := s.MarshalText()
		var back Severity
		if err := back.UnmarshalText(text); err != nil || back != s {
			t.Errorf("%v: read back as %v, %v", s, back, err)
		}
	}
	for _, name := range []string{"none", "", "Error", "fatal"} {
		if s, err := ParseSeverity(name); err == nil {
			t.Errorf("ParseSeverity(%q) = %v, want an error", name, s)
		}
	}
	if got := Severity(7).String(); got != "severity(7)" {
		t.Errorf("an unknown severity prints %q", got)
	}
}

// TestFixSafetyText: the safeties read back from the JSON report; an
// unknown one is an error.
func TestFixSafetyText(t *testing.T) {
	for _, s := range []FixSafety{NoFix, SafeFix, UnsafeFix} {
		text, _ := s.MarshalText()
		var back FixSafety
		if err := back.UnmarshalText(text); err != nil || back != s {
			t.Errorf("%v: read back as %v, %v", s, back, err)
		}
	}
	var s FixSafety
	if err := s.UnmarshalText([]byte("risky")); err == nil {
		t.Error("an unknown fix safety was read")
	}
}

// TestJustification: a long reason is cut at a character boundary within
// MaxJustification bytes, with "…" after it.
func TestJustification(t *testing.T) {
	short := strings.Repeat("a", MaxJustification)
	if got := Justification(short); got != short {
		t.Errorf("a reason of MaxJustification bytes was changed")
	}
	long := strings.Repeat("a", MaxJustification-1) + "äöü"
	got := Justification(long)
	if want := strings.Repeat("a", MaxJustification-1) + "…"; got != want {
		t.Errorf("Justification cut inside a character: %q", got[len(got)-8:])
	}
}

// TestAllFindingsOrder: the result's own findings, each tool's and each
// example's come out sorted by file, line, column, rule and message.
func TestAllFindingsOrder(t *testing.T) {
	r := Result{
		Findings: []Finding{{File: "b", Line: 1, Rule: "x"}},
		Tools: []ToolResult{{
			Findings: []Finding{{File: "a", Line: 2, Rule: "x"}, {File: "a", Line: 2, Column: 1, Rule: "x"}},
			Examples: []ExampleResult{{Findings: []Finding{{File: "a", Line: 2, Rule: "w"}}}},
		}},
		Skills: []SkillResult{{Findings: []Finding{{File: "a", Line: 1, Rule: "z"}}}},
	}
	var got []string
	for _, f := range r.AllFindings() {
		got = append(got, f.String())
	}
	want := []string{
		"a:1:0: none:  [z]", "a:2:0: none:  [w]", "a:2:0: none:  [x]", "a:2:1: none:  [x]", "b:1:0: none:  [x]",
	}
	if !slices.Equal(got, want) {
		t.Errorf("AllFindings:\n got %q\nwant %q", got, want)
	}
}

// TestSummarizeAndFails: the summary counts findings by severity, examples
// by status (a baselined one only as baselined) and tools by status; Fails
// compares the worst finding with a threshold, none never failing.
func TestSummarizeAndFails(t *testing.T) {
	r := Result{Tools: []ToolResult{
		{Status: ToolPassed, Cached: true, Examples: []ExampleResult{{Status: StatusPassed}, {Status: StatusSkipped}}},
		{Status: ToolFailed, Findings: []Finding{{Severity: SeverityWarning}},
			Examples: []ExampleResult{{Status: StatusFailed}, {Status: StatusErrored}, {Status: StatusFailed, Baselined: 1}}},
		{Findings: []Finding{{Severity: SeverityNote}}},
	}}
	r.Summarize()
	want := Summary{Tools: 3, Findings: 2, Warnings: 1, Notes: 1, Examples: 5, Passed: 1, Failed: 1, Errored: 1,
		Skipped: 1, Baselined: 1, Cached: 1, Statuses: StatusCounts{Passed: 1, Failed: 1}}
	if r.Summary != want {
		t.Errorf("Summarize:\n got %+v\nwant %+v", r.Summary, want)
	}
	for threshold, fails := range map[Severity]bool{SeverityNone: false, SeverityNote: true, SeverityWarning: true, SeverityError: false} {
		if got := r.Fails(threshold); got != fails {
			t.Errorf("Fails(%v) = %v, want %v", threshold, got, fails)
		}
	}
	if got := r.Summary.Statuses.Of(ToolNoExamples); got != 0 {
		t.Errorf("Of(no-examples) = %d", got)
	}
}

// TestRejudge: a failed tool that nothing fails any more takes the status
// of its runs; one still failed, and every status before failed, stand.
func TestRejudge(t *testing.T) {
	for _, tt := range []struct {
		name        string
		tool        ToolResult
		interrupted bool
		want        ToolStatus
	}{
		{"an example passed", ToolResult{Status: ToolFailed, Examples: []ExampleResult{{Status: StatusPassed}}}, false, ToolPassed},
		{"nothing ran", ToolResult{Status: ToolFailed, Examples: []ExampleResult{{Status: StatusSkipped}}}, false, ""},
		{"interrupted", ToolResult{Status: ToolFailed, Examples: []ExampleResult{{Status: StatusPassed}, {Status: StatusSkipped}}}, true, ""},
		{"explored", ToolResult{Status: ToolFailed, Explore: &ExploreResult{}}, false, ToolPassed},
		{"still an error", ToolResult{Status: ToolFailed, Findings: []Finding{{Severity: SeverityError}}}, false, ToolFailed},
		{"a property failed", ToolResult{Status: ToolFailed, Explore: &ExploreResult{Properties: []PropertyResult{{Status: StatusFailed}}}}, false, ToolFailed},
		{"invalid spec stands", ToolResult{Status: ToolInvalidSpec}, false, ToolInvalidSpec},
	} {
		t.Run(tt.name, func(t *testing.T) {
			tool := tt.tool
			tool.Rejudge(tt.interrupted)
			if tool.Status != tt.want {
				t.Errorf("status %q, want %q", tool.Status, tt.want)
			}
		})
	}
}

// TestUnverified: no examples, no implementation and a missing requirement
// are unverified (what --require-run fails on); not-applicable is not.
func TestUnverified(t *testing.T) {
	var r Result
	for _, s := range ToolStatuses {
		r.Tools = append(r.Tools, ToolResult{Status: s})
	}
	var got []ToolStatus
	for _, tr := range r.Unverified() {
		got = append(got, tr.Status)
	}
	if want := []ToolStatus{ToolNoExamples, ToolNotImplemented, ToolMissingRequirement}; !slices.Equal(got, want) {
		t.Errorf("Unverified: %v, want %v", got, want)
	}
}
