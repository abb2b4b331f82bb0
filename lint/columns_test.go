package lint_test

import (
	"context"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"unicode/utf16"

	"github.com/speccify/speccify-lint/discover"
	"github.com/speccify/speccify-lint/lint"
	"github.com/speccify/speccify-lint/result"
)

// byteColumnOf is the 1-based byte column of the UTF-16 column col of line,
// counted afresh: the bytes of the longest prefix of line that takes col-1
// UTF-16 code units; past the end of the line, one byte a column.
func byteColumnOf(line string, col int) int {
	units := 0
	for i, r := range line {
		if units >= col-1 {
			return i + 1
		}
		units += len(utf16.Encode([]rune{r}))
	}
	return len(line) + 1 + max(col-1-units, 0)
}

// TestFindingByteColumns: the engine gives every finding in TOOL.md and
// SKILL.md, and every edit of their fixes, its column counted in bytes of
// the line as well (ByteColumn, 0 when it equals the UTF-16 column), from
// the text it read, whatever the line endings and BOM of the file.
func TestFindingByteColumns(t *testing.T) {
	texts := map[string]string{".agent/tools/t/TOOL.md": twinTool, ".agent/skills/s/SKILL.md": twinSkill}
	for _, twin := range []struct {
		eol string
		bom bool
	}{{"\n", false}, {"\r\n", true}, {"\r", false}} {
		findings := lintTwin(t, twin.eol, twin.bom)
		differs, edits := 0, 0
		for _, f := range findings {
			text, ok := texts[f.File]
			if !ok {
				continue
			}
			lines := strings.Split(text, "\n")
			want := byteColumnOf(lines[f.Line-1], f.Column)
			if got := f.ByteCol(); got != want {
				t.Errorf("%q %s: byte column %d, want %d", twin.eol, f, got, want)
			}
			if f.ByteColumn != 0 {
				differs++
				if f.ByteColumn == f.Column {
					t.Errorf("%s: ByteColumn %d equals Column: want 0", f, f.ByteColumn)
				}
			}
			if f.Fix == nil {
				continue
			}
			for _, e := range f.Fix.Edits {
				edits++
				if got, want := e.StartByteCol(), byteColumnOf(lines[e.Start.Line-1], e.Start.Column); got != want {
					t.Errorf("%s: edit start %v at byte column %d, want %d", f, e.Start.Pos, got, want)
				}
				if got, want := e.EndByteCol(), byteColumnOf(lines[e.End.Line-1], e.End.Column); got != want {
					t.Errorf("%s: edit end %v at byte column %d, want %d", f, e.End.Pos, got, want)
				}
			}
		}
		// The fixture's 🌍 comes before findings in TOOL.md and SKILL.md.
		if differs < 2 || edits == 0 {
			t.Errorf("%q: %d findings with a byte column of their own, %d edits; the test checks too little", twin.eol, differs, edits)
		}
	}
}

// TestToLFFixText: the fix that converts an implementation to LF carries
// the file's size and the whole converted text, which SARIF's
// replacement of the file's bytes needs.
func TestToLFFixText(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no execute bit")
	}
	root := t.TempDir()
	dir := filepath.Join(root, ".agent", "tools", "t")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	spec := "---\nname: t\ndescription: T.\ninputs: {type: object}\noutputs:\n  type: object\n  required: [ok]\n  properties:\n    ok: {type: boolean}\n    error: {type: string}\neffects: none\nrequires: []\n---\n"
	script := "#!/bin/sh\r\necho '{\"ok\": true}'\r\necho done\r\n"
	if err := os.WriteFile(filepath.Join(dir, "TOOL.md"), []byte(spec), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "linux.sh"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	disc, err := discover.Discover([]string{root}, discover.Options{Root: root})
	if err != nil {
		t.Fatal(err)
	}
	res := lint.Lint(context.Background(), disc, lint.Config{Root: root, Platform: "linux", Jobs: 1})
	var fix *result.Fix
	for _, f := range res.Tools[0].Findings {
		if f.Rule == "implementation-runnable" && f.Fix != nil {
			fix = f.Fix
		}
	}
	if fix == nil || !fix.ToLF {
		t.Fatalf("no fix to LF in %v", res.Tools[0].Findings)
	}
	if want := "#!/bin/sh\necho '{\"ok\": true}'\necho done\n"; fix.Size != len(script) || fix.Text != want {
		t.Errorf("fix size %d, text %q; want %d, %q", fix.Size, fix.Text, len(script), want)
	}
}
