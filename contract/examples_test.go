package contract

import (
	"fmt"
	"testing"
)

// FuzzParseSpec: ParseSpec on any text never panics, takes bounded time, and
// every problem, case and input:/output: line has a real place.
func FuzzParseSpec(f *testing.F) {
	for _, s := range []string{
		"---\nname: x\n---\n\n## Examples\n\n### a\ninput: {}\noutput: {\"ok\": true}\n",
		"---\n---\n## Examples\n### a\ninput:  {\"x\": 1}\noutput: {\"ok\": tru}\n### a\ninput: {}\ninput: {}\n",
		"## Examples\n```\n### not a case\ninput: {}\n```\n",
		"---\nname: x\n",
		"# h\n\n## Examples\n\n### 🌍 ok\n  input: {\"s\": \"🌍\"}\noutput: [1,\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		text, err := NormalizeText("TOOL.md", raw)
		if err != nil {
			return
		}
		checkDeadline(t, fmt.Sprintf("parsing %d bytes", len(text)), func() { ParseSpec("TOOL.md", text) })
		s := ParseSpec("TOOL.md", text)
		lines := NewLines(text)
		if s.Lines.Count() != lines.Count() {
			t.Fatalf("Spec.Lines has %d lines, want %d", s.Lines.Count(), lines.Count())
		}
		checkProblems(t, lines, s.Problems)
		valid := func(what string, p Pos) {
			if !p.IsValid() || p.Line > lines.Count() {
				t.Fatalf("%s at %v, outside the %d lines", what, p, lines.Count())
			}
		}
		if s.Frontmatter != nil {
			valid("frontmatter", s.Frontmatter.Pos)
			for _, fld := range s.Frontmatter.Fields {
				valid("field "+fld.Key, fld.KeyPos)
			}
		}
		if ex := s.Examples; ex != nil {
			valid("## Examples", ex.Pos)
			for _, c := range ex.Cases {
				valid("case "+c.Title, c.Pos)
				if c.Pos.Line <= ex.Pos.Line {
					t.Fatalf("case %q at line %d, not after ## Examples at line %d", c.Title, c.Pos.Line, ex.Pos.Line)
				}
				for _, l := range []*ExampleLine{c.Input, c.Output} {
					if l == nil {
						continue
					}
					valid("line of "+c.Title, l.Pos)
					if l.Pos.Line <= c.Pos.Line {
						t.Fatalf("input/output of %q at line %d, not after its heading at line %d", c.Title, l.Pos.Line, c.Pos.Line)
					}
					if (l.Err == nil) == (l.Value == nil && l.Raw != "null") {
						t.Fatalf("line %q: Value %v and Err %v disagree", l.Raw, l.Value, l.Err)
					}
				}
			}
		}
	})
}
