package autofix

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/speccify/speccify-lint/contract"
	"github.com/speccify/speccify-lint/discover"
	"github.com/speccify/speccify-lint/lint"
	"github.com/speccify/speccify-lint/result"
)

// verifyTool is a TOOL.md for the criterion's tests: a contract with no
// finding, to which a case adds one change.
const verifyTool = `---
name: t
description: Answers ok.
inputs: {type: object}
outputs: {type: object, required: [ok], properties: {ok: {type: boolean}, error: {type: string}}}
effects: none
requires: []
---

## Examples

### works
input: {}
output: {"ok": true}

### fails
input: {"bad": true}
output: {"ok": false, "error": "bad"}
`

// appendAt is the end of verifyTool's last case, where a case is appended.
const appendAt = "output: {\"ok\": false, \"error\": \"bad\"}\n"

// TestVerifyCriterion: a hand-made edit of a TOOL.md passes the criterion
// of verify.go or not, as the real checks judge the texts.
func TestVerifyCriterion(t *testing.T) {
	tests := []struct {
		name     string
		before   string
		old, new string // the edit: the first old becomes new
		want     bool
	}{
		{"a rename revealing a split description", strings.Replace(verifyTool, "inputs: {type: object}",
			"input: {type: object, properties: {x: {type: string, description: a, b}}}", 1), "input:", "inputs:", true},
		{"a rename to an inputs that is no schema", strings.Replace(verifyTool, "inputs: {type: object}", "input: 0", 1),
			"input:", "inputs:", false},
		{"a rename revealing cases without ok: false", strings.Replace(strings.Replace(verifyTool, "## Examples", "# amples", 1),
			"### fails\ninput: {\"bad\": true}\noutput: {\"ok\": false, \"error\": \"bad\"}\n", "", 1), "# amples", "## Examples", true},
		{"a quoted value revealing the next syntax error", strings.Replace(strings.Replace(verifyTool, "description: Answers ok.",
			"description: Lists keys: every entry", 1), "effects: none", "effects: reads: writes nothing", 1),
			"Lists keys: every entry", `"Lists keys: every entry"`, true},
		{"the rename of a typo of a missing required key", strings.Replace(verifyTool, "effects: none", "efects: none", 1),
			"efects:", "effects:", true},
		{"the rename of a typo of a missing required key with no value", strings.Replace(verifyTool, "effects: none", "efects:", 1),
			"efects:", "effects:", false},
		{"an edit that breaks the YAML", verifyTool, "name: t", "name: [t", false},
		{"an edit whose text gets a finding", verifyTool, "name: t", "name: Not_Kebab", false},
		{"an edit whose example gets a finding on its line", verifyTool, `input: {}`, `input: []`, false},
		{"an edit that an example now contradicts", verifyTool, `error: {type: string}`, `error: {type: integer}`, true},
		// The cases explore appends to close coverage gaps (the coverage
		// rule's unsafe fix): their outputs are an implementation's answers,
		// kept only when the case brings no finding of its own.
		{"an appended case", verifyTool, appendAt, appendAt + "\n### more\ninput: {\"x\": 1}\noutput: {\"ok\": true}\n", true},
		{"an appended case whose answer hides a bidi control", verifyTool, appendAt,
			appendAt + "\n### more\ninput: {\"x\": 1}\noutput: {\"ok\": true, \"error\": \"a\u202eb\"}\n", false},
		{"an appended case whose answer is machine-specific", verifyTool, appendAt,
			appendAt + "\n### more\ninput: {\"x\": 1}\noutput: {\"ok\": true, \"error\": \"/home/alice/.ssh/id_rsa\"}\n", false},
		{"an appended case whose title is taken", verifyTool, appendAt, appendAt + "\n### works\ninput: {\"x\": 1}\noutput: {\"ok\": true}\n", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root := tree(t, map[string]string{"t/TOOL.md": tt.before, "t/linux.sh": "#!/bin/sh\necho '{\"ok\": true}'\n"})
			x := newFixer(&Options{Root: root, Check: CheckWith(lint.Config{Root: root, Platform: "linux"})}, "t", "t/TOOL.md")
			i := strings.Index(tt.before, tt.old)
			if i < 0 {
				t.Fatalf("no %q in the text", tt.old)
			}
			e := edit(tt.before, i, i+len(tt.old), tt.new)
			after := tt.before[:i] + tt.new + tt.before[i+len(tt.old):]
			b, err := x.check([]byte(tt.before))
			if err != nil {
				t.Fatal(err)
			}
			a, err := x.check([]byte(after))
			if err != nil {
				t.Fatal(err)
			}
			if got := passes(b, a, []contract.Edit{e}, "t/TOOL.md"); got != tt.want {
				t.Errorf("passes = %v, want %v; findings before %v, after %v", got, tt.want, b.tr.Findings, a.tr.Findings)
			}
		})
	}
}

