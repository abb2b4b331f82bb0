package report

import (
	"encoding/xml"
	"strings"
	"testing"

	"github.com/speccify/speccify-lint/result"
)

// junitCaseDoc is a parsed JUnit test case.
type junitCaseDoc struct {
	Name      string `xml:"name,attr"`
	Classname string `xml:"classname,attr"`
	Failure   *struct {
		Message string `xml:"message,attr"`
		Type    string `xml:"type,attr"`
	} `xml:"failure"`
	Skipped *struct {
		Message string `xml:"message,attr"`
		Text    string `xml:",chardata"`
	} `xml:"skipped"`
	SystemErr string `xml:"system-err"`
}

// junitCases parses a JUnit report into its test cases, in order.
func junitCases(t *testing.T, out []byte) []junitCaseDoc {
	t.Helper()
	var doc struct {
		Suites []struct {
			Cases []junitCaseDoc `xml:"testcase"`
		} `xml:"testsuite"`
	}
	if err := xml.Unmarshal(out, &doc); err != nil {
		t.Fatal(err)
	}
	var cases []junitCaseDoc
	for _, s := range doc.Suites {
		cases = append(cases, s.Cases...)
	}
	return cases
}

// TestJUnitASCII: the report is pure ASCII (xunit-viewer guessed cp1252 for
// a literal U+FFFD and crashed), and XML parsers read back the characters.
func TestJUnitASCII(t *testing.T) {
	r := testResult()
	ex := &r.Tools[0].Examples[1]
	ex.Title = "trie les clés"
	ex.Stderr = "bad:\xff cdata:]]> é\U0001F600 end\n"
	out := render(t, "junit", r, goldenOptions())
	for i, c := range out {
		if c >= 0x80 {
			t.Fatalf("byte %#x outside ASCII at %d: %q", c, i, out[max(i-30, 0):min(i+30, len(out))])
		}
	}
	for _, want := range []string{`name="trie les cl&#xE9;s"`, "bad:]]>&#xFFFD;<![CDATA[ cdata:", "]]>&#xE9;&#x1F600;<![CDATA[ end"} {
		if !strings.Contains(string(out), want) {
			t.Errorf("no %q in\n%s", want, out)
		}
	}
	c := junitCases(t, out)[2]
	if c.Name != "trie les clés" || c.SystemErr != "bad:\uFFFD cdata:]]> é\U0001F600 end\n" {
		t.Errorf("read back name %q, stderr %q", c.Name, c.SystemErr)
	}
}

func TestASCIIXML(t *testing.T) {
	for in, want := range map[string]string{
		"<a>plain</a>":                    "<a>plain</a>",
		`<a b="é">ü</a>`:                  `<a b="&#xE9;">&#xFC;</a>`,
		"<a><![CDATA[x é y]]></a>":        "<a><![CDATA[x ]]>&#xE9;<![CDATA[ y]]></a>",
		"<a><![CDATA[éü]]>ö</a>":          "<a><![CDATA[]]>&#xE9;&#xFC;<![CDATA[]]>&#xF6;</a>",
		"<a><![CDATA[]]]]><![CDATA[>é]]>": "<a><![CDATA[]]]]><![CDATA[>]]>&#xE9;<![CDATA[]]>",
	} {
		if got := string(asciiXML([]byte(in))); got != want {
			t.Errorf("asciiXML(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestJUnitNamesUnique: GitLab keys test cases on classname and name and
// keeps one of each, so no two cases of a suite share a name, whatever the
// examples are titled.
func TestJUnitNamesUnique(t *testing.T) {
	examples := []result.ExampleResult{
		{Title: "lint", Line: 3}, {Title: staticCase, Line: 5}, {Title: "x", Line: 7}, {Title: "x", Line: 9},
		{Title: "x (line 7)", Line: 11}, {Title: "", Line: 13}, {Title: "example at line 13", Line: 15}, {Title: "x (line 7)", Line: 17},
	}
	got := caseNames(examples)
	want := []string{"lint", "static checks (line 5)", "x (line 7)", "x (line 9)", "x (line 7) (line 11)", "example at line 13", "example at line 13 #2", "x (line 7) (line 17)"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("caseNames = %q\nwant        %q", got, want)
	}
	r := &result.Result{Ran: true, Tools: []result.ToolResult{{Dir: "t", Spec: "t/TOOL.md", Examples: examples}}}
	seen := map[string]bool{}
	for _, c := range junitCases(t, render(t, "junit", r, goldenOptions())) {
		if seen[c.Classname+"\x00"+c.Name] {
			t.Errorf("two cases named %q", c.Name)
		}
		seen[c.Classname+"\x00"+c.Name] = true
	}
	if len(seen) != len(examples)+1 {
		t.Errorf("%d distinct cases, want %d", len(seen), len(examples)+1)
	}
}

// TestJUnitSkippedText: GitLab shows a <skipped> element's text, not its
// message attribute, so the reason is in both.
func TestJUnitSkippedText(t *testing.T) {
	c := junitCases(t, render(t, "junit", testResult(), goldenOptions()))[4] // alpha: needs network
	if c.Skipped == nil || c.Skipped.Message != "requires network access" || c.Skipped.Text != "requires network access" {
		t.Errorf("skipped case %q: %+v, want the reason as message and text", c.Name, c.Skipped)
	}
}

// TestJUnitStaticSummary: the static case's failure counts and names every
// finding's rule, not only the first.
func TestJUnitStaticSummary(t *testing.T) {
	r := testResult()
	r.Tools[0].Findings = append(r.Tools[0].Findings,
		result.Finding{Rule: "schema-type", Severity: result.SeverityWarning, Message: "property m has no type", File: "tools/alpha/TOOL.md", Line: 9, Column: 7},
		result.Finding{Rule: "broken-link", Severity: result.SeverityError, Message: "x", File: "tools/alpha/TOOL.md", Line: 12, Column: 1},
		result.Finding{Rule: "effects", Severity: result.SeverityNote, Message: "y", File: "tools/alpha/TOOL.md", Line: 1, Column: 1})
	c := junitCases(t, render(t, "junit", r, goldenOptions()))[0]
	if c.Name != "static checks" || c.Failure == nil {
		t.Fatalf("first case %+v, want the failing static case", c)
	}
	if want := "2 errors, 2 warnings, 1 note: required-field, broken-link, schema-type, effects"; c.Failure.Message != want {
		t.Errorf("message %q, want %q", c.Failure.Message, want)
	}
	if want := "required-field, broken-link"; c.Failure.Type != want {
		t.Errorf("type %q, want %q", c.Failure.Type, want)
	}
}
