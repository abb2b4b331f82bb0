package contract

import (
	"strings"
	"testing"
)

// TestQuoteRepair: the repair of a plain value holding ": " quotes that
// value, with the lines it goes on on (their line breaks and indentation
// kept), keeps a comment outside, and is offered only when the value's
// extent is certain (no comment or tab inside it) and quoting takes the
// error away.
func TestQuoteRepair(t *testing.T) {
	tests := []struct {
		name, yaml string
		want       string // the YAML repaired; "" for no repair
	}{
		{name: "description", yaml: "name: x\ndescription: Lists keys: every entry\n",
			want: "name: x\ndescription: \"Lists keys: every entry\"\n"},
		{name: "escapes", yaml: "description: a \"b\": c\\d\n",
			want: "description: \"a \\\"b\\\": c\\\\d\"\n"},
		{name: "comment kept outside", yaml: "description: a: b  # note\nname: x\n",
			want: "description: \"a: b\"  # note\nname: x\n"},
		{name: "trailing colon", yaml: "description: Usage: x:\n", want: "description: \"Usage: x:\"\n"},
		{name: "nested and list item", yaml: "outputs:\n  properties:\n    - title: a: b\n",
			want: "outputs:\n  properties:\n    - title: \"a: b\"\n"},
		{name: "followed by a comment line and a less indented key", yaml: "description: a: b\n  # c\n\nname: x\n",
			want: "description: \"a: b\"\n  # c\n\nname: x\n"},
		{name: "a wrapped value stays wrapped", yaml: "description: a: b\n  more text\nname: x\n",
			want: "description: \"a: b\n  more text\"\nname: x\n"},
		{name: "the value goes on after a blank line", yaml: "description: a: b\n\n  more text\n",
			want: "description: \"a: b\n\n  more text\"\n"},
		{name: "a comment line in the value", yaml: "description: a: b\n  more\n  # c\n  text\n"},
		{name: "a comment after the first line", yaml: "description: a: b # c\n  more text\n"},
		{name: "a comment after a later line", yaml: "description: a: b\n  more # c\n"},
		{name: "quoted key", yaml: "\"description\": a: b\n", want: "\"description\": \"a: b\"\n"},
		{name: "a tab before the next line", yaml: "description: a: b\n\tx: 1\n"},
		{name: "a key in a flow mapping", yaml: "{a: b}: c: d\n"},
		{name: "quoting leaves the error on that line", yaml: "name: x\n  description: a: b\n"},
		{name: "a complex key", yaml: "? a: b: c\n"},
		{name: "a later error stays", yaml: "description: a: b\nname: [\n",
			want: "description: \"a: b\"\nname: [\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			text := "---\n" + tt.yaml + "---\nbody\n"
			s := parseSpec("TOOL.md", []byte(text))
			var r *Replacement
			for _, p := range s.Problems {
				if p.Repair != nil {
					r = p.Repair
				}
			}
			if tt.want == "" {
				if r != nil {
					t.Fatalf("repair %+v, want none", r)
				}
				return
			}
			if r == nil {
				t.Fatalf("no repair; problems %+v", s.Problems)
			}
			checkSpan(t, s.Lines, r.Span)
			fixed := text[:r.Span.Start.Offset] + r.New + text[r.Span.End.Offset:]
			if want := "---\n" + tt.want + "---\nbody\n"; fixed != want {
				t.Fatalf("repaired:\n%s\nwant:\n%s", fixed, want)
			}
			after := parseSpec("TOOL.md", []byte(fixed))
			if d, ok := map[string]string{"a wrapped value stays wrapped": "a: b more text",
				"the value goes on after a blank line": "a: b\nmore text"}[tt.name]; ok && after.Frontmatter.Description.Value != d {
				t.Errorf("description %q after the repair, want %q", after.Frontmatter.Description.Value, d)
			}
			for _, p := range after.Problems {
				if p.Kind == ProblemFrontmatter && p.Pos.Line <= r.Span.Start.Line {
					t.Errorf("after the repair: %s at %s", p.Msg, p.Pos)
				}
			}
		})
	}
}

