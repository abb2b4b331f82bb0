package report

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/speccify/speccify-lint/contract"
	"github.com/speccify/speccify-lint/internal/jsonexact"
	"github.com/speccify/speccify-lint/lint"
	"github.com/speccify/speccify-lint/result"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// fixedNow is the clock of the tests.
var fixedNow = func() time.Time { return time.Date(2026, 11, 30, 12, 0, 0, 0, time.UTC) }

// testRules are fake rules: the registry is not used by these tests.
// example-crash is left out on purpose: SARIF must still describe it.
func testRules() []*lint.Rule {
	return []*lint.Rule{
		{ID: "required-field", Severity: result.SeverityError, Category: "contract", Title: "Required frontmatter field", Doc: "Every TOOL.md names the tool and describes it. Add the missing field to the frontmatter."},
		{ID: "schema-type", Severity: result.SeverityWarning, Category: "schemas", Title: "Schema without a type", Doc: "A property schema should say its type, so that examples can be checked against it."},
		{ID: "duplicate-title", Severity: result.SeverityWarning, Category: "examples", Title: "Duplicate example title", Doc: "Example titles name test cases; give each example its own title."},
		{ID: "missing-impl", Severity: result.SeverityWarning, Category: "implementations", Title: "No implementation for the platform", Doc: "The tool folder has no implementation for the platform being checked, so its examples cannot run."},
		{ID: "example-failed", Severity: result.SeverityError, Category: "run", Title: "Example gives a wrong answer", Doc: "The implementation's output does not cover the example's expected output. Fix the implementation or the example."},
		{ID: "example-timeout", Severity: result.SeverityError, Category: "run", Title: "Example timed out", Doc: "The implementation did not finish within the time limit."},
		{ID: "effects", Severity: result.SeverityNote, Category: "run", Title: "Example has side effects", Doc: "The implementation wrote files outside its working directory."},
		{ID: "symlink-escape", Severity: result.SeverityWarning, Category: "contract", Title: "Symlink leaves the root", Doc: "A symlink points outside the checked root; it is not followed."},
		{ID: "broken-link", Severity: result.SeverityError, Category: "skills", Title: "Broken link in a skill", Doc: "A SKILL.md links to a tool folder that does not exist."},
	}
}

