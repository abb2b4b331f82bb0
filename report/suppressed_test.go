package report

import (
	"encoding/json"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/speccify/speccify-lint/result"
)

// sarifSuppressed is what a test reads of the results of a SARIF log.
type sarifSuppressed struct {
	Runs []struct {
		Results []struct {
			RuleID       string            `json:"ruleId"`
			Partial      map[string]string `json:"partialFingerprints"`
			Suppressions []struct {
				Kind          string `json:"kind"`
				Status        string `json:"status"`
				GUID          string `json:"guid"`
				Justification string `json:"justification"`
				Location      struct {
					PhysicalLocation struct {
						ArtifactLocation struct {
							URI       string `json:"uri"`
							URIBaseID string `json:"uriBaseId"`
						} `json:"artifactLocation"`
						Region struct {
							StartLine   int `json:"startLine"`
							StartColumn int `json:"startColumn"`
						} `json:"region"`
					} `json:"physicalLocation"`
				} `json:"location"`
			} `json:"suppressions"`
		} `json:"results"`
	} `json:"runs"`
}

// TestSARIFSuppressions: every suppressed finding is a result after the
// reported ones, with one suppression: inSource with the comment's reason
// and place, or external at the baseline's entry (a file URI for a baseline
// outside the root); status accepted and a GUID of the SARIF schema's shape
// that the same finding keeps. Its fingerprint is the finding's, its
// occurrence counted after the reported findings': a suppressed finding
// that shares rule, folder and key with a reported one does not take its
// fingerprint, and one that shares it with none keeps occurrence 1, as it
// had when it was reported.
func TestSARIFSuppressions(t *testing.T) {
	r := testResult()
	var log sarifSuppressed
	if err := json.Unmarshal(render(t, "sarif", r, goldenOptions()), &log); err != nil {
		t.Fatal(err)
	}
	results := log.Runs[0].Results
	reported := len(r.AllFindings())
	for i, res := range results[:reported] {
		if res.Suppressions != nil {
			t.Errorf("reported result %d (%s) has suppressions", i, res.RuleID)
		}
	}
	type want struct{ rule, kind, justification, uri, base, fp string }
	wants := []want{
		{"required-field", "inSource", "effects are in the body", "tools/alpha/TOOL.md", srcRoot, ":1"},
		{"missing-impl", "external", "recorded in the baseline file (--baseline)", ".speccify-lint-baseline.json", srcRoot, ":2"},
		{"effects", "external", "recorded in the baseline file (--baseline)", "file:///elsewhere/base%20line.json", "", ":1"},
	}
	got := results[reported:]
	if len(got) != len(wants) {
		t.Fatalf("%d suppressed results, want %d", len(got), len(wants))
	}
	guid := `^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$`
	for i, w := range wants {
		res := got[i]
		if res.RuleID != w.rule || len(res.Suppressions) != 1 {
			t.Errorf("suppressed result %d: %s with %d suppressions, want %s with 1", i, res.RuleID, len(res.Suppressions), w.rule)
			continue
		}
		s := res.Suppressions[0]
		loc := s.Location.PhysicalLocation
		sup := r.Suppressed[i].Suppression
		if s.Kind != w.kind || s.Status != "accepted" || s.Justification != w.justification ||
			loc.ArtifactLocation.URI != w.uri || loc.ArtifactLocation.URIBaseID != w.base ||
			loc.Region.StartLine != sup.Line || loc.Region.StartColumn != sup.Column {
			t.Errorf("suppressed result %d: %+v, want %+v at %d:%d", i, s, w, sup.Line, sup.Column)
		}
		if !matches(guid, s.GUID) {
			t.Errorf("suppressed result %d: guid %q is not a UUID of version 5's shape", i, s.GUID)
		}
		if fp := res.Partial["primaryLocationLineHash"]; !strings.HasSuffix(fp, w.fp) || fp[:32] != findingHash(r.Suppressed[i]) {
			t.Errorf("suppressed result %d: fingerprint %q, want the finding's hash with occurrence %s", i, fp, w.fp)
		}
	}
	// The reported finding that the second shares its hash with keeps
	// occurrence 1.
	for _, res := range results[:reported] {
		if res.RuleID == "missing-impl" && !strings.HasSuffix(res.Partial["primaryLocationLineHash"], ":1") {
			t.Errorf("the reported missing-impl finding has fingerprint %q, want occurrence 1", res.Partial["primaryLocationLineHash"])
		}
	}
	// The same result gives the same GUIDs.
	var again sarifSuppressed
	if err := json.Unmarshal(render(t, "sarif", testResult(), goldenOptions()), &again); err != nil {
		t.Fatal(err)
	}
	if a, b := again.Runs[0].Results[reported].Suppressions[0].GUID, got[0].Suppressions[0].GUID; a != b {
		t.Errorf("GUID %q, then %q", b, a)
	}
}

