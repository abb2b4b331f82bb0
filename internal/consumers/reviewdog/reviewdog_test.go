package reviewdog

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/reviewdog/reviewdog/parser"
	"github.com/reviewdog/reviewdog/proto/rdf"
)

// repo is the speccify-lint repository root.
const repo = "../../.."

// finding is a finding of speccify-lint's JSON report.
type finding struct {
	Rule     string `json:"rule"`
	Severity string `json:"severity"`
	Message  string `json:"message"`
	File     string `json:"file"`
	Line     int    `json:"line"`
	Column   int    `json:"column"`
}

// modelFindings are every finding of a JSON report.
func modelFindings(t *testing.T, path string) []finding {
	t.Helper()
	var model struct {
		Tools []struct {
			Findings []finding `json:"findings"`
			Examples []struct {
				Findings []finding `json:"findings"`
			} `json:"examples"`
		} `json:"tools"`
		Skills []struct {
			Findings []finding `json:"findings"`
		} `json:"skills"`
		Findings []finding `json:"findings"`
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &model); err != nil {
		t.Fatal(err)
	}
	all := model.Findings
	for _, tool := range model.Tools {
		all = append(all, tool.Findings...)
		for _, e := range tool.Examples {
			all = append(all, e.Findings...)
		}
	}
	for _, s := range model.Skills {
		all = append(all, s.Findings...)
	}
	return all
}

// severities maps speccify-lint's severities to reviewdog's.
var severities = map[string]rdf.Severity{"error": rdf.Severity_ERROR, "warning": rdf.Severity_WARNING, "note": rdf.Severity_INFO}

// key is what a consumer must read of a finding: path, line, column,
// severity, rule and the message's first line (the rest is what the
// example adds).
func key(path string, line, col int, sev rdf.Severity, rule, message string) string {
	first, _, _ := strings.Cut(message, "\n")
	return fmt.Sprintf("%s:%d:%d %s [%s] %s", path, line, col, sev, rule, first)
}

// TestReviewdogReadsReports parses each report with reviewdog's parser for
// its format and checks that it yields exactly the findings of the JSON
// report of the same run, each with its path, line, column, severity, rule
// and message; rdjson and rdjsonl also name speccify-lint as the source
// and link the rule's documentation.
func TestReviewdogReadsReports(t *testing.T) {
	for _, tree := range []struct{ label, dir, ext, json string }{
		{"binary", filepath.Join(repo, "cmd", "speccify-lint", "testdata", "reports"), ".golden", "json.golden"},
		{"writer", filepath.Join(repo, "report", "testdata"), "", "json.json.golden"},
	} {
		var want []string
		findings := modelFindings(t, filepath.Join(tree.dir, tree.json))
		for _, f := range findings {
			want = append(want, key(f.File, f.Line, f.Column, severities[f.Severity], f.Rule, cleanLine(f.Message)))
		}
		slices.Sort(want)
		if len(want) == 0 {
			t.Fatalf("%s: no findings", tree.dir)
		}
		for _, format := range []string{"checkstyle", "rdjson", "rdjsonl"} {
			name := format + tree.ext
			if tree.ext == "" {
				name = format + map[string]string{"checkstyle": ".xml", "rdjson": ".json", "rdjsonl": ".jsonl", "sarif": ".sarif"}[format] + ".golden"
			}
			t.Run(tree.label+"/"+format, func(t *testing.T) {
				data, err := os.ReadFile(filepath.Join(tree.dir, name))
				if err != nil {
					t.Fatal(err)
				}
				p, err := parser.New(&parser.Option{FormatName: format})
				if err != nil {
					t.Fatal(err)
				}
				ds, err := p.Parse(bytes.NewReader(data))
				if err != nil {
					t.Fatalf("reviewdog cannot parse it: %v", err)
				}
				var got []string
				for _, d := range ds {
					start := d.GetLocation().GetRange().GetStart()
					got = append(got, key(d.GetLocation().GetPath(), int(start.GetLine()), int(start.GetColumn()), d.GetSeverity(), d.GetCode().GetValue(), d.GetMessage()))
					if format != "checkstyle" && d.GetSource().GetName() != "speccify-lint" {
						t.Errorf("diagnostic %s: source %q, want speccify-lint", got[len(got)-1], d.GetSource().GetName())
					}
					if format != "checkstyle" && !strings.HasPrefix(d.GetCode().GetUrl(), "https://github.com/speccify/speccify-lint#rule-") {
						t.Errorf("diagnostic %s: code url %q", got[len(got)-1], d.GetCode().GetUrl())
					}
				}
				slices.Sort(got)
				if !slices.Equal(got, want) {
					t.Errorf("reviewdog read %d diagnostics, the JSON report has %d findings:\n got %s\nwant %s", len(got), len(want), strings.Join(got, "\n     "), strings.Join(want, "\n     "))
				}
			})
		}
	}
}