// testResult is a result with every kind of verdict and finding.
func testResult() *result.Result {
	r := &result.Result{
		Version:  "v1.2.3",
		Root:     "/work/my repo",
		Platform: "linux",
		Ran:      true,
		Findings: []result.Finding{
			{Rule: "symlink-escape", Severity: result.SeverityWarning, Message: "symlink tools/link points outside the root", File: "tools/link", Line: 1, Column: 1, Key: "tools/link"},
		},
		Tools: []result.ToolResult{
			{
				Dir: "tools/alpha", Spec: "tools/alpha/TOOL.md", Name: "alpha",
				Implementations: []result.Implementation{{Platform: "linux", Path: "tools/alpha/linux.py"}},
				Findings: []result.Finding{
					{Rule: "schema-type", Severity: result.SeverityWarning, Message: "property n has no type", File: "tools/alpha/TOOL.md", Line: 8, Column: 7, Key: "inputs.properties.n", Tool: "tools/alpha",
						Source: "      n: {}", Span: contract.Span{Start: contract.Point{Pos: contract.Pos{Line: 8, Column: 7}, Offset: 100}, End: contract.Point{Pos: contract.Pos{Line: 8, Column: 8}, Offset: 101}}},
					{Rule: "required-field", Severity: result.SeverityError, Message: `missing "description"`, Help: "add a one-paragraph description", File: "tools/alpha/TOOL.md", Line: 2, Column: 1, Key: "description", Tool: "tools/alpha"},
				},
				Examples: []result.ExampleResult{
					{
						Title: "adds two numbers", Line: 20, InputLine: 22, OutputLine: 23, Status: result.StatusPassed,
						Duration: 12 * time.Millisecond, ExitCode: 0, ExitStatus: "exit code 0",
						Stdout: `{"sum":3}` + "\n", Implementation: "tools/alpha/linux.py",
					},
					{
						Title: "sorts keys", Line: 26, InputLine: 28, OutputLine: 29, Status: result.StatusFailed,
						Duration: 15 * time.Millisecond, ExitCode: 0, ExitStatus: "exit code 0",
						Stdout: `{"keys":["B","A"]}` + "\n", Stderr: "DeprecationWarning: sort() is slow\n",
						Differences: []jsonexact.Difference{
							{Path: "$.keys[0]", Expected: `"A"`, Actual: `"B"`, Message: `expected "A", got "B"`},
							{Path: "$.keys[1]", Expected: `"B"`, Actual: `"A"`, Message: `expected "B", got "A"`},
						},
						Reproduce:      `printf '%s\n' '{"keys":["b","a"]}' | python3 tools/alpha/linux.py`,
						Implementation: "tools/alpha/linux.py",
						Findings: []result.Finding{
							{Rule: "example-failed", Severity: result.SeverityError, Message: `example "sorts keys": the output does not match`, Help: "fix the implementation or the expected output", File: "tools/alpha/TOOL.md", Line: 29, Column: 1, Key: "sorts keys", Tool: "tools/alpha",
								Source: `output:	{"keys": ["A", "B"]}`, Span: contract.Span{Start: contract.Point{Pos: contract.Pos{Line: 29, Column: 9}, Offset: 300}, End: contract.Point{Pos: contract.Pos{Line: 29, Column: 29}, Offset: 320}}},
						},
					},
					{
						Title: "slow path", Line: 32, InputLine: 34, OutputLine: 35, Status: result.StatusErrored,
						Duration: 2 * time.Second, ExitCode: -1, ExitStatus: "timed out after 2s",
						Stderr:         "step 1\nstep 2\nstep 3\nstep 4\nstep 5\nstep 6\nstep 7\n",
						Reproduce:      `printf '%s\n' '{"n":1000000}' | python3 tools/alpha/linux.py`,
						Implementation: "tools/alpha/linux.py",
						Findings: []result.Finding{
							{Rule: "example-timeout", Severity: result.SeverityError, Message: `example "slow path": timed out after 2s`, File: "tools/alpha/TOOL.md", Line: 35, Column: 1, Key: "slow path", Tool: "tools/alpha"},
						},
					},
					{Title: "needs network", Line: 38, Status: result.StatusSkipped, SkipReason: "requires network access"},
				},
				Status:   result.ToolInvalidSpec,
				Duration: 2100 * time.Millisecond,
			},
			{
				Dir: "tools/beta", Spec: "tools/beta/TOOL.md",
				Findings: []result.Finding{
					{Rule: "missing-impl", Severity: result.SeverityWarning, Message: "no implementation for linux", File: "tools/beta/TOOL.md", Line: 1, Column: 1, Key: "linux", Tool: "tools/beta"},
				},
				Examples: []result.ExampleResult{
					{Title: "echoes", Line: 12, Status: result.StatusSkipped, SkipReason: "no implementation for linux"},
				},
				Status:  result.ToolNotImplemented,
				Skipped: "no implementation for linux",
			},
			{
				Dir: "tools/delta", Spec: "tools/delta/TOOL.md", Name: "delta",
				Implementations: []result.Implementation{{Platform: "linux", Path: "tools/delta/linux.sh"}},
				Examples: []result.ExampleResult{
					{
						Title: "divides", Line: 10, OutputLine: 13, Status: result.StatusErrored,
						Duration: 30 * time.Millisecond, ExitCode: -1, ExitStatus: "killed by SIGSEGV",
						Stderr:         "Segmentation fault (core dumped)\n",
						Reproduce:      `printf '%s\n' '{"d":0}' | sh tools/delta/linux.sh`,
						Implementation: "tools/delta/linux.sh",
						Findings: []result.Finding{
							{Rule: "example-crash", Severity: result.SeverityError, Message: `example "divides": killed by SIGSEGV`, File: "tools/delta/TOOL.md", Line: 13, Column: 1, Key: "divides", Tool: "tools/delta"},
						},
					},
				},
				Status:   result.ToolFailed,
				Duration: 40 * time.Millisecond,
			},
			{
				Dir: "tools/gamma, v2", Spec: "tools/gamma, v2/TOOL.md", Name: "gamma",
				Implementations: []result.Implementation{{Platform: "linux", Path: "tools/gamma, v2/linux.py"}},
				Findings: []result.Finding{
					{Rule: "duplicate-title", Severity: result.SeverityWarning, Message: `two examples are titled "same"`, File: "tools/gamma, v2/TOOL.md", Line: 30, Column: 5, Tool: "tools/gamma, v2"},
					{Rule: "duplicate-title", Severity: result.SeverityWarning, Message: `two examples are titled "same"`, File: "tools/gamma, v2/TOOL.md", Line: 40, Column: 5, Tool: "tools/gamma, v2"},
				},
				Examples: []result.ExampleResult{
					{
						Title: "same", Line: 30, Status: result.StatusPassed, Duration: 5 * time.Millisecond,
						ExitStatus: "exit code 0", Implementation: "tools/gamma, v2/linux.py",
						Findings: []result.Finding{
							{Rule: "effects", Severity: result.SeverityNote, Message: "wrote 50%: /tmp/out, a file outside its directory", File: "tools/gamma, v2/TOOL.md", Line: 33, Column: 1, Key: "same", Tool: "tools/gamma, v2"},
						},
					},
					{Title: "same", Line: 40, Status: result.StatusPassed, Duration: 6 * time.Millisecond, ExitStatus: "exit code 0", Implementation: "tools/gamma, v2/linux.py"},
				},
				Status:   result.ToolPassed,
				Duration: 20 * time.Millisecond,
			},
		},
		Skills: []result.SkillResult{
			{Dir: "skills/review", Spec: "skills/review/SKILL.md", Findings: []result.Finding{
				{Rule: "broken-link", Severity: result.SeverityError, Message: "link to ../../tools/omega: no such tool folder", File: "skills/review/SKILL.md", Line: 5, Column: 10, Key: "../../tools/omega", Tool: "skills/review"},
			}},
		},
		// Suppressed by a comment, and by the baseline (inside the root and
		// outside it); the second has the rule, folder and key of a reported
		// finding, so its fingerprint's occurrence follows that one's.
		Suppressed: []result.Finding{
			{Rule: "required-field", Severity: result.SeverityError, Message: `missing "effects"`, File: "tools/alpha/TOOL.md", Line: 1, Column: 1, Key: "effects", Tool: "tools/alpha",
				Suppression: &result.Suppression{Kind: result.SuppressedInSource, Justification: "effects are in the body", File: "tools/alpha/TOOL.md", Line: 9, Column: 1}},
			{Rule: "missing-impl", Severity: result.SeverityWarning, Message: "no implementation for linux", File: "tools/beta/TOOL.md", Line: 1, Column: 1, Key: "linux", Tool: "tools/beta",
				Suppression: &result.Suppression{Kind: result.SuppressedExternal, File: ".speccify-lint-baseline.json", Line: 4, Column: 1}},
			{Rule: "effects", Severity: result.SeverityNote, Message: "wrote /tmp/x", File: "tools/delta/TOOL.md", Line: 13, Column: 1, Key: "divides", Tool: "tools/delta",
				Suppression: &result.Suppression{Kind: result.SuppressedExternal, File: "/elsewhere/base line.json", Line: 10, Column: 1}},
		},
	}
	r.Summarize()
	return r
}

