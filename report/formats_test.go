package report

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/speccify/speccify-lint/contract"
	"github.com/speccify/speccify-lint/internal/jsonexact"
	"github.com/speccify/speccify-lint/result"
)

func TestJSONRoundTrip(t *testing.T) {
	r := testResult()
	out := render(t, "json", r, Options{})
	if !bytes.HasPrefix(out, []byte("{\n  \"schema_version\": 1,\n  \"version\": \"v1.2.3\",")) {
		t.Errorf("JSON does not start with schema_version then the Result fields:\n%.200s", out)
	}
	back, err := ReadJSON(bytes.NewReader(out))
	if err != nil {
		t.Fatal(err)
	}
	// Lists the model always has come back empty rather than nil, so compare
	// the parts that have everything set. A finding's Span and Source are
	// for the text report only: the JSON does not hold them.
	want := r.Tools[0].Examples[1]
	want.Findings = slices.Clone(want.Findings)
	for i := range want.Findings {
		want.Findings[i].Span, want.Findings[i].Source = contract.Span{}, ""
	}
	if !reflect.DeepEqual(back.Tools[0].Examples[1], want) ||
		!reflect.DeepEqual(back.Summary, r.Summary) || back.Tools[0].Duration != r.Tools[0].Duration ||
		!reflect.DeepEqual(back.Findings, r.Findings) || !reflect.DeepEqual(back.Skills, r.Skills) {
		t.Errorf("ReadJSON(Write(r)) differs from r:\n got %+v\nwant %+v", back, r)
	}
	if again := render(t, "json", back, Options{}); !bytes.Equal(again, out) {
		t.Error("writing the read result gives other bytes")
	}

	// NoTimestamps renders durations as 0.
	if out := string(render(t, "json", r, Options{NoTimestamps: true})); strings.Contains(out, `"duration_ns": 2`) ||
		!strings.Contains(out, `"duration_ns": 0`) {
		t.Error("NoTimestamps left a duration in the JSON")
	}
}

func TestReadJSONErrors(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{`{"version":"v1"}`, "no schema_version"},
		{`{"schema_version": 99}`, "schema_version 99"},
		{`{"schema_version": 1} {}`, "unexpected data"},
		{`[`, "reading JSON report"},
		{`{"schema_version": 1, "tools": [{"findings": [{"severity": "fatal"}]}]}`, "unknown severity"},
	} {
		if _, err := ReadJSON(strings.NewReader(tt.in)); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("ReadJSON(%s) = %v, want an error with %q", tt.in, err, tt.want)
		}
	}
}

// sarifLog is the part of a SARIF log the tests look at.
type sarifLog struct {
	Runs []struct {
		Tool struct {
			Driver struct {
				Version         string `json:"version"`
				SemanticVersion string `json:"semanticVersion"`
				FullName        string `json:"fullName"`
				Rules           []struct {
					ID string `json:"id"`
				} `json:"rules"`
			} `json:"driver"`
		} `json:"tool"`
		Invocations []struct {
			ExecutionSuccessful bool   `json:"executionSuccessful"`
			EndTimeUTC          string `json:"endTimeUtc"`
			Notifications       []struct {
				Level   string `json:"level"`
				Message struct {
					Text string `json:"text"`
				} `json:"message"`
			} `json:"toolExecutionNotifications"`
		} `json:"invocations"`
		Results []struct {
			RuleID    string            `json:"ruleId"`
			RuleIndex int               `json:"ruleIndex"`
			Level     string            `json:"level"`
			Partial   map[string]string `json:"partialFingerprints"`
			Locations []struct {
				PhysicalLocation struct {
					ArtifactLocation struct {
						URI string `json:"uri"`
					} `json:"artifactLocation"`
					Region struct {
						StartLine   int `json:"startLine"`
						StartColumn int `json:"startColumn"`
					} `json:"region"`
				} `json:"physicalLocation"`
			} `json:"locations"`
		} `json:"results"`
		AutomationDetails struct {
			ID string `json:"id"`
		} `json:"automationDetails"`
		ColumnKind string `json:"columnKind"`
	} `json:"runs"`
}

func readSARIF(t *testing.T, out []byte) sarifLog {
	t.Helper()
	var log sarifLog
	if err := json.Unmarshal(out, &log); err != nil {
		t.Fatal(err)
	}
	if len(log.Runs) != 1 {
		t.Fatalf("%d runs, want 1", len(log.Runs))
	}
	return log
}

