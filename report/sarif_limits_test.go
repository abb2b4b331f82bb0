package report

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/speccify/speccify-lint/result"
)

// manyFindings is a result of tools tool-00001... with n findings in all,
// the first errors of them errors, the next warnings warnings and the rest
// notes, spread over the tools 30 a tool; message makes each message.
func manyFindings(n, errors, warnings int, message func(i int) string) *result.Result {
	r := &result.Result{Version: "v1.2.3", Root: "/src", Ran: true}
	const perTool = 30
	for i := range n {
		if i%perTool == 0 {
			dir := fmt.Sprintf(".agent/tools/tool-%05d", i/perTool+1)
			r.Tools = append(r.Tools, result.ToolResult{Dir: dir, Spec: dir + "/TOOL.md"})
		}
		t := &r.Tools[len(r.Tools)-1]
		sev, rule := result.SeverityNote, "description"
		switch {
		case i < errors:
			sev, rule = result.SeverityError, "example-syntax"
		case i < errors+warnings:
			sev, rule = result.SeverityWarning, "implementation-missing"
		}
		t.Findings = append(t.Findings, result.Finding{
			Rule: rule, Severity: sev, Message: message(i),
			File: t.Spec, Line: i%perTool + 1, Column: 1, Tool: t.Dir, Key: fmt.Sprint(i),
		})
	}
	return r
}

// sarifRun is what these tests read of a SARIF run.
type sarifRun struct {
	Tool struct {
		Driver struct {
			Rules []struct {
				ID         string
				Properties struct{ Tags []string }
			}
		}
	}
	Results []struct {
		RuleID           string
		Level            string
		Message          struct{ Text string }
		Locations        []json.RawMessage
		RelatedLocations []json.RawMessage
	}
	Properties map[string]json.RawMessage
}

func readRuns(t *testing.T, out []byte) []sarifRun {
	t.Helper()
	var log struct{ Runs []sarifRun }
	if err := json.Unmarshal(out, &log); err != nil {
		t.Fatal(err)
	}
	return log.Runs
}

// TestSARIFResultLimit: a tree with more findings than GitHub code scanning
// takes in a run (25,000) gives a SARIF run of 25,000 results: every error,
// then the warnings in report order as long as there is room, no note; the
// run's properties and the warning say what was left out.
func TestSARIFResultLimit(t *testing.T) {
	r := manyFindings(30_000, 2_000, 26_000, func(i int) string { return fmt.Sprintf("finding %d", i) })
	var warnings []string
	opt := goldenOptions()
	opt.Warn = func(msg string) { warnings = append(warnings, msg) }
	out := render(t, "sarif", r, opt)

	runs := readRuns(t, out)
	if len(runs) != 1 {
		t.Fatalf("%d runs, want 1", len(runs))
	}
	run := runs[0]
	if len(run.Results) != 25_000 {
		t.Fatalf("%d results, want 25000", len(run.Results))
	}
	// The errors (findings 0-1999) and the first 23,000 warnings (2000-
	// 24999), in report order (file, then line).
	var kept []string
	for _, res := range run.Results {
		kept = append(kept, res.Message.Text)
	}
	var want []string
	for i := range 25_000 {
		want = append(want, fmt.Sprintf("finding %d", i))
	}
	slices.SortFunc(want, func(a, b string) int { return cmpFinding(r, a, b) })
	if !slices.Equal(kept, want) {
		t.Errorf("the run keeps other findings than the errors and the first warnings, or in another order")
	}
	levels := map[string]int{}
	for _, res := range run.Results {
		levels[res.Level]++
	}
	if levels["error"] != 2_000 || levels["warning"] != 23_000 || levels["note"] != 0 {
		t.Errorf("levels %v, want 2000 errors and 23000 warnings", levels)
	}

	const reason = "GitHub code scanning rejects a run of more than 25000 results; errors are kept first, then warnings, then notes, then suppressed findings, each in file and line order"
	wantProp := `{"levels":{"note":2000,"warning":3000},"reason":"` + reason + `","results":5000}`
	if got := string(run.Properties["speccify-lint/omitted"]); compactJSON(t, got) != wantProp {
		t.Errorf("speccify-lint/omitted = %s\nwant %s", got, wantProp)
	}
	wantWarn := "the SARIF report leaves out 5000 of 30000 results (3000 warnings, 2000 notes): " + reason + " (the other formats report every finding)"
	if !slices.Equal(warnings, []string{wantWarn}) {
		t.Errorf("warnings %q\nwant %q", warnings, wantWarn)
	}
	checkGitHubLimits(t, out, githubSARIFLimits)

	// Deterministic: the same result gives the same bytes.
	if again := render(t, "sarif", r, opt); !bytes.Equal(again, out) {
		t.Error("a second rendering differs")
	}
}

// cmpFinding orders the messages "finding N" of r's findings as the report
// does.
func cmpFinding(r *result.Result, a, b string) int {
	find := func(msg string) result.Finding {
		var i int
		fmt.Sscanf(msg, "finding %d", &i)
		return r.Tools[i/30].Findings[i%30]
	}
	return result.CompareFindings(find(a), find(b))
}

// compactJSON is s without insignificant blanks.
func compactJSON(t *testing.T, s string) string {
	t.Helper()
	var b bytes.Buffer
	if err := json.Compact(&b, []byte(s)); err != nil {
		t.Fatalf("%v: %s", err, s)
	}
	return b.String()
}