// TestEditMap: offsets of the text after edits map back to the text
// before; an edited region is what an edit changes, its common ends left
// out.
func TestEditMap(t *testing.T) {
	text := "input: 1\n# amples\nend\n"
	edits := []contract.Edit{edit(text, 0, 5, "inputs"), edit(text, 9, 17, "## Examples")}
	m := newEditMap([]byte(text), edits)
	after := "inputs: 1\n## Examples\nend\n"
	for off, want := range map[int]int{0: 0, 5: 0, 6: 5, 8: 7, 10: 9, 20: 9, 22: 18, 26: 22} {
		if got := m.toBefore(off); got != want {
			t.Errorf("toBefore(%d %q) = %d, want %d", off, after[off:], got, want)
		}
	}
	// The regions: the "s" of inputs, "# Ex" of the heading.
	for _, tt := range []struct {
		start, end int
		want       bool
	}{
		{0, 5, false}, {0, 6, true}, {5, 5, true}, {6, 6, true}, {7, 7, false},
		{10, 10, false}, {11, 11, true}, {10, 11, false}, {10, 12, true}, {15, 15, true}, {16, 21, false},
	} {
		if got := m.touches(tt.start, tt.end); got != tt.want {
			t.Errorf("touches(%d, %d %q) = %v, want %v", tt.start, tt.end, after[tt.start:tt.end], got, tt.want)
		}
	}
}

// TestChangesReveal: the rename a typo'd input: needs and the quoting the
// schema it reveals needs are both made, in two passes, from one lint.
func TestChangesReveal(t *testing.T) {
	text := strings.Replace(verifyTool, "inputs: {type: object}",
		"input:\n  type: object\n  properties:\n    x: {type: string, description: a, b}", 1)
	root := tree(t, map[string]string{"t/TOOL.md": text, "t/linux.sh": "#!/bin/sh\necho '{\"ok\": true}'\n"})
	cfg := lint.Config{Root: root, Platform: "linux", Jobs: 1}
	disc, err := discover.Discover([]string{root}, discover.Options{Root: root})
	if err != nil {
		t.Fatal(err)
	}
	changes, errs := Changes(context.Background(), lint.Lint(context.Background(), disc, cfg), Options{Root: root, Check: CheckWith(cfg)})
	want := strings.Replace(strings.Replace(text, "input:", "inputs:", 1), "description: a, b", `description: "a, b"`, 1)
	if len(errs) > 0 || len(changes) != 1 || string(changes[0].New) != want || changes[0].Fixes != 2 || len(changes[0].passes) != 2 {
		t.Fatalf("changes %v, errors %v; want %q in 2 fixes, 2 passes", changes, errs, want)
	}
	if err := CheckPasses(CheckWith(cfg), "t", filepath.ToSlash("t/TOOL.md"), changes[0]); err != nil {
		t.Error(err)
	}
}

// TestPosOffset: a position's offset in the text, clamped to its line and
// to the text (columns count UTF-16 code units).
func TestPosOffset(t *testing.T) {
	text := "a🌍b\nxyz\nq"
	lines := contract.NewLines([]byte(text))
	for p, want := range map[contract.Pos]int{
		{Line: 0, Column: 3}: 0, {Line: 1, Column: 1}: 0, {Line: 1, Column: 2}: 1, {Line: 1, Column: 4}: 5,
		{Line: 1, Column: 9}: 6, {Line: 2, Column: 2}: 8, {Line: 3, Column: 1}: 11, {Line: 3, Column: 5}: 12, {Line: 4, Column: 1}: 12,
	} {
		if got := posOffset(lines, p); got != want {
			t.Errorf("posOffset(%v) = %d, want %d", p, got, want)
		}
	}
}

// A held file (Options.Held) is fixed in memory, only inside its tool
// folder, and its change is not written.
func TestHeldTexts(t *testing.T) {
	edit := contract.Edit{Start: contract.Point{Pos: contract.Pos{Line: 1, Column: 1}, Offset: 0}, End: contract.Point{Pos: contract.Pos{Line: 1, Column: 2}, Offset: 1}, New: "B"}
	for _, tc := range []struct {
		file, want string
	}{
		{"t/a.txt", "Bbc\r\n"},
		{"u/a.txt", ""}, // another folder's file: not fixed
	} {
		res := &result.Result{Tools: []result.ToolResult{{Dir: "t", Findings: []result.Finding{{Rule: "x", Tool: "t", File: tc.file,
			Fix: &result.Fix{Title: "t", Safety: result.SafeFix, File: tc.file, Edits: []contract.Edit{edit}}}}}}}
		changes, errs := Changes(context.Background(), res, Options{Root: t.TempDir(), Held: map[string][]byte{tc.file: []byte("abc\r\n")}})
		if tc.want == "" {
			if len(changes) != 0 || len(errs) != 1 {
				t.Errorf("%s: %d changes, errors %v; want none, one error", tc.file, len(changes), errs)
			}
			continue
		}
		if len(changes) != 1 || string(changes[0].New) != tc.want || len(errs) != 0 {
			t.Fatalf("%s: changes %v, errors %v", tc.file, changes, errs)
		}
		if err := changes[0].Write(); err == nil || !strings.Contains(err.Error(), "editor") {
			t.Errorf("writing a held change: %v, want a refusal", err)
		}
	}
}