func TestSARIF(t *testing.T) {
	r := testResult()
	log := readSARIF(t, render(t, "sarif", r, goldenOptions()))
	run := log.Runs[0]
	if got, want := len(run.Results), len(r.AllFindings())+len(r.Suppressed); got != want {
		t.Errorf("%d results, want one per finding and per suppressed finding (%d)", got, want)
	}
	seen := map[string]bool{}
	for i, res := range run.Results {
		if run.Tool.Driver.Rules[res.RuleIndex].ID != res.RuleID {
			t.Errorf("result %d: ruleIndex %d is %s, not %s", i, res.RuleIndex, run.Tool.Driver.Rules[res.RuleIndex].ID, res.RuleID)
		}
		fp := res.Partial["primaryLocationLineHash"]
		if fp == "" || seen[fp] {
			t.Errorf("result %d: fingerprint %q empty or repeated", i, fp)
		}
		seen[fp] = true
		if len(res.Locations) != 1 || res.Locations[0].PhysicalLocation.Region.StartLine < 1 || res.Locations[0].PhysicalLocation.Region.StartColumn < 1 {
			t.Errorf("result %d: bad locations %+v", i, res.Locations)
		}
	}
	inv := run.Invocations[0]
	if !inv.ExecutionSuccessful {
		t.Error("skips made executionSuccessful false")
	}
	if len(inv.Notifications) != 2 || inv.Notifications[0].Level != "note" {
		t.Errorf("skips are not note notifications: %+v", inv.Notifications)
	}
	// Every rule has a name that differs from its id (the Azure DevOps
	// rules want one; SARIF1001 wants it to differ).
	for _, rule := range []string{`"name": "RequiredField"`, `"id": "effects",
              "name": "EffectsRule",`} {
		if !strings.Contains(string(render(t, "sarif", r, goldenOptions())), rule) {
			t.Errorf("SARIF rules lack %s", rule)
		}
	}
	if inv.EndTimeUTC != "" {
		t.Error("NoTimestamps wrote an end time")
	}
	if d := run.Tool.Driver; d.Version != "1.2.3" || d.SemanticVersion != "1.2.3" || d.FullName != "speccify-lint v1.2.3" {
		t.Errorf("version %q, semanticVersion %q, fullName %q", d.Version, d.SemanticVersion, d.FullName)
	}
	if run.ColumnKind != "utf16CodeUnits" {
		t.Errorf("columnKind %q, want utf16CodeUnits (the parser's columns)", run.ColumnKind)
	}

	// Internal errors fail the invocation; timestamps come from Now.
	r.InternalErrors = []string{"worker panicked"}
	r.Shard = "2/3"
	opt := goldenOptions()
	opt.NoTimestamps = false
	log = readSARIF(t, render(t, "sarif", r, opt))
	inv = log.Runs[0].Invocations[0]
	if inv.ExecutionSuccessful || inv.Notifications[0].Level != "error" || !strings.Contains(inv.Notifications[0].Message.Text, "worker panicked") {
		t.Errorf("internal error not reported: %+v", inv)
	}
	if inv.EndTimeUTC != "2026-11-30T12:00:00Z" {
		t.Errorf("endTimeUtc = %q", inv.EndTimeUTC)
	}
	if got := log.Runs[0].AutomationDetails.ID; got != "speccify-lint/shard-2-of-3/" {
		t.Errorf("category = %q", got)
	}
	opt.SARIFCategory = "mine"
	if got := readSARIF(t, render(t, "sarif", r, opt)).Runs[0].AutomationDetails.ID; got != "mine/shard-2-of-3/" {
		t.Errorf("category = %q, want the option", got)
	}
}

func TestFingerprintsIgnoreLines(t *testing.T) {
	a := testResult()
	b := testResult()
	// Move every finding of alpha down by ten lines.
	for i := range b.Tools[0].Findings {
		b.Tools[0].Findings[i].Line += 10
	}
	fa := readSARIF(t, render(t, "sarif", a, goldenOptions())).Runs[0].Results
	fb := readSARIF(t, render(t, "sarif", b, goldenOptions())).Runs[0].Results
	ha := map[string]bool{}
	for _, r := range fa {
		ha[r.Partial["primaryLocationLineHash"]] = true
	}
	for _, r := range fb {
		if !ha[r.Partial["primaryLocationLineHash"]] {
			t.Errorf("moving lines changed the fingerprint of a %s finding", r.RuleID)
		}
	}

	var issues []struct {
		Fingerprint string `json:"fingerprint"`
	}
	if err := json.Unmarshal(render(t, "gitlab", a, goldenOptions()), &issues); err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, is := range issues {
		if len(is.Fingerprint) != 32 || seen[is.Fingerprint] {
			t.Errorf("GitLab fingerprint %q is not a unique hex digest", is.Fingerprint)
		}
		seen[is.Fingerprint] = true
	}
}

