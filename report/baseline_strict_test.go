package report

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/speccify/speccify-lint/result"
)

// writeBaseline writes b (indented by Bytes, or as text when given) in a
// fresh root and reads it back.
func writeBaseline(t *testing.T, text string) (root string, b *Baseline) {
	t.Helper()
	root = t.TempDir()
	path := filepath.Join(root, "base.json")
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	b, err := ReadBaseline(path)
	if err != nil {
		t.Fatal(err)
	}
	return root, b
}

// TestBaselineEntryLines: each entry read from a file knows the line where
// it starts, whatever the file's layout; an entry made in memory is at line
// 1.
func TestBaselineEntryLines(t *testing.T) {
	f := func(rule, key string) result.Finding {
		return result.Finding{Rule: rule, Severity: result.SeverityError, Message: rule, File: "t/TOOL.md", Line: 1, Column: 1, Key: key, Tool: "t"}
	}
	made := NewBaseline(&result.Result{Tools: []result.ToolResult{{Dir: "t", Findings: []result.Finding{f("name", "a"), f("schema", "b")}}}})
	if made.Findings[0].Line() != 1 {
		t.Errorf("an entry made in memory is at line %d, want 1", made.Findings[0].Line())
	}
	_, b := writeBaseline(t, string(made.Bytes()))
	if got := []int{b.Findings[0].Line(), b.Findings[1].Line()}; !slices.Equal(got, []int{4, 10}) {
		t.Errorf("entries of Bytes at lines %v, want [4 10]", got)
	}
	// Another layout: one line, keys in another order, a string with "[{".
	_, b = writeBaseline(t, `{"findings":[{"fingerprint":"a:1","rule":"r","file":"f","message":"[{"},`+"\n\n"+
		`  {"fingerprint":"b:1","rule":"r","file":"f","message":"x"}],"version":1}`)
	if got := []int{b.Findings[0].Line(), b.Findings[1].Line()}; !slices.Equal(got, []int{1, 3}) {
		t.Errorf("entries at lines %v, want [1 3]", got)
	}
	// "findings" twice: encoding/json keeps the last, the lines are not
	// known for sure, so each entry is at line 1.
	_, b = writeBaseline(t, `{"version":1,"findings":[],`+"\n"+`"findings":[`+"\n"+`{"fingerprint":"a:1","rule":"r","file":"f","message":"m"}]}`)
	if len(b.Findings) != 1 || b.Findings[0].Line() != 1 {
		t.Errorf("entries %+v, want one at line 1", b.Findings)
	}
}

// TestBaselineKeepsSuppressed: Apply moves the findings the baseline
// records into Result.Suppressed, each external, at the line of its entry
// in the baseline file (relative to the root), without its fix; and
// returns the entries no finding matched.
func TestBaselineKeepsSuppressed(t *testing.T) {
	f := func(rule, key string, line int) result.Finding {
		return result.Finding{Rule: rule, Severity: result.SeverityError, Message: rule, File: "t/TOOL.md", Line: line, Column: 1, Key: key, Tool: "t"}
	}
	old := &result.Result{Tools: []result.ToolResult{{Dir: "t", Findings: []result.Finding{f("name", "name", 2), f("fixed", "x", 9)}}}}
	root, b := writeBaseline(t, string(NewBaseline(old).Bytes()))
	withFix := f("name", "name", 3)
	withFix.Fix = &result.Fix{Title: "rename"}
	cur := &result.Result{Root: root, Tools: []result.ToolResult{{Dir: "t", Findings: []result.Finding{withFix, f("new", "y", 5)}}}}
	gone := b.Apply(cur)
	if len(cur.Suppressed) != 1 {
		t.Fatalf("suppressed %+v, want the name finding", cur.Suppressed)
	}
	s := cur.Suppressed[0]
	// The entries sort by fingerprint: name's is second here.
	line := b.Findings[slices.IndexFunc(b.Findings, func(e BaselineEntry) bool { return e.Rule == "name" })].Line()
	if s.Rule != "name" || s.Line != 3 || s.Fix != nil || s.Suppression == nil ||
		*s.Suppression != (result.Suppression{Kind: result.SuppressedExternal, File: "base.json", Line: line, Column: 1}) {
		t.Errorf("suppressed %+v with %+v, want name at 3 suppressed by base.json:%d", s, s.Suppression, line)
	}
	if len(gone) != 1 || gone[0].Rule != "fixed" || cur.Baseline.Gone != 1 {
		t.Errorf("gone %+v (count %d), want the fixed entry", gone, cur.Baseline.Gone)
	}
	if len(cur.Tools[0].Findings) != 1 || cur.Tools[0].Findings[0].Rule != "new" {
		t.Errorf("reported %+v, want the new finding", cur.Tools[0].Findings)
	}
	// A baseline file outside the root is named by its absolute path.
	outside := &Baseline{path: filepath.Join(t.TempDir(), "b.json")}
	if got := outside.File(root); got != filepath.ToSlash(outside.path) {
		t.Errorf("File of a baseline outside the root = %q, want %q", got, filepath.ToSlash(outside.path))
	}
}