// passingTools adds two tools whose examples all pass to r.
func passingTools(r *result.Result) *result.Result {
	for _, name := range []string{"epsilon", "zeta"} {
		r.Tools = append(r.Tools, result.ToolResult{
			Dir: "tools/" + name, Spec: "tools/" + name + "/TOOL.md", Name: name,
			Examples: []result.ExampleResult{
				{Title: "works", Line: 12, Status: result.StatusPassed, ExitStatus: "exit code 0"},
				{Title: "fails cleanly", Line: 16, Status: result.StatusPassed, ExitCode: 1, ExitStatus: "exit code 1"},
			},
			Status: result.ToolPassed,
		})
	}
	r.Summarize()
	return r
}

// linkOptions are goldenOptions with the source URL of a GitHub run.
func linkOptions() Options {
	opt := goldenOptions()
	env := map[string]string{"GITHUB_SERVER_URL": "https://github.com", "GITHUB_REPOSITORY": "o/r", "GITHUB_SHA": "0123abc"}
	opt.SourceURL = GitHubSourceURL(func(k string) string { return env[k] })
	return opt
}

// goldenOptions are deterministic options.
func goldenOptions() Options {
	return Options{NoTimestamps: true, Now: fixedNow, Rules: testRules()}
}

// checkGolden compares got with testdata/name, or rewrites it with -update.
func checkGolden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./report -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from the golden file (go test ./report -update rewrites it)\n--- got:\n%s", name, got)
	}
}

func render(t *testing.T, format string, r *result.Result, opt Options) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := Write(&b, format, r, opt); err != nil {
		t.Fatalf("Write(%s): %v", format, err)
	}
	return b.Bytes()
}

