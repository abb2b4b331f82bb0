package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// matcherFile is the GitHub problem matcher shipped with the action, for
// runs that print the text report.
const matcherFile = ".github/speccify-lint-matcher.json"

// TestProblemMatcher: the matcher's regexp (kept to the subset JavaScript
// and Go agree on) turns exactly the finding lines of the text report into
// annotations with the finding's file, line, column, severity, message and
// rule; notes, example blocks, source lines, tool output (indented) and the
// summary are not matched.
func TestProblemMatcher(t *testing.T) {
	var m struct {
		ProblemMatcher []struct {
			Owner   string `json:"owner"`
			Pattern []struct {
				Regexp                                            string
				File, Line, Column, Severity, Message, Code, Loop int
			} `json:"pattern"`
		} `json:"problemMatcher"`
	}
	if err := json.Unmarshal([]byte(readRepoFile(t, matcherFile)), &m); err != nil {
		t.Fatal(err)
	}
	if len(m.ProblemMatcher) != 1 || m.ProblemMatcher[0].Owner != "speccify-lint" || len(m.ProblemMatcher[0].Pattern) != 1 {
		t.Fatalf("want one matcher, owner speccify-lint, with one pattern: %+v", m)
	}
	p := m.ProblemMatcher[0].Pattern[0]
	// No lookaround, named groups, flags or \p classes: JavaScript's and
	// Go's RE2 read the rest alike.
	if strings.Contains(p.Regexp, "(?") || strings.Contains(p.Regexp, `\p`) || strings.Contains(p.Regexp, `\k`) {
		t.Errorf("the regexp uses syntax outside the common subset: %s", p.Regexp)
	}
	re := regexp.MustCompile(p.Regexp)

	var model struct {
		Tools []struct {
			Findings []jsonFinding `json:"findings"`
			Examples []struct {
				Findings []jsonFinding `json:"findings"`
			} `json:"examples"`
		} `json:"tools"`
		Findings []jsonFinding `json:"findings"`
	}
	reports := defaultReports(t)
	if err := json.Unmarshal(reports["json"], &model); err != nil {
		t.Fatal(err)
	}
	want := map[string]int{}
	add := func(fs []jsonFinding) {
		for _, f := range fs {
			if f.Severity != "note" {
				want[fmt.Sprintf("%s|%d|%d|%s|%s|%s", f.File, f.Line, f.Column, f.Severity, f.Message, f.Rule)]++
			}
		}
	}
	add(model.Findings)
	for _, tool := range model.Tools {
		add(tool.Findings)
		for _, e := range tool.Examples {
			add(e.Findings)
		}
	}
	text, err := os.ReadFile(filepath.Join("testdata", "reports", "text.golden"))
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]int{}
	for line := range strings.Lines(string(text)) {
		g := re.FindStringSubmatch(strings.TrimSuffix(line, "\n"))
		if g == nil {
			continue
		}
		got[strings.Join([]string{g[p.File], g[p.Line], g[p.Column], g[p.Severity], g[p.Message], g[p.Code]}, "|")]++
	}
	if len(want) == 0 {
		t.Fatal("no findings in the report tree")
	}
	for k, n := range want {
		if got[k] != n {
			t.Errorf("finding %s: matched %d times, want %d", k, got[k], n)
		}
	}
	for k, n := range got {
		if want[k] == 0 {
			t.Errorf("matched %d lines that are no finding: %s", n, k)
		}
	}
	// A tool's stderr, indented in the text report, cannot pose as a
	// finding, nor can a TOOL.md line quoted under a finding ("12 | ...")
	// or its help and fix lines ("= help: ...").
	for _, l := range []string{"      x/TOOL.md:1:1: error: injected [name]", "12 | x/TOOL.md:1:1: error: quoted [name]",
		"   = help: x/TOOL.md:1:1: error: helped [name]", "  = fix: x/TOOL.md:1:1: error: fixed [name]"} {
		if re.MatchString(l) {
			t.Errorf("%q matches", l)
		}
	}
}

// jsonFinding is a finding of the JSON report.
type jsonFinding struct {
	Rule     string `json:"rule"`
	Severity string `json:"severity"`
	Message  string `json:"message"`
	File     string `json:"file"`
	Line     int    `json:"line"`
	Column   int    `json:"column"`
}
