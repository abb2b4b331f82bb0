package lint_test

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/speccify/speccify-lint/discover"
	"github.com/speccify/speccify-lint/internal/testtree"
	"github.com/speccify/speccify-lint/lint"
	"github.com/speccify/speccify-lint/result"
)

// suppressedTool has two findings a comment suppresses: required-field
// (effects is missing), covered by the file-wide comment of line 9, and
// stdin-twice in linux.sh, covered by its line 1; error-case is reported.
const suppressedTool = `---
name: t
description: Answers.
inputs: {type: object}
outputs: {type: object, required: [ok], properties: {ok: {type: boolean}, error: {type: string}}}
requires: []
---

<!-- speccify-lint-disable-file required-field -- REASON -->

## Examples

### works
input: {}
output: {"ok": true}
`

// lintSuppressed lints (statically) a tree of suppressedTool whose
// comment has the reason given.
func lintSuppressed(t *testing.T, reason string) *result.Result {
	t.Helper()
	root := t.TempDir()
	testtree.Write(t, root, map[string]string{
		"t/TOOL.md":  strings.Replace(suppressedTool, "REASON", reason, 1),
		"t/linux.sh": "# speccify-lint: disable=stdin-twice -- reads twice on purpose\nin=$(cat)\ncat >/dev/null\necho '{\"ok\": true}'\n",
	})
	disc, err := discover.Discover([]string{root}, discover.Options{Root: root})
	if err != nil {
		t.Fatal(err)
	}
	return lint.Lint(context.Background(), disc, lint.Config{Root: root, Platform: "linux", Jobs: 1})
}

// TestSuppressedFindings: a finding a suppression comment covers is not
// reported but kept in Result.Suppressed, in place order, with the
// comment's kind, reason and place; the reported findings are what they
// were.
func TestSuppressedFindings(t *testing.T) {
	res := lintSuppressed(t, "effects are described in the body")
	var reported []string
	for f := range res.EachFinding() {
		reported = append(reported, f.Rule)
	}
	if strings.Join(reported, ",") != "error-case" {
		t.Errorf("reported %v, want error-case only", reported)
	}
	want := []struct {
		rule, file string
		sup        result.Suppression
	}{
		{"required-field", "t/TOOL.md", result.Suppression{Kind: result.SuppressedInSource, Justification: "effects are described in the body", File: "t/TOOL.md", Line: 9, Column: 1}},
		{"stdin-twice", "t/linux.sh", result.Suppression{Kind: result.SuppressedInSource, Justification: "reads twice on purpose", File: "t/linux.sh", Line: 1, Column: 3}},
	}
	if len(res.Suppressed) != len(want) {
		t.Fatalf("suppressed %+v, want %d", res.Suppressed, len(want))
	}
	for i, w := range want {
		f := res.Suppressed[i]
		if f.Rule != w.rule || f.File != w.file || f.Tool != "t" || f.Suppression == nil || *f.Suppression != w.sup {
			t.Errorf("suppressed[%d] = %+v (suppression %+v), want %s in %s suppressed by %+v", i, f, f.Suppression, w.rule, w.file, w.sup)
		}
	}
	if res.Summary.Findings != 1 {
		t.Errorf("summary counts %d findings, want 1 (the suppressed are not counted)", res.Summary.Findings)
	}
	for _, tr := range res.Tools {
		if tr.Suppressed != nil {
			t.Errorf("tool %s keeps %d suppressed findings: Lint moves them to the result", tr.Dir, len(tr.Suppressed))
		}
	}
}

// TestSuppressedHugeReason: a reason longer than MaxJustification is cut
// at a character boundary, with an ellipsis; a shorter one is kept whole,
// control characters and all (the writers escape or clean them).
func TestSuppressedHugeReason(t *testing.T) {
	huge := strings.Repeat("é", result.MaxJustification) // 2 bytes each
	res := lintSuppressed(t, huge)
	got := res.Suppressed[0].Suppression.Justification
	if want := strings.Repeat("é", result.MaxJustification/2) + "…"; got != want {
		t.Errorf("justification of %d bytes, want %d bytes ending in …", len(got), len(want))
	}
	for _, reason := range []string{"::error::pwned \x1b[31m\a ##vso[task.complete]", strings.Repeat("x", result.MaxJustification)} {
		if got := result.Justification(reason); got != reason {
			t.Errorf("Justification(%q) = %q, want it whole", reason, got)
		}
	}
}

// TestSuppressedByteColumn: a suppressed finding has its byte column, as a
// reported one has it (the JSON report's byte_column).
func TestSuppressedByteColumn(t *testing.T) {
	root := t.TempDir()
	testtree.Write(t, root, map[string]string{"t/TOOL.md": "---\nname: t\ndescription: Answers.\ninputs:\n  type: object\n  properties:\n" +
		"    # speccify-lint: disable=yaml-split -- the comma is meant\n" +
		"    p: {type: string, description: Pâth, relative to the tool folder.}\n" +
		"outputs: {type: object, required: [ok], properties: {ok: {type: boolean}, error: {type: string}}}\neffects: none\nrequires: []\n---\n\n## Examples\n"})
	disc, err := discover.Discover([]string{root}, discover.Options{Root: root})
	if err != nil {
		t.Fatal(err)
	}
	res := lint.Lint(context.Background(), disc, lint.Config{Root: root, Platform: "linux", Jobs: 1})
	i := slices.IndexFunc(res.Suppressed, func(f result.Finding) bool { return f.Rule == "yaml-split" })
	if i < 0 {
		t.Fatalf("no suppressed yaml-split finding: %+v", res.Suppressed)
	}
	if f := res.Suppressed[i]; f.Line != 8 || f.Column != 42 || f.ByteColumn != 43 {
		t.Errorf("suppressed yaml-split at %d:%d, byte column %d; want 8:42, byte column 43", f.Line, f.Column, f.ByteColumn)
	}
}