func TestYAMLText(t *testing.T) {
	for v, want := range map[string]string{
		"check-keys": "check-keys", "true": `"true"`, "123": `"123"`, "null": `"null"`, "1e5": `"1e5"`,
		"a: b": `"a: b"`, "-x": "-x", "#x": `"#x"`, `a"b`: `a"b`, "": `""`,
	} {
		if got := YAMLText(v); got != want {
			t.Errorf("YAMLText(%q) = %s, want %s", v, got, want)
		}
	}
}

// FuzzQuoteRepair: a repaired frontmatter has no YAML error up to the
// repaired line any more.
func FuzzQuoteRepair(f *testing.F) {
	for _, y := range []string{"description: Lists keys: every entry\n", "a:\n  - b: c: d # e\n", "x: a: b\ny: c: d\n"} {
		f.Add(y)
	}
	f.Fuzz(func(t *testing.T, y string) {
		text, err := normalizeText("TOOL.md", []byte("---\n"+y+"\n---\n"))
		if err != nil {
			return
		}
		s := parseSpec("TOOL.md", text)
		for _, p := range s.Problems {
			r := p.Repair
			if r == nil {
				continue
			}
			fixed := string(text[:r.Span.Start.Offset]) + r.New + string(text[r.Span.End.Offset:])
			for _, q := range parseSpec("TOOL.md", []byte(fixed)).Problems {
				if strings.HasPrefix(q.Msg, "frontmatter is not valid YAML") && q.Pos.Line <= r.Span.Start.Line {
					t.Fatalf("after the repair %q: %s at %s", fixed, q.Msg, q.Pos)
				}
			}
		}
	})
}

// TestTabRepair: a frontmatter indented with tabs gets the help to indent
// with spaces and the repair that replaces each tab of the indentation by
// the other lines' smallest indentation (2 when there is none), from the
// first such line to the last, when that takes the error away.
func TestTabRepair(t *testing.T) {
	tests := []struct {
		name, yaml string
		want       string // the YAML repaired; "" for no repair
	}{
		{name: "one line", yaml: "name: x\ninputs:\n\ttype: object\n", want: "name: x\ninputs:\n  type: object\n"},
		{name: "nested", yaml: "inputs:\n\ttype: object\n\tproperties:\n\t\tpath: {type: string}\n",
			want: "inputs:\n  type: object\n  properties:\n    path: {type: string}\n"},
		{name: "the other lines' indentation", yaml: "outputs:\n    type: object\ninputs:\n\ttype: object\n",
			want: "outputs:\n    type: object\ninputs:\n    type: object\n"},
		{name: "spaces then a tab", yaml: "inputs:\n  type: object\n  properties:\n  \tpath: {type: string}\n",
			want: "inputs:\n  type: object\n  properties:\n    path: {type: string}\n"},
		{name: "the error stays on its line", yaml: "inputs:\n\tdescription: a: b\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			text := "---\n" + tt.yaml + "---\nbody\n"
			s := parseSpec("TOOL.md", []byte(text))
			var r *Replacement
			for _, p := range s.Problems {
				if p.Kind == ProblemFrontmatter && p.Help != "YAML does not allow tabs for indentation: indent with spaces" {
					t.Errorf("problem %q with help %q, want the help to indent with spaces", p.Msg, p.Help)
				}
				if p.Repair != nil {
					r = p.Repair
				}
			}
			if tt.want == "" {
				if r != nil {
					t.Fatalf("repair %+v, want none", r)
				}
				return
			}
			if r == nil {
				t.Fatalf("no repair; problems %+v", s.Problems)
			}
			checkSpan(t, s.Lines, r.Span)
			fixed := text[:r.Span.Start.Offset] + r.New + text[r.Span.End.Offset:]
			if want := "---\n" + tt.want + "---\nbody\n"; fixed != want {
				t.Fatalf("repaired:\n%s\nwant:\n%s", fixed, want)
			}
			if after := parseSpec("TOOL.md", []byte(fixed)); len(after.Problems) > 0 {
				t.Errorf("after the repair: %+v", after.Problems)
			}
		})
	}
}