func TestSemanticVersion(t *testing.T) {
	// Only a semantic version is one; a SARIF log without it leaves
	// semanticVersion out.
	for in, want := range map[string]string{
		"v1.2.3": "1.2.3", "1.0.0-rc.1": "1.0.0-rc.1", "v0.0.0-20260101120000-abcdef123456": "0.0.0-20260101120000-abcdef123456",
		"devel": "", "(devel)": "", "v1.2": "", "0123": "", "1.2.3-dirty+x y": "", "": "",
	} {
		got, ok := semanticVersion(in)
		if !ok {
			got = ""
		}
		if got != want {
			t.Errorf("semanticVersion(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestNumericVersion(t *testing.T) {
	for in, want := range map[string]string{
		"v1.2.3": "1.2.3", "1.0.0-rc.1": "1.0.0-rc.1", "v0.0.0-20260101120000-abcdef123456": "0.0.0-20260101120000-abcdef123456",
		"devel": "0.0.0-devel", "(devel)": "0.0.0-devel", "v1.2": "0.0.0-v1-2", "0123": "0.0.0-dev-0123",
		"1.2.3-dirty+x y": "0.0.0-1-2-3-dirty-x-y", "": "",
	} {
		got, ok := numericVersion(in)
		if !ok {
			got = ""
		}
		if got != want {
			t.Errorf("numericVersion(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestURIs(t *testing.T) {
	for in, want := range map[string]string{
		"tools/a/TOOL.md":       "tools/a/TOOL.md",
		"tools/my tool/TOOL.md": "tools/my%20tool/TOOL.md",
		"a:b/TOOL.md":           "a%3Ab/TOOL.md",
		"tools/100%/x#y?z":      "tools/100%25/x%23y%3Fz",
		"tools/é/TOOL.md":       "tools/%C3%A9/TOOL.md",
		"":                      ".",
	} {
		if got := relativeURI(in); got != want {
			t.Errorf("relativeURI(%q) = %q, want %q", in, got, want)
		}
	}
	for in, want := range map[string]string{
		"/work/repo":      "file:///work/repo/",
		"/work/my repo/":  "file:///work/my%20repo/",
		`C:\work\repo`:    "file:///C:/work/repo/",
		"/tmp/100%":       "file:///tmp/100%25/",
		"":                "",
		"/work/r#1/x?.go": "file:///work/r%231/x%3F.go/",
	} {
		if got := rootURI(in); got != want {
			t.Errorf("rootURI(%q) = %q, want %q", in, got, want)
		}
	}
	for in, want := range map[string]string{"required-field": "RequiredField", "example-stdout": "ExampleStdout", "x": "X"} {
		if got := camelCase(in); got != want {
			t.Errorf("camelCase(%q) = %q, want %q", in, got, want)
		}
	}
}

// junitDoc is a parsed JUnit report.
type junitDoc struct {
	Tests    int  `xml:"tests,attr"`
	Failures int  `xml:"failures,attr"`
	Errors   int  `xml:"errors,attr"`
	Skipped  *int `xml:"skipped,attr"`
	Suites   []struct {
		Name      string `xml:"name,attr"`
		Tests     int    `xml:"tests,attr"`
		Failures  int    `xml:"failures,attr"`
		Errors    int    `xml:"errors,attr"`
		Skipped   int    `xml:"skipped,attr"`
		Timestamp string `xml:"timestamp,attr"`
		Cases     []struct {
			Name    string    `xml:"name,attr"`
			File    string    `xml:"file,attr"`
			Line    int       `xml:"line,attr"`
			Failure *struct{} `xml:"failure"`
			Error   *struct{} `xml:"error"`
			Skipped *struct{} `xml:"skipped"`
		} `xml:"testcase"`
	} `xml:"testsuite"`
}

func TestJUnitCounts(t *testing.T) {
	r := testResult()
	r.InternalErrors = []string{"boom"}
	opt := goldenOptions()
	opt.NoTimestamps = false
	var doc junitDoc
	if err := xml.Unmarshal(render(t, "junit", r, opt), &doc); err != nil {
		t.Fatal(err)
	}
	if doc.Skipped != nil {
		t.Error("<testsuites> has a skipped attribute (junit-10.xsd forbids it)")
	}
	var tests, failures, errors int
	for _, s := range doc.Suites {
		var f, e, sk int
		for _, c := range s.Cases {
			if c.Failure != nil {
				f++
			}
			if c.Error != nil {
				e++
			}
			if c.Skipped != nil {
				sk++
			}
		}
		if s.Tests != len(s.Cases) || s.Failures != f || s.Errors != e || s.Skipped != sk {
			t.Errorf("suite %s declares %d/%d/%d/%d, holds %d/%d/%d/%d", s.Name, s.Tests, s.Failures, s.Errors, s.Skipped, len(s.Cases), f, e, sk)
		}
		if s.Timestamp != "2026-11-30T12:00:00Z" {
			t.Errorf("suite %s timestamp %q", s.Name, s.Timestamp)
		}
		tests, failures, errors = tests+s.Tests, failures+s.Failures, errors+s.Errors
	}
	if doc.Tests != tests || doc.Failures != failures || doc.Errors != errors {
		t.Errorf("<testsuites> declares %d/%d/%d, suites sum to %d/%d/%d", doc.Tests, doc.Failures, doc.Errors, tests, failures, errors)
	}
	c := doc.Suites[0].Cases[2] // alpha: lint, adds two numbers, sorts keys
	if c.Name != "sorts keys" || c.File != "tools/alpha/TOOL.md" || c.Line != 26 {
		t.Errorf("JUnit locations: case %+v, want sorts keys at tools/alpha/TOOL.md:26", c)
	}
	last := doc.Suites[len(doc.Suites)-1]
	if last.Name != "speccify-lint" || last.Errors != 1 {
		t.Errorf("internal errors are not an error case in the speccify-lint suite: %+v", last)
	}
	strict := goldenOptions()
	strict.JUnitStrict = true
	if bytes.Contains(render(t, "junit", r, strict), []byte(` line="`)) {
		t.Error("line attributes with JUnitStrict")
	}
}

func TestGitHubEscaping(t *testing.T) {
	for _, tt := range []struct{ in, data, prop string }{
		{"plain", "plain", "plain"},
		{"50%", "50%25", "50%25"},
		{"a\nb", "a%0Ab", "a%0Ab"},
		{"a\r\nb", "a%0D%0Ab", "a%0D%0Ab"},
		{"x: y, z", "x: y, z", "x%3A y%2C z"},
		{"%0A", "%250A", "%250A"},
		{"::error::x", "::error::x", "%3A%3Aerror%3A%3Ax"},
	} {
		if got := escapeData(tt.in); got != tt.data {
			t.Errorf("escapeData(%q) = %q, want %q", tt.in, got, tt.data)
		}
		if got := escapeProperty(tt.in); got != tt.prop {
			t.Errorf("escapeProperty(%q) = %q, want %q", tt.in, got, tt.prop)
		}
	}
}

func TestGitHubLimits(t *testing.T) {
	r := &result.Result{Version: "v1.0.0", Root: "/r", Ran: true, Tools: []result.ToolResult{{Dir: "t", Spec: "t/TOOL.md"}}}
	for i := range 12 {
		r.Tools[0].Findings = append(r.Tools[0].Findings,
			result.Finding{Rule: "e", Severity: result.SeverityError, Message: "error", File: "t/TOOL.md", Line: i + 1, Column: 1},
			result.Finding{Rule: "w", Severity: result.SeverityWarning, Message: "warning", File: "t/TOOL.md", Line: i + 1, Column: 2})
	}
	r.Tools[0].Findings = append(r.Tools[0].Findings, result.Finding{Rule: "n", Severity: result.SeverityNote, Message: "note", File: "t/TOOL.md", Line: 1, Column: 3})
	out := string(render(t, "github", r, Options{NoTimestamps: true}))
	lines := strings.Split(out, "\n")
	var kinds []string
	for _, l := range lines {
		if k, _, ok := strings.Cut(l, " file="); ok {
			kinds = append(kinds, k)
		}
	}
	want := strings.Repeat("::error ", 12) + strings.Repeat("::warning ", 12) + "::notice "
	if got := strings.Join(kinds, " ") + " "; got != want {
		t.Errorf("annotation order %q, want errors, warnings, notices", got)
	}
	if !strings.Contains(out, "\n::notice::4 annotations were not shown by GitHub (it shows 10 per kind); see the job log, the SARIF report or the step summary.\n") {
		t.Errorf("no notice of the hidden annotations:\n%s", out)
	}
}

func TestGitHubFencesToolOutput(t *testing.T) {
	out := string(render(t, "github", hostileResult(), goldenOptions()))
	start := strings.Index(out, "::stop-commands::")
	if start < 0 {
		t.Fatal("no ::stop-commands::")
	}
	token := strings.TrimPrefix(strings.SplitN(out[start:], "\n", 2)[0], "::stop-commands::")
	end := strings.Index(out, "\n::"+token+"::\n")
	if end < start || !strings.HasSuffix(out, "::"+token+"::\n") {
		t.Fatalf("the fence %q is not closed at the end", token)
	}
	// Before the fence, every line is one of our commands.
	for _, l := range strings.Split(out[:start], "\n") {
		if l != "" && !strings.HasPrefix(l, "::error ") && !strings.HasPrefix(l, "::warning ") && !strings.HasPrefix(l, "::notice ") {
			t.Errorf("line before the fence is not an annotation: %q", l)
		}
	}
	if !strings.Contains(out[start:end], "::error file=x,line=1::injected") {
		t.Error("the tool's output is not in the fenced text")
	}
	for _, l := range strings.Split(out[:start], "\n") {
		if strings.HasPrefix(strings.TrimSpace(l), "::add-mask::") {
			t.Error("a workflow command from tool output escaped the fence")
		}
	}
}

func TestStepSummary(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "summary.md")
	if err := os.WriteFile(path, []byte("earlier step\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := AppendStepSummary(path, testResult(), goldenOptions()); err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var want bytes.Buffer
	writeStepSummary(&want, testResult(), goldenOptions())
	if string(got) != "earlier step\n"+want.String() {
		t.Error("AppendStepSummary did not append the summary to what was there")
	}

	// A huge result is cut to GitHub's 1 MiB, with a note.
	big := testResult()
	tool := big.Tools[0]
	for i := range 3000 {
		tool.Dir = fmt.Sprintf("tools/t%05d", i)
		tool.Spec = tool.Dir + "/TOOL.md"
		big.Tools = append(big.Tools, tool)
	}
	path = filepath.Join(dir, "big.md")
	if err := AppendStepSummary(path, big, goldenOptions()); err != nil {
		t.Fatal(err)
	}
	got, err = os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) > stepSummaryCap || len(got) < stepSummaryCap-4096 {
		t.Errorf("summary of %d bytes, want just under %d", len(got), stepSummaryCap)
	}
	if !bytes.HasSuffix(got, []byte("the job log and the SARIF or JUnit reports have everything.\n")) {
		t.Errorf("no truncation note at the end: %q", got[len(got)-200:])
	}
	// The file is full: nothing more is appended.
	if err := AppendStepSummary(path, testResult(), goldenOptions()); err != nil {
		t.Fatal(err)
	}
	if again, _ := os.ReadFile(path); len(again) != len(got) {
		t.Error("appended to a full summary")
	}
	if err := AppendStepSummary(filepath.Join(dir, "no", "such", "dir"), testResult(), Options{}); err == nil {
		t.Error("no error for an unwritable path")
	}
}

func TestMarkdownEscaping(t *testing.T) {
	if got := mdText("a|b <i>*x*</i> [l](u) `c` \\ & \x1b[1m"); got != `a\|b &lt;i&gt;\*x\*&lt;/i&gt; \[l\](u) \`+"`c\\`"+` \\ &amp; ` {
		t.Errorf("mdText = %q", got)
	}
	if got := mdCode("a|b"); got != "`a\\|b`" {
		t.Errorf("mdCode = %q", got)
	}
}

func TestPassedWithErrorFindingFails(t *testing.T) {
	r := testResult()
	ex := &r.Tools[3].Examples[0] // gamma "same": passed with a note
	ex.Findings[0].Severity = result.SeverityError
	var doc junitDoc
	if err := xml.Unmarshal(render(t, "junit", r, goldenOptions()), &doc); err != nil {
		t.Fatal(err)
	}
	if c := doc.Suites[3].Cases[1]; c.Failure == nil {
		t.Errorf("a passing run with an error-level finding is not a JUnit failure: %+v", c)
	}
	var b bytes.Buffer
	writeStepSummary(&b, r, goldenOptions())
	if !strings.Contains(b.String(), "### ❌ gamma") || !strings.Contains(b.String(), "| ❌ | same (line 30) |") && !strings.Contains(b.String(), "| ❌ | same |") {
		t.Errorf("the step summary does not show gamma as failing:\n%s", b.String())
	}
}

func TestDetailCapsDifferences(t *testing.T) {
	r := testResult()
	ex := &r.Tools[0].Examples[1]
	ex.Differences = nil
	for i := range 25 {
		ex.Differences = append(ex.Differences, jsonexact.Difference{Path: fmt.Sprintf("$.a[%d]", i), Message: "missing"})
	}
	got := detail(item{ex.Findings[0], ex})
	if !strings.Contains(got, "$.a[19]: missing\n... and 5 more differences\n") || strings.Contains(got, "$.a[20]") {
		t.Errorf("detail = %q", got)
	}
}

// TestGitHubBudget: GitHub shows 10 annotations per kind, so the first ten
// are the findings of failing examples, then one per tool before a second
// from the same tool, not the ten alphabetically first of one tool.
func TestGitHubBudget(t *testing.T) {
	r := &result.Result{Version: "v1.0.0", Root: "/r", Ran: true}
	for _, dir := range []string{"a", "b", "c"} {
		tool := result.ToolResult{Dir: dir, Spec: dir + "/TOOL.md"}
		for i := range 8 {
			tool.Findings = append(tool.Findings, result.Finding{Rule: "e", Severity: result.SeverityError, Message: "static", File: tool.Spec, Line: i + 1, Column: 1, Tool: dir})
		}
		r.Tools = append(r.Tools, tool)
	}
	failing := result.ExampleResult{Title: "x", Line: 40, Status: result.StatusFailed, Findings: []result.Finding{
		{Rule: "example-failed", Severity: result.SeverityError, Message: "wrong", File: "c/TOOL.md", Line: 42, Column: 1, Tool: "c"},
	}}
	r.Tools[2].Examples = []result.ExampleResult{failing}
	out := string(render(t, "github", r, Options{NoTimestamps: true}))
	var shown []string
	for l := range strings.Lines(out) {
		if strings.HasPrefix(l, "::error file=") && len(shown) < githubShown {
			file, _, _ := strings.Cut(strings.TrimPrefix(l, "::error file="), ",col=")
			shown = append(shown, file)
		}
	}
	want := []string{"c/TOOL.md,line=42", "a/TOOL.md,line=1", "b/TOOL.md,line=1", "c/TOOL.md,line=1", "a/TOOL.md,line=2",
		"b/TOOL.md,line=2", "c/TOOL.md,line=2", "a/TOOL.md,line=3", "b/TOOL.md,line=3", "c/TOOL.md,line=3"}
	if strings.Join(shown, " ") != strings.Join(want, " ") {
		t.Errorf("the first %d annotations are at\n%q\nwant\n%q", githubShown, shown, want)
	}
	if !strings.Contains(out, "\n::notice::15 annotations were not shown by GitHub") {
		t.Errorf("no overflow notice:\n%s", out)
	}
}

// TestGitLabCodeClimate: every issue has the Code Climate fields (type,
// engine_name, categories) and, with a column, positions.
func TestGitLabCodeClimate(t *testing.T) {
	type position struct{ Line, Column int }
	var issues []struct {
		Type       string   `json:"type"`
		EngineName string   `json:"engine_name"`
		Categories []string `json:"categories"`
		Location   struct {
			Lines struct {
				Begin int `json:"begin"`
			} `json:"lines"`
			Positions *struct {
				Begin, End position
			} `json:"positions"`
		} `json:"location"`
	}
	if err := json.Unmarshal(render(t, "gitlab", testResult(), goldenOptions()), &issues); err != nil {
		t.Fatal(err)
	}
	for i, is := range issues {
		if is.Type != "issue" || is.EngineName != "speccify-lint" || len(is.Categories) != 1 {
			t.Errorf("issue %d lacks type, engine_name or categories: %+v", i, is)
		}
		p := is.Location.Positions
		if p == nil || p.Begin.Line != is.Location.Lines.Begin || p.Begin.Column < 1 || p.End != p.Begin {
			t.Errorf("issue %d: positions %+v do not agree with lines %d or lack a column", i, p, is.Location.Lines.Begin)
		}
	}
	if got := issues[0].Categories; len(got) != 1 || got[0] != "Compatibility" { // broken-link, a skills rule
		t.Errorf("first issue's categories %v", got)
	}
}
