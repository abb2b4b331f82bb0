package main

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"flag"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"unicode/utf8"

	"github.com/speccify/speccify-lint/runner"
)

var updateGolden = flag.Bool("update", false, "rewrite the golden report files in testdata/reports")

// reportTree is a tree with passing, failing, erroring and skipped examples,
// hostile output, and errors and warnings of several rules.
const reportTree = "testdata/reports/tree"

// reportTimeout is the --timeout of the report tree's runs. Its "hangs"
// example sleeps 30 s and must time out; every other example finishes in
// milliseconds, so the margin keeps a loaded machine from turning a slow
// start into a timeout.
const reportTimeout = "5s"

// runReports runs the CLI once over the report tree and returns every
// format's report from that one run (text on stdout, the others through
// -o FORMAT=PATH), each with the tree's absolute path replaced by $ROOT.
func runReports(t *testing.T, extra ...string) map[string][]byte {
	t.Helper()
	t.Setenv("GITHUB_STEP_SUMMARY", "")
	t.Setenv("NO_COLOR", "1")
	root, err := filepath.Abs(reportTree)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	args := []string{"--format", "text", "--no-timestamps", "--timeout", reportTimeout, "--jobs", "2", "--root", root}
	for _, format := range formats {
		if format != "text" {
			args = append(args, "--output", format+"="+filepath.Join(dir, format))
		}
	}
	args = append(append(args, extra...), root)
	var stdout, stderr bytes.Buffer
	if code := run(args, &stdout, &stderr); code != 1 {
		t.Fatalf("exit code %d, want 1; stderr: %s", code, stderr.String())
	}
	reports := map[string][]byte{}
	for _, format := range formats {
		out := stdout.Bytes()
		if format != "text" {
			if out, err = os.ReadFile(filepath.Join(dir, format)); err != nil {
				t.Fatal(err)
			}
		}
		out = bytes.ReplaceAll(out, []byte("file://"+filepath.ToSlash(root)), []byte("file://$ROOT"))
		// Whether the runs are sealed depends on the machine's kernel.
		out = bytes.ReplaceAll(out, []byte(runner.Probe(runner.SandboxAuto).String()), []byte("$SANDBOX"))
		reports[format] = bytes.ReplaceAll(out, []byte(root), []byte("$ROOT"))
	}
	return reports
}

// reportsOnce holds the reports of one default run over the report tree,
// shared by the tests that read it.
var reportsOnce struct {
	sync.Mutex
	reports map[string][]byte
}

// defaultReports is runReports without extra flags, run once per test binary.
func defaultReports(t *testing.T) map[string][]byte {
	t.Helper()
	reportsOnce.Lock()
	defer reportsOnce.Unlock()
	if reportsOnce.reports == nil {
		reportsOnce.reports = runReports(t)
	}
	return reportsOnce.reports
}

