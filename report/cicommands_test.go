package report

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/speccify/speccify-lint/internal/citest"
	"github.com/speccify/speccify-lint/result"
)

// ciPayloads are texts that a CI system would run as commands, each in the
// shapes a pull request can give them: a command anywhere in a line, at the
// start of a line after blanks, behind CR alone, U+2028, U+2029, U+0085,
// an ANSI sequence, a NUL, or ignorable characters that .NET's
// culture-sensitive comparisons skip.
var ciPayloads = []string{
	"##vso[task.setvariable variable=pwned]1",
	"x ##vso[task.complete result=Failed;]y",
	"##[set-env name=pwned]1",
	"##teamcity[buildStatus text='pwned']",
	"::add-mask::secret",
	"  \t::error file=x,line=1::pwned",
	"a\r::error::pwned",
	"a\r\n  ::warning::pwned",
	"a\u2028::error::pwned",
	"a\u2029##vso[task.setvariable variable=a]b",
	"a\u0085::notice::pwned",
	"a\v::error::v\f::error::f\x1c::error::fs",
	"\x1b[31m::error::red\x1b[0m",
	"\x1b]0;##vso[task.setvariable variable=a]b\x07",
	"##\x1b[0m##[error]x",
	"nul\x00##vso[task.setvariable variable=a]b",
	"#\x00#teamcity[buildStatus text='x']",
	"#\u200b#vso[task.setvariable variable=a]b",
	"##\u00advso[task.setvariable variable=a]b",
	"\ufeff::error::bom",
	"\u00a0::error::nbsp",
	"%0A::error::escaped%0D##vso[x.y]z",
	"|n##teamcity[x] |] ' ] ; = , :: %AZP25",
}

// poison appends payload to every string of v (a pointer) that is not of a
// named type (statuses and the like), recursively: every text a Result has
// now and every one it gets later.
func poison(v reflect.Value, payload string) {
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if !v.IsNil() {
			poison(v.Elem(), payload)
		}
	case reflect.Struct:
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() {
				poison(v.Field(i), payload)
			}
		}
	case reflect.Slice, reflect.Array:
		for i := range v.Len() {
			poison(v.Index(i), payload)
		}
	case reflect.String:
		if v.Type() == reflect.TypeFor[string]() && v.CanSet() {
			v.SetString(v.String() + payload)
		}
	}
}

// ciResult is testResult with an explored tool, then payload appended to
// every text.
func ciResult(payload string) *result.Result {
	r := testResult()
	ce := result.Counterexample{Input: `{"x":"a"}`, Case: "### input that broke explore-crash\ninput: {\"x\": \"a\"}\noutput: {}\n",
		Run: result.ExampleResult{Title: "explore-crash", Line: 3, Status: result.StatusErrored, ExitStatus: "exit code 2", Stdout: "out", Stderr: "err", Reproduce: "sh linux.sh"}}
	r.Tools = append(r.Tools, result.ToolResult{
		Dir: "tools/x", Spec: "tools/x/TOOL.md",
		Findings: []result.Finding{{Rule: "explore-crash", Severity: result.SeverityError, Message: "crashes", File: "tools/x/TOOL.md", Line: 3, Column: 1, Key: ce.Input, Tool: "tools/x", Source: "name: x"}},
		Explore: &result.ExploreResult{Runs: 5, Properties: []result.PropertyResult{
			{Rule: "explore-crash", Status: result.StatusFailed, Counterexample: &ce},
			{Rule: "explore-stdout", Status: result.StatusPassed},
		}},
	}, result.ToolResult{Dir: "tools/y", Spec: "tools/y/TOOL.md", Explore: &result.ExploreResult{Skipped: "not explored"}})
	r.InternalErrors = []string{"worker failed"}
	r.Interrupted = true
	poison(reflect.ValueOf(r), payload)
	return r
}

// TestNoCICommands: with a command of a CI system in every text of the
// Result, no format's output holds a command but the format's own, as
// each CI system reads it; verbose and quiet text, colour, the step
// summary and the streamed verdict lines too.
func TestNoCICommands(t *testing.T) {
	for _, payload := range ciPayloads {
		r := ciResult(payload)
		for _, format := range Formats {
			for _, opt := range []Options{goldenOptions(), {Verbose: true, Color: true}} {
				out := string(render(t, format, r, opt))
				own, errs := citest.Check(format, out)
				for _, err := range errs {
					t.Errorf("%s, payload %q: %v", format, payload, err)
				}
				checkOwnCommands(t, format, r, own)
			}
		}
		// The verdict lines the CLI streams while the tools run.
		for i := range r.Tools {
			for _, opt := range []Options{{}, {Verbose: true, Color: true}} {
				var b bytes.Buffer
				if err := WriteToolVerdict(&b, &r.Tools[i], opt); err != nil {
					t.Fatal(err)
				}
				for _, c := range citest.Commands(b.String()) {
					t.Errorf("verdict lines of %s, payload %q: %v", r.Tools[i].Dir, payload, c)
				}
			}
		}
		path := filepath.Join(t.TempDir(), "summary.md")
		if err := AppendStepSummary(path, r, Options{SourceURL: "https://github.com/o/r/blob/" + payload}); err != nil {
			t.Fatal(err)
		}
		md, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range citest.Commands(string(md)) {
			t.Errorf("step summary, payload %q: %v", payload, c)
		}
	}
}

// checkOwnCommands: the github, azure and teamcity formats issue one
// command per finding, whose path and message, unescaped as the CI system
// does, are the finding's as commandText shows them: nothing ended a
// command early or started another.
func checkOwnCommands(t *testing.T, format string, r *result.Result, own []citest.Command) {
	t.Helper()
	findings := r.AllFindings()
	issues := citest.Issues(format, own)
	if format != "github" && format != "azure" && format != "teamcity" {
		return
	}
	if len(issues) != len(findings) {
		t.Errorf("%s: %d commands for %d findings", format, len(issues), len(findings))
	}
	for _, is := range issues {
		if !slices.ContainsFunc(findings, func(f result.Finding) bool {
			return is.File == commandLine(f.File) && strings.HasPrefix(is.Text, commandText(f.Message))
		}) {
			t.Errorf("%s: %v: no finding has its file %q and message %q", format, is.Command, is.File, is.Text)
		}
	}
}

// TestTeamCityLineSeparators: U+0085, U+2028 and U+2029 are escaped as the
// TeamCity spec says, so that no reader splits a message (JetBrains' Python
// reader crashed on them).
func TestTeamCityLineSeparators(t *testing.T) {
	if got, want := escapeTeamCity("a\u0085b\u2028c\u2029d"), "a|xb|lc|pd"; got != want {
		t.Errorf("escapeTeamCity = %q, want %q", got, want)
	}
	r := testResult()
	r.Tools[0].Findings[0].Message = "one\u2028two\u2029three\u0085four"
	out := render(t, "teamcity", r, goldenOptions())
	for _, sep := range []string{"\u0085", "\u2028", "\u2029"} {
		if bytes.Contains(out, []byte(sep)) {
			t.Errorf("the output has %q", sep)
		}
	}
}