func TestGolden(t *testing.T) {
	ext := map[string]string{"text": "txt", "concise": "txt", "json": "json", "sarif": "sarif", "junit": "xml", "github": "txt", "gitlab": "json",
		"checkstyle": "xml", "rdjson": "json", "rdjsonl": "jsonl", "azure": "txt", "teamcity": "txt"}
	for _, format := range Formats {
		t.Run(format, func(t *testing.T) {
			checkGolden(t, format+"."+ext[format]+".golden", render(t, format, testResult(), goldenOptions()))
		})
	}
	t.Run("text-color", func(t *testing.T) {
		opt := goldenOptions()
		opt.Color = true
		checkGolden(t, "text-color.txt.golden", render(t, "text", testResult(), opt))
	})
	t.Run("stepsummary", func(t *testing.T) {
		var b bytes.Buffer
		writeStepSummary(&b, testResult(), goldenOptions())
		checkGolden(t, "stepsummary.md.golden", b.Bytes())
	})
	t.Run("stepsummary-links", func(t *testing.T) {
		var b bytes.Buffer
		writeStepSummary(&b, passingTools(testResult()), linkOptions())
		checkGolden(t, "stepsummary-links.md.golden", b.Bytes())
	})
	for _, format := range RuleFormats {
		t.Run("rules-"+format, func(t *testing.T) {
			var b bytes.Buffer
			if err := WriteRules(&b, format, testRules()); err != nil {
				t.Fatal(err)
			}
			checkGolden(t, "rules."+format+".golden", b.Bytes())
		})
	}
}

func TestUnknownFormat(t *testing.T) {
	err := Write(&bytes.Buffer{}, "xml", testResult(), Options{})
	if err == nil || !strings.Contains(err.Error(), "text, concise, json, sarif, junit, github, gitlab, checkstyle, rdjson, rdjsonl, azure, teamcity") {
		t.Errorf("Write(xml) = %v, want an error listing the formats", err)
	}
	if err := WriteRules(&bytes.Buffer{}, "yaml", nil); err == nil {
		t.Error("WriteRules(yaml) succeeded")
	}
	if err := Write(&bytes.Buffer{}, "text", nil, Options{}); err == nil {
		t.Error("Write(nil result) succeeded")
	}
}

// TestDeterministic writes every format twice, and checks that writers do
// not change the result.
func TestDeterministic(t *testing.T) {
	r := testResult()
	for _, format := range Formats {
		a := render(t, format, r, goldenOptions())
		b := render(t, format, r, goldenOptions())
		if !bytes.Equal(a, b) {
			t.Errorf("%s: two writes differ", format)
		}
		// With timestamps from a fixed clock too.
		opt := goldenOptions()
		opt.NoTimestamps = false
		if !bytes.Equal(render(t, format, r, opt), render(t, format, r, opt)) {
			t.Errorf("%s: two writes with a fixed clock differ", format)
		}
	}
	var b bytes.Buffer
	if err := Write(&b, "json", r, Options{}); err != nil {
		t.Fatal(err)
	}
	fresh := testResult()
	var c bytes.Buffer
	if err := Write(&c, "json", fresh, Options{}); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(b.Bytes(), c.Bytes()) {
		t.Error("writing changed the result")
	}
}

func TestEmptyResult(t *testing.T) {
	r := &result.Result{Version: "devel", Root: "/r", Platform: "linux"}
	opt := goldenOptions()
	// "devel" is no semantic version: the log leaves semanticVersion out.
	if got := string(render(t, "sarif", r, opt)); !strings.Contains(got, `"results": []`) || !strings.Contains(got, `"version": "0.0.0-devel"`) ||
		strings.Contains(got, `"semanticVersion"`) || !strings.Contains(got, `"fullName": "speccify-lint devel"`) {
		t.Errorf("empty SARIF: want results [], version 0.0.0-devel, fullName with devel and no semanticVersion, got\n%s", got)
	}
	if got := string(render(t, "gitlab", r, opt)); got != "[]\n" {
		t.Errorf("empty GitLab report = %q, want []", got)
	}
	if got := string(render(t, "text", r, opt)); got != "0 tools, 0 findings (0 errors, 0 warnings)\n" {
		t.Errorf("empty text = %q", got)
	}
	if got := string(render(t, "json", r, opt)); !strings.Contains(got, `"tools": []`) {
		t.Errorf("empty JSON has no tools list:\n%s", got)
	}
	if got := string(render(t, "junit", r, opt)); !strings.Contains(got, `<testsuites name="speccify-lint" time="0.000"></testsuites>`) {
		t.Errorf("empty JUnit:\n%s", got)
	}
}

