package autofix

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/speccify/speccify-lint/contract"
	"github.com/speccify/speccify-lint/internal/testtree"
	"github.com/speccify/speccify-lint/result"
)

// edit replaces the normalised text from start to end (byte offsets of
// text) with s; its positions are computed from text.
func edit(text string, start, end int, s string) contract.Edit {
	l := contract.NewLines([]byte(text))
	return contract.Edit{Start: contract.Point{Pos: l.Offset(start), Offset: start}, End: contract.Point{Pos: l.Offset(end), Offset: end}, New: s}
}

// TestApplyKeepsBytes: an edit of the normalised text changes only its
// range of the file's bytes: a BOM, CRLF, CR and mixed line endings stay,
// and a line break the edit inserts is the one of the line it goes into.
func TestApplyKeepsBytes(t *testing.T) {
	norm := "a: 1\nb: 2\nc: 3\n"
	tests := []struct {
		name, raw string
		edits     []contract.Edit
		toLF      bool
		want      string
	}{
		{"LF", norm, []contract.Edit{edit(norm, 8, 9, "x\ny")}, false, "a: 1\nb: x\ny\nc: 3\n"},
		{"CRLF and a BOM", "\xef\xbb\xbfa: 1\r\nb: 2\r\nc: 3\r\n", []contract.Edit{edit(norm, 8, 9, "x\ny")}, false, "\xef\xbb\xbfa: 1\r\nb: x\r\ny\r\nc: 3\r\n"},
		{"CR", "a: 1\rb: 2\rc: 3\r", []contract.Edit{edit(norm, 8, 9, "x\ny")}, false, "a: 1\rb: x\ry\rc: 3\r"},
		{"mixed: the line's own ending", "a: 1\nb: 2\r\nc: 3\n", []contract.Edit{edit(norm, 8, 9, "x\ny")}, false, "a: 1\nb: x\r\ny\r\nc: 3\n"},
		{"across a CRLF", "a: 1\r\nb: 2\r\nc: 3\r\n", []contract.Edit{edit(norm, 3, 9, "9")}, false, "a: 9\r\nc: 3\r\n"},
		{"insert at the start after the BOM", "\xef\xbb\xbfa: 1\r\nb: 2\r\nc: 3\r\n", []contract.Edit{edit(norm, 0, 0, "z: 0\n")}, false, "\xef\xbb\xbfz: 0\r\na: 1\r\nb: 2\r\nc: 3\r\n"},
		{"two edits", "a: 1\r\nb: 2\r\nc: 3\r\n", []contract.Edit{edit(norm, 3, 4, "7"), edit(norm, 13, 14, "8")}, false, "a: 7\r\nb: 2\r\nc: 8\r\n"},
		{"no line ending: LF", "a: 1", []contract.Edit{edit("a: 1", 4, 4, "\nb: 2")}, false, "a: 1\nb: 2"},
		{"the last line's ending is the one before", "a: 1\r\nb: 2", []contract.Edit{edit("a: 1\nb: 2", 9, 9, "\nc")}, false, "a: 1\r\nb: 2\r\nc"},
		{"to LF keeps the BOM", "\xef\xbb\xbfa: 1\r\nb: 2\rc: 3\r\n", nil, true, "\xef\xbb\xbfa: 1\nb: 2\nc: 3\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rt := newRawText([]byte(tt.raw))
			if err := rt.checkEdits(tt.edits); err != nil {
				t.Fatal(err)
			}
			if got := string(rt.apply(tt.edits, tt.toLF)); got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}

// TestCheckEdits: edits that do not fit the text as it is now (it changed
// since it was linted) are refused.
func TestCheckEdits(t *testing.T) {
	text := "a: 1\nb: 2\n"
	rt := newRawText([]byte(text))
	moved := edit("x\n"+text, 10, 11, "3") // offset 10 is 3:4 there, 2:6 here
	moved.Start.Offset, moved.End.Offset = 8, 9
	for name, edits := range map[string][]contract.Edit{
		"past the end":     {edit(text, 10, 10, "x"), {Start: contract.Point{Offset: 11}, End: contract.Point{Offset: 12}}},
		"backwards":        {{Start: contract.Point{Offset: 3}, End: contract.Point{Offset: 2}}},
		"overlapping":      {edit(text, 1, 4, "x"), edit(text, 2, 3, "y")},
		"another position": {moved},
	} {
		if err := rt.checkEdits(edits); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
}

// tree writes files (slash paths relative to the returned root).
func tree(t *testing.T, files map[string]string) string {
	t.Helper()
	root := t.TempDir()
	testtree.Write(t, root, files)
	return root
}

func finding(tool string, fix result.Fix) result.Finding {
	if fix.Safety == result.NoFix {
		fix.Safety = result.SafeFix
	}
	return result.Finding{Rule: "r", File: fix.File, Tool: tool, Fix: &fix}
}

// plan is one pass of the fixes of findings as they are, unverified:
// Changes without a Checker.
func plan(root string, findings []result.Finding, unsafe bool) ([]*Change, []error) {
	return Changes(context.Background(), &result.Result{Findings: findings}, Options{Root: root, Unsafe: unsafe})
}

func readFile(t *testing.T, root, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(name)))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestPlan: fixes are taken in the findings' order; one that overlaps a fix
// taken waits; an equal one counts as made; unsafe ones only with unsafe; a
// deletion and a conversion to LF take the whole file.
func TestPlan(t *testing.T) {
	text := "0123456789\n"
	root := tree(t, map[string]string{"t/TOOL.md": text, "t/a.sh": "x\r\n", "t/fixtures/u": "u"})
	findings := []result.Finding{
		finding("t", result.Fix{File: "t/TOOL.md", Edits: []contract.Edit{edit(text, 2, 4, "AB")}}),
		finding("t", result.Fix{File: "t/TOOL.md", Edits: []contract.Edit{edit(text, 3, 5, "CD")}}), // overlaps
		finding("t", result.Fix{File: "t/TOOL.md", Edits: []contract.Edit{edit(text, 2, 4, "AB")}}), // equal
		finding("t", result.Fix{File: "t/TOOL.md", Edits: []contract.Edit{edit(text, 4, 4, "+")}}),  // touches, no overlap
		finding("t", result.Fix{File: "t/TOOL.md", Edits: []contract.Edit{edit(text, 4, 4, "-")}}),  // insertion at the same place
		finding("t", result.Fix{File: "t/TOOL.md", Safety: result.UnsafeFix, Edits: []contract.Edit{edit(text, 8, 9, "U")}}),
		finding("t", result.Fix{File: "t/a.sh", ToLF: true}),
		finding("t", result.Fix{File: "t/a.sh", Edits: []contract.Edit{edit("x\n", 0, 1, "y")}}), // after ToLF: waits
		finding("t", result.Fix{File: "t/fixtures/u", Safety: result.UnsafeFix, Delete: true}),
	}
	changes, errs := plan(root, findings, false)
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	got := map[string]string{}
	for _, c := range changes {
		got[c.File] = string(c.New)
		if c.File == "t/TOOL.md" && c.Fixes != 3 {
			t.Errorf("TOOL.md: %d fixes, want 3", c.Fixes)
		}
	}
	want := map[string]string{"t/TOOL.md": "01AB+456789\n", "t/a.sh": "x\n"}
	if len(got) != len(want) || got["t/TOOL.md"] != want["t/TOOL.md"] || got["t/a.sh"] != want["t/a.sh"] {
		t.Errorf("safe changes %q, want %q", got, want)
	}
	changes, _ = plan(root, findings, true)
	if len(changes) != 3 || !changes[2].Delete || changes[2].File != "t/fixtures/u" || string(changes[0].New) != "01AB+4567U9\n" {
		for _, c := range changes {
			t.Logf("%s delete=%v %q", c.File, c.Delete, c.New)
		}
		t.Errorf("unsafe changes wrong")
	}
}

// TestWrite: a change keeps the file's mode and writes through the tool
// folder; a file changed since it was read is not written; a deletion
// removes the file.
func TestWrite(t *testing.T) {
	text := "a: 1\n"
	root := tree(t, map[string]string{"t/TOOL.md": text, "t/fixtures/u": "u"})
	if err := os.Chmod(filepath.Join(root, "t", "TOOL.md"), 0o600); err != nil {
		t.Fatal(err)
	}
	findings := []result.Finding{
		finding("t", result.Fix{File: "t/TOOL.md", Edits: []contract.Edit{edit(text, 3, 4, "2")}}),
		finding("t", result.Fix{File: "t/fixtures/u", Delete: true}),
	}
	changes, errs := plan(root, findings, false)
	if len(errs) > 0 || len(changes) != 2 {
		t.Fatalf("changes %v, errors %v", changes, errs)
	}
	for _, c := range changes {
		if err := c.Write(); err != nil {
			t.Fatal(err)
		}
	}
	if got := readFile(t, root, "t/TOOL.md"); got != "a: 2\n" {
		t.Errorf("TOOL.md is %q", got)
	}
	if info, err := os.Stat(filepath.Join(root, "t", "TOOL.md")); err != nil || runtime.GOOS != "windows" && info.Mode().Perm() != 0o600 {
		t.Errorf("TOOL.md's mode: %v, %v; want 0600", info.Mode(), err)
	}
	if _, err := os.Stat(filepath.Join(root, "t", "fixtures", "u")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the deleted fixture: %v", err)
	}
	entries, _ := os.ReadDir(filepath.Join(root, "t"))
	if len(entries) != 2 {
		t.Errorf("the tool folder holds %d entries (a temporary file left?): %v", len(entries), entries)
	}

	// Changed between plan and Write: not written.
	changes, _ = plan(root, []result.Finding{finding("t", result.Fix{File: "t/TOOL.md", Edits: []contract.Edit{edit("a: 2\n", 3, 4, "3")}})}, false)
	if err := os.WriteFile(filepath.Join(root, "t", "TOOL.md"), []byte("a: 9\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := changes[0].Write(); err == nil || !strings.Contains(err.Error(), "changed since speccify-lint read it") {
		t.Errorf("a file changed after plan: %v", err)
	}
	if got := readFile(t, root, "t/TOOL.md"); got != "a: 9\n" {
		t.Errorf("TOOL.md is %q, want the other writer's", got)
	}
	// Changed since it was linted: the edit's positions do not fit.
	_, errs = plan(root, []result.Finding{finding("t", result.Fix{File: "t/TOOL.md", Edits: []contract.Edit{edit("\na: 2\n", 3, 4, "3")}})}, false)
	if len(errs) != 1 || !strings.Contains(errs[0].Error(), "changed since it was linted") {
		t.Errorf("a file changed since the lint: %v", errs)
	}
}

// TestContainment: a fix writes only inside its finding's tool folder, and
// never through a symbolic link.
func TestContainment(t *testing.T) {
	root := tree(t, map[string]string{"t/TOOL.md": "a\n", "outside.md": "o\n", "t/sub/x.md": "x\n"})
	if err := os.Symlink(filepath.Join(root, "outside.md"), filepath.Join(root, "t", "link.md")); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	if err := os.Symlink("sub", filepath.Join(root, "t", "linkdir")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(root, filepath.Join(root, "t", "up")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("TOOL.md", filepath.Join(root, "t", "inlink.md")); err != nil {
		t.Fatal(err)
	}
	e := []contract.Edit{edit("a\n", 0, 1, "b")}
	for _, f := range []result.Finding{
		finding("t", result.Fix{File: "outside.md", Edits: e}),
		finding("t", result.Fix{File: "t/../outside.md", Edits: e}),
		finding("t", result.Fix{File: "t/link.md", Edits: e}),
		finding("t", result.Fix{File: "t/up/outside.md", Edits: e}),
		finding("", result.Fix{File: "outside.md", Edits: e}),
		finding("t", result.Fix{File: "t/link.md", Delete: true}),
		finding("t", result.Fix{File: "t/inlink.md", Edits: e}), // a link, even to a file inside
	} {
		changes, errs := plan(root, []result.Finding{f}, true)
		if len(changes) != 0 || len(errs) != 1 {
			t.Errorf("%s (tool %q): changes %v, errors %v; want one error", f.Fix.File, f.Tool, changes, errs)
		}
	}
	if got := readFile(t, root, "outside.md"); got != "o\n" {
		t.Errorf("outside.md is %q", got)
	}
	// A link to a folder inside the tool folder stays inside: os.Root
	// follows it.
	changes, errs := plan(root, []result.Finding{finding("t", result.Fix{File: "t/linkdir/x.md", Edits: e})}, false)
	if len(errs) != 0 || len(changes) != 1 || changes[0].Write() != nil || readFile(t, root, "t/sub/x.md") != "b\n" {
		t.Errorf("a link inside the folder: %v, %v", changes, errs)
	}
}

// TestWriteDiff: git-style diffs, a deletion as "deleted file mode".
func TestWriteDiff(t *testing.T) {
	changes := []*Change{
		{File: "t/TOOL.md", Old: []byte("a\nb\nc\n"), New: []byte("a\nB\nc\n")},
		{File: "t/fixtures/u", Old: []byte("u\n"), Delete: true, info: fakeInfo{}},
	}
	var b bytes.Buffer
	if err := WriteDiff(&b, changes); err != nil {
		t.Fatal(err)
	}
	want := "diff --git a/t/TOOL.md b/t/TOOL.md\n--- a/t/TOOL.md\n+++ b/t/TOOL.md\n@@ -1,3 +1,3 @@\n a\n-b\n+B\n c\n" +
		"diff --git a/t/fixtures/u b/t/fixtures/u\ndeleted file mode 100644\n--- a/t/fixtures/u\n+++ /dev/null\n@@ -1 +0,0 @@\n-u\n"
	if b.String() != want {
		t.Errorf("diff\n%s\nwant\n%s", b.String(), want)
	}
}

// TestChangesPasses: a fix that overlapped another is made in the next
// pass, the findings of a pass are those of the text the previous one made,
// and a pass with nothing to change ends the loop; Write writes the result
// of all passes at once.
func TestChangesPasses(t *testing.T) {
	root := tree(t, map[string]string{"t/TOOL.md": "abc\n"})
	// Two fixes of one range while the text has a lower-case letter: one
	// per pass.
	findings := func(text string) []result.Finding {
		var fs []result.Finding
		if i := strings.IndexAny(text, "abc"); i >= 0 {
			up := finding("t", result.Fix{File: "t/TOOL.md", Edits: []contract.Edit{edit(text, i, i+1, strings.ToUpper(text[i:i+1]))}})
			other := finding("t", result.Fix{File: "t/TOOL.md", Edits: []contract.Edit{edit(text, i, i+1, "?")}})
			for _, f := range []*result.Finding{&up, &other} {
				f.Line, f.Column = 1, i+1
			}
			fs = append(fs, up, other)
		}
		return fs
	}
	checks := 0
	check := func(tool string, text []byte) (*contract.Spec, result.ToolResult, error) {
		checks++
		return contract.ParseText("TOOL.md", text), result.ToolResult{Dir: tool, Findings: findings(string(text))}, nil
	}
	res := &result.Result{Tools: []result.ToolResult{{Dir: "t", Spec: "t/TOOL.md", Findings: findings("abc\n")}}}
	changes, errs := Changes(context.Background(), res, Options{Root: root, Check: check})
	if len(errs) > 0 || len(changes) != 1 {
		t.Fatalf("changes %v, errors %v", changes, errs)
	}
	// Each pass fixes the first lower-case letter; the fourth finds none.
	if c := changes[0]; string(c.Old) != "abc\n" || string(c.New) != "ABC\n" || c.Fixes != 3 || checks != 4 {
		t.Errorf("change %q to %q, %d fixes, %d checks; want abc to ABC, 3 fixes, 4 checks (the text as read, then one per fix)", c.Old, c.New, c.Fixes, checks)
	}
	if got := readFile(t, root, "t/TOOL.md"); got != "abc\n" {
		t.Errorf("Changes wrote %q", got)
	}
	out := Write(changes)
	if got := readFile(t, root, "t/TOOL.md"); got != "ABC\n" || out.Fixed != 3 || len(out.Files) != 1 || len(out.Errors) > 0 {
		t.Errorf("got %q, fixed %d in %v, errors %v; want ABC, 3 fixed in one file", got, out.Fixed, out.Files, out.Errors)
	}
}

type fakeInfo struct{ os.FileInfo }

func (fakeInfo) Mode() os.FileMode { return 0o644 }

// TestChangesInterrupted: once ctx is canceled, no change is made at all.
func TestChangesInterrupted(t *testing.T) {
	text := "0123456789\n"
	root := tree(t, map[string]string{"t/TOOL.md": text})
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	res := &result.Result{Findings: []result.Finding{finding("t", result.Fix{File: "t/TOOL.md", Edits: []contract.Edit{edit(text, 2, 4, "AB")}})}}
	changes, errs := Changes(ctx, res, Options{Root: root})
	if len(changes) != 0 || len(errs) != 1 || !errors.Is(errs[0], errInterrupted) {
		t.Errorf("changes %v, errors %v; want none and errInterrupted", changes, errs)
	}
	if res.Findings[0].Fix == nil || Verify(ctx, res, Options{Root: root, Check: func(string, []byte) (*contract.Spec, result.ToolResult, error) {
		t.Fatal("checked after the cancellation")
		return nil, result.ToolResult{}, nil
	}}) != nil || res.Findings[0].Fix != nil {
		t.Errorf("Verify after the cancellation kept the fix %v", res.Findings[0].Fix)
	}
}