// TestSARIFWithinLimitsUnchanged: a run within the limits has every finding,
// no speccify-lint/omitted property and no warning.
func TestSARIFWithinLimitsUnchanged(t *testing.T) {
	r := manyFindings(25_000, 10, 100, func(i int) string { return fmt.Sprintf("finding %d", i) })
	opt := goldenOptions()
	opt.Warn = func(msg string) { t.Errorf("warned %q", msg) }
	run := readRuns(t, render(t, "sarif", r, opt))[0]
	if len(run.Results) != 25_000 {
		t.Errorf("%d results, want 25000", len(run.Results))
	}
	if _, ok := run.Properties["speccify-lint/omitted"]; ok {
		t.Error("a run within the limits records omitted results")
	}
}

// TestSARIFSizeLimit: a run whose gzip-compressed log would be larger than
// the limit keeps fewer results, errors first, until it fits, as written:
// after the guard has escaped the CI commands of the messages.
func TestSARIFSizeLimit(t *testing.T) {
	rng := rand.New(rand.NewChaCha8([32]byte{1}))
	const letters = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
	r := manyFindings(600, 100, 500, func(i int) string {
		var b strings.Builder // incompressible, with CI commands the guard escapes
		for j := range 2000 {
			if j%100 == 0 {
				b.WriteString("\n##vso[task.setvariable variable=x]")
			}
			b.WriteByte(letters[rng.IntN(len(letters))])
		}
		return fmt.Sprintf("finding %d %s", i, b.String())
	})
	limits := sarifLimits{results: 25_000, rules: 25_000, gzipBytes: 400_000}
	var warnings []string
	opt := goldenOptions()
	opt.sarifLimits = &limits
	opt.Warn = func(msg string) { warnings = append(warnings, msg) }
	out := render(t, "sarif", r, opt)
	if n := gzipSize(out); n > limits.gzipBytes {
		t.Errorf("gzip-compressed size %d, want at most %d", n, limits.gzipBytes)
	}
	run := readRuns(t, out)[0]
	levels := map[string]int{}
	for _, res := range run.Results {
		levels[res.Level]++
	}
	if levels["error"] != 100 || levels["warning"] == 0 || levels["warning"] == 500 {
		t.Errorf("levels %v, want the 100 errors and some of the warnings", levels)
	}
	// Nearly as many as fit: the log is more than 3/4 of the limit.
	if n := gzipSize(out); n < limits.gzipBytes*3/4 {
		t.Errorf("gzip-compressed size %d: too many results left out for a limit of %d", n, limits.gzipBytes)
	}
	omitted := 600 - len(run.Results)
	want := fmt.Sprintf("the SARIF report leaves out %d of 600 results (%d warnings): GitHub code scanning rejects a SARIF file of more than 400000 bytes gzip-compressed; errors are kept first, then warnings, then notes, then suppressed findings, each in file and line order (the other formats report every finding)", omitted, omitted)
	if !slices.Equal(warnings, []string{want}) {
		t.Errorf("warnings %q\nwant %q", warnings, want)
	}
	checkGitHubLimits(t, out, limits)
}

// TestSARIFRuleLimit: a finding whose rule would be one rule too many for a
// run is left out (the rules of Options.Rules are always described).
func TestSARIFRuleLimit(t *testing.T) {
	opt := goldenOptions()
	r := manyFindings(4, 4, 0, func(i int) string { return fmt.Sprintf("finding %d", i) })
	for i, id := range []string{"new-a", "new-b", "new-c", opt.rules()[0].ID} {
		r.Tools[0].Findings[i].Rule = id
	}
	limits := githubSARIFLimits
	limits.rules = len(opt.rules()) + 1
	opt.sarifLimits = &limits
	var warnings []string
	opt.Warn = func(msg string) { warnings = append(warnings, msg) }
	out := render(t, "sarif", r, opt)
	run := readRuns(t, out)[0]
	var got []string
	for _, res := range run.Results {
		got = append(got, res.RuleID)
	}
	if want := []string{"new-a", opt.rules()[0].ID}; !slices.Equal(got, want) {
		t.Errorf("results of %v, want %v", got, want)
	}
	if len(run.Tool.Driver.Rules) != limits.rules {
		t.Errorf("%d rules, want %d", len(run.Tool.Driver.Rules), limits.rules)
	}
	if len(warnings) != 1 || !strings.Contains(warnings[0], fmt.Sprintf("leaves out 2 of 4 results (2 errors): GitHub code scanning rejects a run of more than %d rules;", limits.rules)) {
		t.Errorf("warnings %q", warnings)
	}
	checkGitHubLimits(t, out, limits)
}

// checkGitHubLimits checks a SARIF log against GitHub code scanning's
// limits (see sarifLimits), those of limits and the fixed ones.
func checkGitHubLimits(t *testing.T, out []byte, limits sarifLimits) {
	t.Helper()
	runs := readRuns(t, out)
	if len(runs) > 20 {
		t.Errorf("%d runs, more than 20", len(runs))
	}
	if n := gzipSize(out); n > limits.gzipBytes {
		t.Errorf("gzip-compressed size %d, more than %d", n, limits.gzipBytes)
	}
	for _, run := range runs {
		if len(run.Results) > limits.results {
			t.Errorf("%d results, more than %d", len(run.Results), limits.results)
		}
		if len(run.Tool.Driver.Rules) > limits.rules {
			t.Errorf("%d rules, more than %d", len(run.Tool.Driver.Rules), limits.rules)
		}
		for _, rule := range run.Tool.Driver.Rules {
			if len(rule.Properties.Tags) > 20 {
				t.Errorf("rule %s has %d tags, more than 20", rule.ID, len(rule.Properties.Tags))
			}
		}
		for _, res := range run.Results {
			if n := len(res.Locations); n < 1 || n > 1000 {
				t.Errorf("a result has %d locations, want 1 to 1000", n)
			}
			if len(res.RelatedLocations) > 1000 {
				t.Errorf("a result has %d related locations, more than 1000", len(res.RelatedLocations))
			}
		}
	}
}