// TestShowsFixes: a format shows a finding's fix exactly when ShowsFixes
// says so (the CLI verifies the fixes of a result before it writes such a
// format).
func TestShowsFixes(t *testing.T) {
	opt := Options{NoTimestamps: true, Now: fixedNow, Rules: testRules()}
	for _, format := range Formats {
		plain, fixed := testResult(), testResult()
		f := &fixed.Tools[0].Findings[0]
		f.Fix = &result.Fix{Title: "add a type", Safety: result.SafeFix, File: f.File,
			Edits: []contract.Edit{{Start: f.Span.Start, End: f.Span.Start, New: "type: string"}}}
		var a, b bytes.Buffer
		if err := Write(&a, format, plain, opt); err != nil {
			t.Fatal(err)
		}
		if err := Write(&b, format, fixed, opt); err != nil {
			t.Fatal(err)
		}
		if shows := !bytes.Equal(a.Bytes(), b.Bytes()); shows != ShowsFixes(format) {
			t.Errorf("%s: shows a fix: %v; ShowsFixes: %v", format, shows, ShowsFixes(format))
		}
	}
	if ShowsFixes("nope") {
		t.Error("ShowsFixes of an unknown format")
	}
}

// TestSummaryFixable: the summary counts the findings --fix resolves and
// those --unsafe-fixes adds, in the text and concise formats, and says
// nothing when no finding has a fix.
func TestSummaryFixable(t *testing.T) {
	finding := func(safety result.FixSafety, fix bool) result.Finding {
		f := result.Finding{Rule: "r", Severity: result.SeverityWarning, Message: "m", File: "t/TOOL.md", Line: 1, Column: 1}
		if fix {
			f.Fix = &result.Fix{Title: "t", Safety: safety}
		}
		return f
	}
	for _, c := range []struct {
		findings []result.Finding
		want     string
	}{
		{[]result.Finding{finding(result.SafeFix, false)}, ""},
		{[]result.Finding{finding(result.SafeFix, true), finding(result.SafeFix, true)}, "2 fixable with --fix\n"},
		{[]result.Finding{finding(result.UnsafeFix, true)}, "1 fixable with --fix --unsafe-fixes\n"},
		{[]result.Finding{finding(result.SafeFix, true), finding(result.UnsafeFix, true), finding(result.SafeFix, false)}, "1 fixable with --fix (1 more with --unsafe-fixes)\n"},
	} {
		r := &result.Result{Tools: []result.ToolResult{{Dir: "t", Spec: "t/TOOL.md", Findings: c.findings}}}
		for _, format := range []string{"text", "concise"} {
			var b bytes.Buffer
			if err := Write(&b, format, r, Options{}); err != nil {
				t.Fatal(err)
			}
			_, after, _ := strings.Cut(b.String(), "1 tool, ")
			_, got, _ := strings.Cut(after, "\n")
			if got != c.want {
				t.Errorf("%s, %d findings: the summary ends %q, want %q", format, len(c.findings), got, c.want)
			}
		}
	}
}

// TestHyperlinks: with Options.Hyperlinks the rule id of a finding line is
// an OSC 8 link to the rule's page (lint.RuleDocBase), in the text and
// concise formats, untouched by the guard; an id that is no rule of this
// build (a merged JSON report can hold any) is not linked, and the escape
// sequences it holds are taken out (cleanLine).
func TestHyperlinks(t *testing.T) {
	r := &result.Result{Tools: []result.ToolResult{{Dir: "t", Spec: "t/TOOL.md", Findings: []result.Finding{
		{Rule: "ok-field", Severity: result.SeverityError, Message: "outputs does not require ok", File: "t/TOOL.md", Line: 5, Column: 1},
		{Rule: "x\x1b\\\x1b]8;;https://evil\x07", Severity: result.SeverityWarning, Message: "m", File: "t/TOOL.md", Line: 6, Column: 1},
	}}}}
	want := "t/TOOL.md:5:1: error: outputs does not require ok [\x1b]8;;https://github.com/speccify/speccify-lint/blob/main/docs/rules/ok-field.md\x1b\\ok-field\x1b]8;;\x1b\\]\n" +
		"t/TOOL.md:6:1: warning: m [x]\n"
	for _, format := range []string{"text", "concise"} {
		var b bytes.Buffer
		if err := Write(&b, format, r, Options{Hyperlinks: true}); err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(b.String(), want) {
			t.Errorf("%s:\n%q\nwant it to start with\n%q", format, b.String(), want)
		}
		b.Reset()
		if err := Write(&b, format, r, Options{}); err != nil {
			t.Fatal(err)
		}
		if strings.Contains(b.String(), "\x1b") {
			t.Errorf("%s without Hyperlinks: %q", format, b.String())
		}
	}
}
