package contract

import (
	"encoding/json"
	"fmt"
	"testing"
)

// FuzzYAMLToJSON: parsing a frontmatter and converting every field (and the
// whole mapping) to JSON never panics, takes bounded time, puts every
// problem at a real place, and yields a value encoding/json can write.
func FuzzYAMLToJSON(f *testing.F) {
	for _, s := range []string{
		"name: x\ninputs: {type: object}\n",
		"v: 12345678901234567890\nw: [yes, no, on, 010, 0x1F, 2024-01-02, 1.50, .inf]\n",
		"base: &b {type: string}\nv: {<<: *b, description: x}\n",
		"a: &a [x, x]\nb: &b [*a, *a]\nc: [*b, *b]\n",
		"v: {1: a, [b]: c}\n",
		"v: !!binary aGVsbG8=\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		data, err := NormalizeText("TOOL.md", raw)
		if err != nil {
			return
		}
		text := append(append([]byte("---\n"), data...), "\n---\n"...)
		lines := NewLines(text)
		split := Split{HasFrontmatter: true, Closed: true, OpenLine: 1, YAMLLine: 2, YAML: data}
		checkDeadline(t, fmt.Sprintf("parsing and converting %d bytes", len(data)), func() {
			fm, _ := parseFrontmatter(split, lines)
			if fm.Root != nil {
				fm.ToJSON(fm.Root, "frontmatter")
			}
		})
		fm, problems := parseFrontmatter(split, lines)
		checkProblems(t, lines, problems)
		if fm.Root == nil {
			return
		}
		for _, fld := range fm.Fields {
			if !fld.KeyPos.IsValid() || fld.KeyPos.Line > lines.Count() {
				t.Fatalf("field %q at %v, outside the %d lines", fld.Key, fld.KeyPos, lines.Count())
			}
		}
		for _, n := range fm.Fields {
			doc, problems := fm.ToJSON(n.Value, n.Key)
			checkProblems(t, lines, problems)
			checkDoc(t, lines, doc)
		}
		doc, problems := fm.ToJSON(fm.Root, "frontmatter")
		checkProblems(t, lines, problems)
		checkDoc(t, lines, doc)
	})
}

// checkDoc: a converted value has places inside the text and is JSON.
func checkDoc(t *testing.T, lines *Lines, doc *JSONDoc) {
	t.Helper()
	if doc == nil {
		return
	}
	for ptr, p := range doc.Places {
		if !p.IsValid() || p.Line > lines.Count() {
			t.Fatalf("place of %q is %v, outside the %d lines", ptr, p, lines.Count())
		}
	}
	if _, err := json.Marshal(doc.Value); err != nil {
		t.Fatalf("converted value is not JSON: %v", err)
	}
}

// checkProblems: every problem has a valid place on a line of the text, with
// a column at most one past the end of its line.
func checkProblems(t *testing.T, lines *Lines, problems []Problem) {
	t.Helper()
	for _, p := range problems {
		if !p.Pos.IsValid() || p.Pos.Line > lines.Count() {
			t.Fatalf("problem %q at %v, outside the %d lines", p.Msg, p.Pos, lines.Count())
		}
		if w := utf16Width([]byte(lines.Line(p.Pos.Line))); p.Pos.Column > w+1 {
			t.Fatalf("problem %q at %v, past the end of line %d (%d columns: %q)", p.Msg, p.Pos, p.Pos.Line, w, lines.Line(p.Pos.Line))
		}
		if p.Msg == "" || p.Kind == 0 {
			t.Fatalf("problem without a message or kind: %+v", p)
		}
	}
}