// TestSARIFNoSuppressions: a result without suppressed findings has no
// suppressions key at all.
func TestSARIFNoSuppressions(t *testing.T) {
	r := testResult()
	r.Suppressed = nil
	for _, format := range []string{"sarif", "json"} {
		out := string(render(t, format, r, goldenOptions()))
		for _, key := range []string{`"suppressions"`, `"suppressed"`, `"suppression"`} {
			if strings.Contains(out, key) {
				t.Errorf("%s report without suppressed findings has %s", format, key)
			}
		}
	}
}

// TestSuppressedHostileReason: a reason with line breaks, control
// characters, workflow commands and a thousand bytes stays one string of
// valid JSON in the SARIF and JSON reports: the SARIF justification on one
// line without control characters, the JSON one as the model has it, and
// neither starts a line of the report (the guard escapes "::" and "##"
// anyway, which TestNoCICommands checks of every text).
func TestSuppressedHostileReason(t *testing.T) {
	reason := "line one\n::error file=x::pwned\r\n##vso[task.complete result=Succeeded]\x1b[31mred\x00\u2028" + strings.Repeat("é", 600)
	r := testResult()
	r.Suppressed[0].Suppression.Justification = result.Justification(reason)
	for _, format := range []string{"sarif", "json"} {
		out := render(t, format, r, goldenOptions())
		var v any
		if err := json.Unmarshal(out, &v); err != nil {
			t.Fatalf("%s: not JSON: %v", format, err)
		}
		for line := range strings.SplitSeq(string(out), "\n") {
			if trimmed := strings.TrimSpace(line); strings.HasPrefix(trimmed, "::") || strings.HasPrefix(trimmed, "##") {
				t.Errorf("%s: a line starts a command: %q", format, line)
			}
		}
	}
	var log sarifSuppressed
	if err := json.Unmarshal(render(t, "sarif", r, goldenOptions()), &log); err != nil {
		t.Fatal(err)
	}
	results := log.Runs[0].Results
	j := results[len(r.AllFindings())].Suppressions[0].Justification
	if strings.ContainsAny(j, "\n\r\x1b\x00") || !strings.Contains(j, "pwned") || !strings.HasSuffix(j, "…") || len(j) > result.MaxJustification+len("…") {
		t.Errorf("SARIF justification %q: want one line, no control characters, cut with …", j)
	}
	back, err := ReadJSON(strings.NewReader(string(render(t, "json", r, goldenOptions()))))
	if err != nil {
		t.Fatal(err)
	}
	if got := back.Suppressed[0].Suppression.Justification; got != result.Justification(reason) {
		t.Errorf("the JSON report's justification %q, want the model's", got)
	}
}

// TestMergeKeepsSuppressed: merging shards' JSON reports keeps every
// shard's suppressed findings, in place order.
func TestMergeKeepsSuppressed(t *testing.T) {
	a, b := testResult(), testResult()
	a.Tools, b.Tools = a.Tools[:2], b.Tools[2:]
	a.Suppressed, b.Suppressed = a.Suppressed[:1], b.Suppressed[1:]
	b.Skills, b.Findings = nil, nil
	m, err := Merge([]*result.Result{b, a})
	if err != nil {
		t.Fatal(err)
	}
	var rules []string
	for _, f := range m.Suppressed {
		rules = append(rules, f.Rule)
	}
	if !slices.Equal(rules, []string{"required-field", "missing-impl", "effects"}) {
		t.Errorf("merged suppressed %v", rules)
	}
}

// matches reports whether s matches the regular expression re.
func matches(re, s string) bool { return regexp.MustCompile(re).MatchString(s) }

// TestSARIFLimitLeavesOutSuppressedFirst: when the results do not fit,
// the suppressed findings are left out before any reported one, even a
// note, and counted apart in the run's property and the warning.
func TestSARIFLimitLeavesOutSuppressedFirst(t *testing.T) {
	r := testResult()
	reported := len(r.AllFindings())
	var warnings []string
	opt := goldenOptions()
	opt.Warn = func(msg string) { warnings = append(warnings, msg) }
	opt.sarifLimits = &sarifLimits{results: reported + 1, rules: 25_000, gzipBytes: 10_000_000}
	var log sarifSuppressed
	if err := json.Unmarshal(render(t, "sarif", r, opt), &log); err != nil {
		t.Fatal(err)
	}
	results := log.Runs[0].Results
	if len(results) != reported+1 || results[reported].Suppressions == nil || results[reported].RuleID != "required-field" {
		t.Fatalf("%d results, want every reported finding and the first suppressed one", len(results))
	}
	for _, res := range results[:reported] {
		if res.Suppressions != nil {
			t.Errorf("a suppressed result %s among the reported ones", res.RuleID)
		}
	}
	if len(warnings) != 1 || !strings.Contains(warnings[0], "leaves out 2 of 14 results (2 suppressed)") {
		t.Errorf("warnings %q, want one that says 2 suppressed were left out", warnings)
	}
}