// TestReportGoldens renders the report tree, run for real, in every format
// and compares with testdata/reports/*.golden (go test -update rewrites them).
func TestReportGoldens(t *testing.T) {
	if testing.Short() {
		t.Skip("runs implementations")
	}
	reports := defaultReports(t)
	for _, format := range formats {
		t.Run(format, func(t *testing.T) {
			got := reports[format]
			golden := filepath.Join("testdata", "reports", format+".golden")
			if *updateGolden {
				if err := os.WriteFile(golden, got, 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (go test -update writes it)", err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("%s report differs from %s (go test -update rewrites it):\n%s", format, golden, firstDiff(want, got))
			}
			checkParses(t, format, got)
		})
	}
}

// checkParses: every report is valid UTF-8, and the machine formats parse,
// whatever the implementations printed (NUL, ESC, U+FFFE, invalid UTF-8, ]]>).
func checkParses(t *testing.T, format string, out []byte) {
	t.Helper()
	if !utf8.Valid(out) {
		t.Errorf("%s report is not valid UTF-8", format)
	}
	switch format {
	case "json", "sarif", "gitlab", "rdjson":
		var v any
		if err := json.Unmarshal(out, &v); err != nil {
			t.Errorf("%s report does not parse as JSON: %v", format, err)
		}
	case "rdjsonl":
		for i, line := range bytes.Split(bytes.TrimSuffix(out, []byte("\n")), []byte("\n")) {
			var v map[string]any
			if err := json.Unmarshal(line, &v); err != nil {
				t.Errorf("rdjsonl line %d does not parse as a JSON object: %v", i+1, err)
			}
		}
	case "checkstyle":
		if err := xml.Unmarshal(out, new(struct{})); err != nil {
			t.Errorf("checkstyle report is not XML: %v", err)
		}
		if i := bytes.IndexFunc(out, func(r rune) bool { return r >= 0x80 }); i >= 0 {
			t.Errorf("checkstyle report has a character outside ASCII at offset %d", i)
		}
	case "azure", "teamcity":
		// Every line is a command of ours (the Azure agent reads the first
		// "##vso[" of a line; TeamCity's escapes leave no second
		// "##teamcity[" in a line).
		prefix := map[string]string{"azure": "##vso[task.logissue ", "teamcity": "##teamcity["}[format]
		lines := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
		if format == "azure" {
			lines = lines[:len(lines)-1] // the summary line
			if coverageSummary.MatchString(lines[len(lines)-1]) {
				lines = lines[:len(lines)-1] // the coverage line after it
			}
			if textSummary.MatchString(lines[len(lines)-1]) {
				lines = lines[:len(lines)-1] // and the fixable count after them
			}
		}
		for _, l := range lines {
			if !strings.HasPrefix(l, prefix) || format == "teamcity" && strings.Count(l, prefix) != 1 {
				t.Errorf("%s line is not one command of ours: %q", format, l)
			}
		}
	case "junit":
		d := xml.NewDecoder(bytes.NewReader(out))
		for {
			_, err := d.Token()
			if err != nil {
				if err.Error() != "EOF" {
					t.Errorf("JUnit report is not XML: %v", err)
				}
				break
			}
		}
		for _, bad := range []string{"\x00", "\x1b", "\uFFFE"} {
			if bytes.Contains(out, []byte(bad)) {
				t.Errorf("JUnit report holds %q, which XML 1.0 forbids", bad)
			}
		}
		checkJUnitForConsumers(t, out)
	}
}

// checkJUnitForConsumers checks what real JUnit consumers tripped over: a
// byte outside ASCII (xunit-viewer guessed cp1252 for a U+FFFD and crashed),
// two test cases with one classname and name (GitLab keeps one of them), and
// a <skipped> without text (GitLab shows a hash instead of the reason).
func checkJUnitForConsumers(t *testing.T, out []byte) {
	t.Helper()
	for i, c := range out {
		if c >= 0x80 {
			t.Errorf("JUnit report has a byte outside ASCII at offset %d: %q", i, out[max(i-20, 0):min(i+20, len(out))])
			break
		}
	}
	var doc struct {
		Suites []struct {
			Cases []struct {
				Name      string `xml:"name,attr"`
				Classname string `xml:"classname,attr"`
				Skipped   *struct {
					Message string `xml:"message,attr"`
					Text    string `xml:",chardata"`
				} `xml:"skipped"`
			} `xml:"testcase"`
		} `xml:"testsuite"`
	}
	if err := xml.Unmarshal(out, &doc); err != nil {
		t.Fatal(err)
	}
	seen := map[[2]string]bool{}
	for _, s := range doc.Suites {
		for _, c := range s.Cases {
			key := [2]string{c.Classname, c.Name}
			if seen[key] {
				t.Errorf("two JUnit test cases are %s / %q", c.Classname, c.Name)
			}
			seen[key] = true
			if c.Skipped != nil && (c.Skipped.Text == "" || c.Skipped.Text != c.Skipped.Message) {
				t.Errorf("test case %q: <skipped> text %q, want the reason %q", c.Name, c.Skipped.Text, c.Skipped.Message)
			}
		}
	}
}

// TestReportsDeterministic: two runs over the same tree give byte-identical
// SARIF, GitLab and JSON reports with --no-timestamps.
func TestReportsDeterministic(t *testing.T) {
	if testing.Short() {
		t.Skip("runs implementations")
	}
	one, four := runReports(t, "--jobs", "1"), runReports(t, "--jobs", "4")
	for _, format := range []string{"sarif", "gitlab", "json", "junit"} {
		a, b := one[format], four[format]
		if !bytes.Equal(a, b) {
			t.Errorf("%s: two runs differ:\n%s", format, firstDiff(a, b))
		}
	}
}

// textSummary is the text report's summary line: the tools (and their
// statuses, when it counts them), findings and example verdicts.
// coverageSummary is the text summary's coverage line.
var coverageSummary = regexp.MustCompile(`^coverage: \d+ of \d+ contract parts \(\d+%\)$`)

var textSummary = regexp.MustCompile(`(?m)^(\d+) tools?(?: \(([a-z0-9, -]+)\))?, (\d+) findings? \((\d+) errors?, (\d+) warnings?\), examples: (\d+) passed, (\d+) failed, (\d+) errored, (\d+) skipped$`)

// TestJUnitCountsMatchText: the JUnit totals are the text summary's, and
// the tools' statuses the JUnit suites give are those it counts.
func TestJUnitCountsMatchText(t *testing.T) {
	if testing.Short() {
		t.Skip("runs implementations")
	}
	reports := defaultReports(t)
	m := textSummary.FindSubmatch(reports["text"])
	if m == nil {
		t.Fatal("no summary line in the text report")
	}
	n := func(i int) int { v, _ := strconv.Atoi(string(m[i])); return v }
	tools, passed, failed, errored, skipped := n(1), n(6), n(7), n(8), n(9)
	var doc struct {
		Tests    int `xml:"tests,attr"`
		Failures int `xml:"failures,attr"`
		Errors   int `xml:"errors,attr"`
		Suites   []struct {
			Skipped    int `xml:"skipped,attr"`
			Properties []struct {
				Name  string `xml:"name,attr"`
				Value string `xml:"value,attr"`
			} `xml:"properties>property"`
			Cases []struct {
				Name string `xml:"name,attr"`
			} `xml:"testcase"`
		} `xml:"testsuite"`
	}
	if err := xml.Unmarshal(reports["junit"], &doc); err != nil {
		t.Fatal(err)
	}
	lintCases, skippedCases := 0, 0
	statuses := map[string]int{}
	for _, s := range doc.Suites {
		for _, p := range s.Properties {
			if p.Name == "speccify-lint.status" {
				statuses[p.Value]++
			}
		}
		skippedCases += s.Skipped
		for _, c := range s.Cases {
			if c.Name == "static checks" {
				lintCases++
			}
		}
	}
	if len(doc.Suites) != tools || lintCases != tools {
		t.Errorf("JUnit has %d suites and %d static cases, the text summary %d tools", len(doc.Suites), lintCases, tools)
	}
	if got, want := doc.Tests-lintCases, passed+failed+errored+skipped; got != want {
		t.Errorf("JUnit has %d example cases, the text summary %d examples", got, want)
	}
	var counted []string
	for part := range strings.SplitSeq(string(m[2]), ", ") {
		if count, status, ok := strings.Cut(part, " "); ok {
			counted = append(counted, status+"="+count)
		}
	}
	var given []string
	for _, status := range slices.Sorted(maps.Keys(statuses)) {
		given = append(given, status+"="+strconv.Itoa(statuses[status]))
	}
	if slices.Sort(counted); !slices.Equal(counted, given) {
		t.Errorf("the text summary counts the statuses %q, the JUnit suites give %q", counted, given)
	}
	// The lint cases of tools with static errors fail too.
	if doc.Errors != errored || skippedCases != skipped || doc.Failures < failed {
		t.Errorf("JUnit failures/errors/skipped %d/%d/%d, text failed/errored/skipped %d/%d/%d",
			doc.Failures, doc.Errors, skippedCases, failed, errored, skipped)
	}
}

// firstDiff shows the first differing line of two texts.
func firstDiff(want, got []byte) string {
	wl, gl := strings.Split(string(want), "\n"), strings.Split(string(got), "\n")
	for i := 0; i < len(wl) || i < len(gl); i++ {
		var w, g string
		if i < len(wl) {
			w = wl[i]
		}
		if i < len(gl) {
			g = gl[i]
		}
		if w != g {
			return "line " + strconv.Itoa(i+1) + ":\n  want: " + w + "\n  got:  " + g
		}
	}
	return "(equal)"
}

// TestStepSummaryThroughBinary: with --format github in a GitHub Actions
// run, the step summary links every location to the file at the commit,
// puts the passing tools on one line, and does not repeat the TOOL.md path
// in the rows of its tool; without all of GITHUB_SERVER_URL,
// GITHUB_REPOSITORY and GITHUB_SHA it has no links.
func TestStepSummaryThroughBinary(t *testing.T) {
	if testing.Short() {
		t.Skip("runs implementations")
	}
	root, err := filepath.Abs(reportTree)
	if err != nil {
		t.Fatal(err)
	}
	summary := func(sha string) string {
		path := filepath.Join(t.TempDir(), "summary.md")
		t.Setenv("GITHUB_STEP_SUMMARY", path)
		t.Setenv("GITHUB_SERVER_URL", "https://github.example")
		t.Setenv("GITHUB_REPOSITORY", "o/r")
		t.Setenv("GITHUB_SHA", sha)
		var stdout, stderr bytes.Buffer
		if code := run([]string{"--format", "github", "--no-timestamps", "--timeout", reportTimeout, "--root", root, root}, &stdout, &stderr); code != 1 {
			t.Fatalf("exit code %d, want 1; stderr: %s", code, stderr.String())
		}
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	got := summary("abc123")
	for _, want := range []string{
		"\n✅ 1 tool passed: [passing](https://github.example/o/r/blob/abc123/.agent/tools/passing/TOOL.md) (4 examples)\n",
		"| error | [`14:19`](https://github.example/o/r/blob/abc123/.agent/tools/broken/TOOL.md#L14) | `platforms` |",
		"| warning | [`.agent/tools/broken/fixtures/unused.txt:1:1`](https://github.example/o/r/blob/abc123/.agent/tools/broken/fixtures/unused.txt#L1) |",
		"| ❌ | [wrong keys](https://github.example/o/r/blob/abc123/.agent/tools/failing/TOOL.md#L19) |",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("the step summary has no %q:\n%s", want, got)
		}
	}
	if strings.Contains(got, "### ✅") || strings.Contains(got, "| `.agent/tools/broken/TOOL.md:") {
		t.Errorf("a passing tool has its own section, or a row repeats its TOOL.md path:\n%s", got)
	}
	if got := summary(""); strings.Contains(got, "](") {
		t.Errorf("links without GITHUB_SHA:\n%s", got)
	}
}
