package lint

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"testing"

	"github.com/speccify/speccify-lint/contract"
	"github.com/speccify/speccify-lint/discover"
	"github.com/speccify/speccify-lint/result"
)

// TestReporter: the reporter drops a disabled rule's findings and gives the
// others the rule's id and severity (error with asError), the tool, the
// reporter's file unless the place names another, a place of at least 1:1,
// the span and the key.
func TestReporter(t *testing.T) {
	span := contract.Span{Start: contract.Point{Pos: contract.Pos{Line: 2, Column: 7}, Offset: 10},
		End: contract.Point{Pos: contract.Pos{Line: 2, Column: 12}, Offset: 15}}
	var out []result.Finding
	cfg := &Config{Disabled: map[string]bool{ruleFixtureUnused.ID: true}}
	rep := func(r *Rule) reporter { return reporter{rule: r, cfg: cfg, tool: "t", file: "t/TOOL.md", out: &out} }
	rep(ruleName).report(over(span), "name", "name %q", "x")
	rep(ruleEffects).asError().report(atLine(contract.Pos{Line: 1, Column: 1}, span), "case", "changed")
	rep(ruleStdinTwice).report(inFile("t/linux.sh", contract.Pos{}), "linux.sh", "twice")
	rep(ruleFixtureUnused).report(inFile("t/fixtures/a", topOfFile), "fixtures/a", "disabled")
	want := []result.Finding{
		{Rule: "name", Severity: result.SeverityError, Message: `name "x"`, File: "t/TOOL.md", Line: 2, Column: 7, Span: span, Key: "name", Tool: "t"},
		{Rule: "effects", Severity: result.SeverityError, Message: "changed", File: "t/TOOL.md", Line: 1, Column: 1, Span: span, Key: "case", Tool: "t"},
		{Rule: "stdin-twice", Severity: result.SeverityWarning, Message: "twice", File: "t/linux.sh", Line: 1, Column: 1, Key: "linux.sh", Tool: "t"},
	}
	if len(out) != len(want) {
		t.Fatalf("got %d findings %+v, want %d", len(out), out, len(want))
	}
	for i := range want {
		if out[i] != want[i] {
			t.Errorf("finding %d = %+v, want %+v", i, out[i], want[i])
		}
	}
	if ruleEffects.Severity != result.SeverityWarning {
		t.Errorf("effects' default severity is %v; asError is tested against warning", ruleEffects.Severity)
	}
}

// TestReporterSeverities: a configured severity replaces the rule's
// default, and the error of asError; other rules keep theirs.
func TestReporterSeverities(t *testing.T) {
	var out []result.Finding
	cfg := &Config{Severities: map[string]result.Severity{ruleRequiredField.ID: result.SeverityWarning, ruleEffects.ID: result.SeverityNote}}
	rep := func(r *Rule) reporter { return reporter{rule: r, cfg: cfg, tool: "t", file: "t/TOOL.md", out: &out} }
	rep(ruleRequiredField).report(atPos(topOfFile), "name", "missing")
	rep(ruleEffects).asError().report(atPos(topOfFile), "case", "changed")
	rep(ruleName).report(atPos(topOfFile), "name", "bad")
	got := []result.Severity{out[0].Severity, out[1].Severity, out[2].Severity}
	if want := []result.Severity{result.SeverityWarning, result.SeverityNote, result.SeverityError}; !slices.Equal(got, want) {
		t.Errorf("severities %v, want %v", got, want)
	}
}

// TestFindingSpans: a finding about a TOOL.md value carries the span of its
// source text, which the report does not print.
func TestFindingSpans(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, "tool")
	text := "---\nname: Bad_Name\ndescription: d\ninputs: {type: object, required: [a]}\n" +
		"outputs: {type: object, required: [ok], properties: {ok: {type: boolean}, error: {type: string}}}\neffects: none\nrequires: []\n---\n\n" +
		"## Examples\n\n### one\n\ninput: {\"b\": 1}\noutput: {\"ok\": true}\n\n### one\n\ninput: {\"a\": 1}\noutput: {\"ok\": false, \"error\": \"e\"}\n"
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "TOOL.md"), []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	disc, err := discover.Discover([]string{root}, discover.Options{Root: root})
	if err != nil {
		t.Fatal(err)
	}
	res := Lint(context.Background(), disc, Config{Root: root, Platform: "linux"})
	spans := map[string]string{}
	for _, f := range res.AllFindings() {
		if s := f.Span; s != (contract.Span{}) {
			spans[f.Rule] = text[s.Start.Offset:s.End.Offset]
			if s.Start.Line < f.Line || (s.Start.Line == f.Line && s.Start.Column < f.Column) {
				t.Errorf("%s: span starts at %v, before the finding's place %d:%d", f, s.Start.Pos, f.Line, f.Column)
			}
		}
	}
	for rule, want := range map[string]string{"name": "Bad_Name", "example-title": "one", "example-input": `{"b": 1}`} {
		if spans[rule] != want {
			t.Errorf("the %s finding's span holds %q, want %q (spans: %q)", rule, spans[rule], want, spans)
		}
	}
}

// TestReporterFix: withFix gives the finding its fix, with the rule's
// Autofix as its safety and the finding's file when the fix names none; a
// rule without a fix that reports one panics in tests.
func TestReporterFix(t *testing.T) {
	var out []result.Finding
	cfg := &Config{}
	rep := reporter{rule: ruleYAMLSplit, cfg: cfg, tool: "t", file: "t/TOOL.md", out: &out}
	edit := contract.Edit{New: `"a, b"`}
	rep.withFix(result.Fix{Title: "quote", Edits: []contract.Edit{edit}}).report(atPos(topOfFile), "k", "split")
	rep.withFix(result.Fix{Title: "delete", File: "t/fixtures/a", Delete: true}).report(atPos(topOfFile), "k", "unused")
	rep.report(atPos(topOfFile), "k", "no fix")
	if len(out) != 3 {
		t.Fatalf("got %d findings, want 3", len(out))
	}
	want := []*result.Fix{
		{Title: "quote", Safety: result.SafeFix, File: "t/TOOL.md", Edits: []contract.Edit{edit}},
		{Title: "delete", Safety: result.SafeFix, File: "t/fixtures/a", Delete: true},
		nil,
	}
	for i, w := range want {
		if got := out[i].Fix; !reflect.DeepEqual(got, w) {
			t.Errorf("finding %d: fix %+v, want %+v", i, got, w)
		}
	}
	defer func() {
		if recover() == nil {
			t.Error("a fix from a rule whose Autofix is NoFix did not panic")
		}
	}()
	noFix := reporter{rule: ruleDescription, cfg: cfg, tool: "t", file: "t/TOOL.md", out: &out}
	if ruleDescription.Autofix != result.NoFix {
		t.Skip("description has a fix now: pick another rule")
	}
	noFix.withFix(result.Fix{Title: "x"}).report(atPos(topOfFile), "k", "m")
}
