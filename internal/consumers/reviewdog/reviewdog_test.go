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
	all, _ := modelResults(t, path)
	return all
}

// modelResults are the findings of the JSON report at path (as
// modelFindings) and its suppressed findings.
func modelResults(t *testing.T, path string) (all, suppressed []finding) {
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
		Findings   []finding `json:"findings"`
		Suppressed []finding `json:"suppressed"`
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &model); err != nil {
		t.Fatal(err)
	}
	all = model.Findings
	for _, tool := range model.Tools {
		all = append(all, tool.Findings...)
		for _, e := range tool.Examples {
			all = append(all, e.Findings...)
		}
	}
	for _, s := range model.Skills {
		all = append(all, s.Findings...)
	}
	return all, model.Suppressed
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
					// The rule's page, or the project's for a rule the build
					// does not know (the fake rules of report/testdata).
					if url := d.GetCode().GetUrl(); format != "checkstyle" && url != "https://github.com/speccify/speccify-lint/blob/main/docs/rules/"+d.GetCode().GetValue()+".md" && url != "https://github.com/speccify/speccify-lint" {
						t.Errorf("diagnostic %s: code url %q", got[len(got)-1], url)
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
// SARIF regions, a startColumn of 1 as no column. It does not read
// suppressions: the suppressed findings, which the SARIF report keeps as
// results with suppressions, are diagnostics to it as any other (what
// docs/ci.md and docs/reports.md say, to give reviewdog rdjson instead);
// should a version of reviewdog leave them out, this test says so.
func TestReviewdogReadsSARIF(t *testing.T) {
	dir, treeDir, cwd := binaryReports(t)
	ds := parseGolden(t, "sarif", filepath.Join(dir, "sarif.golden"), treeDir)
	var want, got []string
	findings, suppressed := modelResults(t, filepath.Join(dir, "json.golden"))
	if len(suppressed) == 0 {
		t.Fatal("the JSON report has no suppressed finding: the test checks nothing of them")
	}
	for _, f := range append(findings, suppressed...) {
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

// binaryReports are the binary's report goldens (dir), the absolute path
// of the tree they report on, and the working directory.
func binaryReports(t *testing.T) (dir, treeDir, cwd string) {
	t.Helper()
	dir = filepath.Join(repo, "cmd", "speccify-lint", "testdata", "reports")
	treeDir, err := filepath.Abs(filepath.Join(dir, "tree"))
	if err != nil {
		t.Fatal(err)
	}
	cwd, err = os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	return dir, treeDir, cwd
}

// parseGolden parses a report golden with reviewdog's parser of format,
// with the tree's path put back in for $ROOT.
func parseGolden(t *testing.T, format, path, treeDir string) []*rdf.Diagnostic {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	data = bytes.ReplaceAll(data, []byte("file://$ROOT/"), []byte("file://"+strings.ReplaceAll(filepath.ToSlash(treeDir), " ", "%20")+"/"))
	p, err := parser.New(&parser.Option{FormatName: format})
	if err != nil {
		t.Fatal(err)
	}
	ds, err := p.Parse(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("reviewdog cannot parse it: %v", err)
	}
	return ds
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

// fixEdit is an edit of a finding's fix in the JSON report: byte offsets of
// the file's (normalised) text and the new text.
type fixEdit struct {
	Start struct {
		Offset int `json:"offset"`
	} `json:"start"`
	End struct {
		Offset int `json:"offset"`
	} `json:"end"`
	New string `json:"new"`
}

// reportFixes are the edit fixes of the JSON report by file, in place order.
func reportFixes(t *testing.T, path string) map[string][][]fixEdit {
	t.Helper()
	type withFix struct {
		Fix *struct {
			File  string    `json:"file"`
			Edits []fixEdit `json:"edits"`
		} `json:"fix"`
	}
	var model struct {
		Tools []struct {
			Findings []withFix `json:"findings"`
		} `json:"tools"`
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &model); err != nil {
		t.Fatal(err)
	}
	out := map[string][][]fixEdit{}
	for _, tool := range model.Tools {
		for _, f := range tool.Findings {
			if f.Fix != nil && len(f.Fix.Edits) > 0 {
				out[f.Fix.File] = append(out[f.Fix.File], f.Fix.Edits)
			}
		}
	}
	return out
}

// applyOffsets makes edits (sorted, not overlapping) by byte offset.
func applyOffsets(text string, edits []fixEdit) string {
	var b strings.Builder
	pos := 0
	for _, e := range edits {
		b.WriteString(text[pos:e.Start.Offset])
		b.WriteString(e.New)
		pos = e.End.Offset
	}
	return b.String() + text[pos:]
}

// applySuggestions makes reviewdog suggestions: ranges of 1-based lines and
// columns (bytes of the line for rdjson; SARIF's columns, the same on ASCII
// lines), the end exclusive, applied from the last so that earlier places
// stay put.
func applySuggestions(t *testing.T, text string, ss []*rdf.Suggestion) string {
	t.Helper()
	var starts []int
	for i := 0; i <= len(text); i++ {
		if i == 0 || text[i-1] == '\n' {
			starts = append(starts, i)
		}
	}
	offset := func(p *rdf.Position) int {
		if p.GetLine() < 1 || int(p.GetLine()) > len(starts) {
			t.Fatalf("suggestion line %d outside the file", p.GetLine())
		}
		return starts[p.GetLine()-1] + max(int(p.GetColumn()), 1) - 1
	}
	ss = slices.Clone(ss)
	slices.SortFunc(ss, func(a, b *rdf.Suggestion) int {
		return offset(b.GetRange().GetStart()) - offset(a.GetRange().GetStart())
	})
	for _, s := range ss {
		start, end := offset(s.GetRange().GetStart()), offset(s.GetRange().GetEnd())
		text = text[:start] + s.GetText() + text[end:]
	}
	return text
}

// TestReviewdogAppliesSuggestions: reviewdog's parsers read the fixes of
// the rdjson, rdjsonl and SARIF reports as suggestions, and the
// suggestions, applied to the file, give the file the JSON report's fix
// makes (the report tree's files are LF text).
func TestReviewdogAppliesSuggestions(t *testing.T) {
	dir, treeDir, cwd := binaryReports(t)
	fixes := reportFixes(t, filepath.Join(dir, "json.golden"))
	if len(fixes) == 0 {
		t.Fatal("the JSON report has no fix: the test checks nothing")
	}
	for _, format := range []string{"rdjson", "rdjsonl", "sarif"} {
		t.Run(format, func(t *testing.T) {
			ds := parseGolden(t, format, filepath.Join(dir, format+".golden"), treeDir)
			got := map[string][][]*rdf.Suggestion{}
			for _, d := range ds {
				if len(d.GetSuggestions()) > 0 {
					path := d.GetLocation().GetPath()
					if format == "sarif" {
						path = treePath(t, treeDir, cwd, path)
					}
					got[path] = append(got[path], d.GetSuggestions())
				}
			}
			if len(got) != len(fixes) {
				t.Errorf("suggestions for %d files, the JSON report has fixes for %d", len(got), len(fixes))
			}
			for file, edits := range fixes {
				text, err := os.ReadFile(filepath.Join(treeDir, filepath.FromSlash(file)))
				if err != nil {
					t.Fatal(err)
				}
				if len(got[file]) != len(edits) {
					t.Errorf("%s: %d findings with suggestions, %d with fixes", file, len(got[file]), len(edits))
					continue
				}
				for i := range edits {
					want := applyOffsets(string(text), edits[i])
					if fixed := applySuggestions(t, string(text), got[file][i]); fixed != want {
						t.Errorf("%s: the suggestions give\n%s\nthe fix gives\n%s", file, fixed, want)
					}
				}
			}
		})
	}
}