// TestBaselineStale: an entry nothing matched is stale when the run looked
// for its finding (LooksFor, given the tool folder its file is in); in a
// narrowed run, only an entry of a folder the run checked is judged.
func TestBaselineStale(t *testing.T) {
	r := &result.Result{
		Tools:  []result.ToolResult{{Dir: "a"}, {Dir: "a/b"}},
		Skills: []result.SkillResult{{Dir: "s"}},
	}
	gone := []BaselineEntry{
		{Rule: "name", File: "a/TOOL.md"},
		{Rule: "example-failed", File: "a/b/TOOL.md"},
		{Rule: "skill-link", File: "s/SKILL.md"},
		{Rule: "name", File: "elsewhere/TOOL.md"},
		{Rule: "off", File: "a/TOOL.md"},
	}
	var asked []string
	looksFor := func(rule string, t *result.ToolResult) bool {
		dir := "-"
		if t != nil {
			dir = t.Dir
		}
		asked = append(asked, rule+"@"+dir)
		return rule != "off"
	}
	files := func(es []BaselineEntry) []string {
		var out []string
		for _, e := range es {
			out = append(out, e.Rule+":"+e.File)
		}
		return out
	}
	got := files(Stale(r, gone, looksFor, false))
	want := []string{"name:a/TOOL.md", "example-failed:a/b/TOOL.md", "skill-link:s/SKILL.md", "name:elsewhere/TOOL.md"}
	if !slices.Equal(got, want) {
		t.Errorf("stale %v, want %v", got, want)
	}
	if wantAsked := []string{"name@a", "example-failed@a/b", "skill-link@-", "name@-", "off@a"}; !slices.Equal(asked, wantAsked) {
		t.Errorf("asked %v, want %v (the deepest tool folder of each file)", asked, wantAsked)
	}
	got = files(Stale(r, gone, looksFor, true))
	want = []string{"name:a/TOOL.md", "example-failed:a/b/TOOL.md", "skill-link:s/SKILL.md"}
	if !slices.Equal(got, want) {
		t.Errorf("narrowed: stale %v, want %v", got, want)
	}
}

// TestStaleLine: the line --baseline-strict prints is one line, placed at
// the entry, whatever the baseline file (a pull request's) holds.
func TestStaleLine(t *testing.T) {
	e := BaselineEntry{Rule: "name\n::error::x", File: "t/TOOL.md\r##vso[x]", Message: "m\x1b[31m\nline two" + string(make([]byte, 5000)), line: 7}
	got := StaleLine("base.json", e)
	if want := "base.json:7:1: error: stale baseline entry: no name ::error::x finding in t/TOOL.md"; len(got) < len(want) || got[:len(want)] != want {
		t.Errorf("StaleLine = %q, want it to start %q", got, want)
	}
	for _, bad := range []string{"\n", "\r", "\x1b", "\x00"} {
		if slices.Contains([]byte(got), bad[0]) {
			t.Errorf("StaleLine has %q: %q", bad, got)
		}
	}
	if len(got) > 400 {
		t.Errorf("StaleLine of %d bytes: the message is not cut", len(got))
	}
}