// TestReviewdogReadsSARIF: reviewdog's SARIF parser reads the binary's
// SARIF report with the root put back in for $ROOT: it resolves each
// location against originalUriBaseIds to a path relative to its base (the
// git root, else the working directory), and, by its documented reading of
// SARIF regions, a startColumn of 1 as no column.
func TestReviewdogReadsSARIF(t *testing.T) {
	dir := filepath.Join(repo, "cmd", "speccify-lint", "testdata", "reports")
	treeDir, err := filepath.Abs(filepath.Join(dir, "tree"))
	if err != nil {
		t.Fatal(err)
	}
	cwd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	root := filepath.ToSlash(treeDir)
	data, err := os.ReadFile(filepath.Join(dir, "sarif.golden"))
	if err != nil {
		t.Fatal(err)
	}
	data = bytes.ReplaceAll(data, []byte("file://$ROOT/"), []byte("file://"+strings.ReplaceAll(root, " ", "%20")+"/"))
	p, err := parser.New(&parser.Option{FormatName: "sarif"})
	if err != nil {
		t.Fatal(err)
	}
	ds, err := p.Parse(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("reviewdog cannot parse it: %v", err)
	}
	var want, got []string
	for _, f := range modelFindings(t, filepath.Join(dir, "json.golden")) {
		col := f.Column
		if col == 1 {
			col = 0
		}
		want = append(want, key(f.File, f.Line, col, severities[f.Severity], f.Rule, cleanLine(f.Message)))
	}
	for _, d := range ds {
		start := d.GetLocation().GetRange().GetStart()
		path := treePath(t, treeDir, cwd, d.GetLocation().GetPath())
		got = append(got, key(path, int(start.GetLine()), int(start.GetColumn()), d.GetSeverity(), d.GetCode().GetValue(), d.GetMessage()))
		if d.GetSource().GetName() != "speccify-lint" {
			t.Errorf("diagnostic %s: source %q", got[len(got)-1], d.GetSource().GetName())
		}
	}
	slices.Sort(want)
	slices.Sort(got)
	if !slices.Equal(got, want) {
		t.Errorf("reviewdog read %d diagnostics, the JSON report has %d findings:\n got %s\nwant %s", len(got), len(want), strings.Join(got, "\n     "), strings.Join(want, "\n     "))
	}
}

// treePath is a path reviewdog gave, relative to the git root or to dir
// (whichever names an existing file), as a path relative to the tree.
func treePath(t *testing.T, tree, dir, path string) string {
	t.Helper()
	bases := []string{dir}
	for d := dir; ; d = filepath.Dir(d) {
		if _, err := os.Stat(filepath.Join(d, ".git")); err == nil {
			bases = append(bases, d)
			break
		}
		if filepath.Dir(d) == d {
			break
		}
	}
	for _, base := range bases {
		abs := filepath.Join(base, filepath.FromSlash(path))
		if _, err := os.Stat(abs); err != nil {
			continue
		}
		if rel, err := filepath.Rel(tree, abs); err == nil {
			return filepath.ToSlash(rel)
		}
	}
	return path
}

// cleanLine is a message as the reports print it: on one line.
func cleanLine(s string) string {
	return strings.Join(strings.FieldsFunc(s, func(r rune) bool { return r == '\n' || r == '\t' }), " ")
}
