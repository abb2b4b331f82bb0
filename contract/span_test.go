package contract

import (
	"fmt"
	"reflect"
	"testing"
)

// TestSpans: the span of every typed value is exactly its source text, and
// its ends carry the line, the UTF-16 column and the byte offset of the
// place.
func TestSpans(t *testing.T) {
	fm := func(s *Spec) *Frontmatter { return s.Frontmatter }
	item := func(list []String, i int) Span {
		if i >= len(list) {
			return Span{}
		}
		return list[i].Span
	}
	tests := []struct {
		name  string
		yaml  string
		span  func(s *Spec) Span
		text  string
		value string // the typed value, when the span is of a String
		start Pos    // zero: not checked
		end   Pos
	}{
		{name: "plain", yaml: "name: foo-bar\n", span: func(s *Spec) Span { return fm(s).Name.Span },
			text: "foo-bar", start: Pos{2, 7}, end: Pos{2, 14}},
		{name: "plain with trailing blanks and a comment", yaml: "name: foo  # the name\n", span: func(s *Spec) Span { return fm(s).Name.Span },
			text: "foo"},
		{name: "an empty value with a tag, a comment after it", yaml: "name: !t # c\n  # more\ndescription: d\n",
			span: func(s *Spec) Span { return fm(s).Key("name").Span }, text: "name"},
		{name: "an empty value with a tag ends with it", yaml: "outputs:\n properties:\n  !00 #0\n",
			span: func(s *Spec) Span { return fm(s).Outputs.Collection().Entries[0].ValueSpan }, text: "!00"},
		{name: "multi-byte characters", yaml: "description: héllo wörld\n", span: func(s *Spec) Span { return fm(s).Description.Span },
			text: "héllo wörld", start: Pos{2, 14}, end: Pos{2, 25}},
		{name: "astral-plane characters count two UTF-16 units", yaml: "description: 🌍 x 🌍\n", span: func(s *Spec) Span { return fm(s).Description.Span },
			text: "🌍 x 🌍", start: Pos{2, 14}, end: Pos{2, 21}},
		{name: "after an astral-plane key", yaml: "é🌍: 1\nname: é🌍\n", span: func(s *Spec) Span { return fm(s).Name.Span },
			text: "é🌍", start: Pos{3, 7}, end: Pos{3, 10}},
		{name: "double-quoted with escapes", yaml: `description: "a \"b\" \u00e9 \\"` + "\n", span: func(s *Spec) Span { return fm(s).Description.Span },
			text: `"a \"b\" \u00e9 \\"`, value: `a "b" é \`},
		{name: "single-quoted with a doubled quote", yaml: "description: 'it''s'\n", span: func(s *Spec) Span { return fm(s).Description.Span },
			text: "'it''s'", value: "it's"},
		{name: "multi-line plain", yaml: "description: one\n  two\n\n  three\nname: x\n", span: func(s *Spec) Span { return fm(s).Description.Span },
			text: "one\n  two\n\n  three", value: "one two\nthree", end: Pos{5, 8}},
		{name: "multi-line double-quoted", yaml: "description: \"one\n  two\"\n", span: func(s *Spec) Span { return fm(s).Description.Span },
			text: "\"one\n  two\"", value: "one two"},
		{name: "folded block", yaml: "description: >-\n  one\n  two\n\nname: x\n", span: func(s *Spec) Span { return fm(s).Description.Span },
			text: ">-\n  one\n  two", value: "one two"},
		{name: "literal block with blank and deeper lines", yaml: "description: |\n  one\n\n    two\n  three\n\n\nname: x\n", span: func(s *Spec) Span { return fm(s).Description.Span },
			text: "|\n  one\n\n    two\n  three", value: "one\n\n  two\nthree\n"},
		{name: "literal block at the end", yaml: "description: |+\n  one\n  ", span: func(s *Spec) Span { return fm(s).Description.Span },
			text: "|+\n  one"},
		{name: "empty literal block", yaml: "effects: |\nname: x\n", span: func(s *Spec) Span { return fm(s).Keys[0].Span },
			text: "effects"},
		{name: "anchored value", yaml: "name: &n foo\n", span: func(s *Spec) Span { return fm(s).Name.Span },
			text: "&n foo", value: "foo"},
		{name: "alias: the span of the node it names", yaml: "x: &d foo bar\nname: *d\n", span: func(s *Spec) Span { return fm(s).Name.Span },
			text: "&d foo bar", value: "foo bar", start: Pos{2, 4}},
		{name: "tagged value", yaml: "name: !!str 5\n", span: func(s *Spec) Span { return fm(s).Name.Span },
			text: "!!str 5", value: "5"},
		{name: "NEL inside a plain scalar", yaml: "description: a\u0085b c\n", span: func(s *Spec) Span { return fm(s).Description.Span },
			text: "a\u0085b c", value: "a b c", end: Pos{2, 19}},
		{name: "a key", yaml: "name: x\ndescrption: y\n", span: func(s *Spec) Span { return fm(s).Keys[1].Span },
			text: "descrption", start: Pos{3, 1}},
		{name: "a quoted key", yaml: "\"name\": x\n", span: func(s *Spec) Span { return fm(s).Keys[0].Span },
			text: `"name"`},
		{name: "flow list items", yaml: "platforms: [linux, \"macos\" , 'win''dows']\n", span: func(s *Spec) Span { return item(fm(s).Platforms, 1) },
			text: `"macos"`, value: "macos"},
		{name: "block list items", yaml: "requires:\n  - python3\n  - jq\n", span: func(s *Spec) Span { return item(fm(s).Requires, 1) },
			text: "jq", start: Pos{4, 5}},
		{name: "comma-separated string", yaml: "requires: python3,  jq \n", span: func(s *Spec) Span { return item(fm(s).Requires, 1) },
			text: "jq", value: "jq", start: Pos{2, 21}},
		{name: "comma-separated quoted string", yaml: "requires: \"é🌍, jq\"\n", span: func(s *Spec) Span { return item(fm(s).Requires, 1) },
			text: "jq", start: Pos{2, 17}},
		{name: "comma-separated string over two lines", yaml: "requires: python3,\n  jq\n", span: func(s *Spec) Span { return item(fm(s).Requires, 1) },
			text: "jq", start: Pos{3, 3}},
		{name: "comma-separated anchored string", yaml: "requires: &r a, b\n", span: func(s *Spec) Span { return item(fm(s).Requires, 1) },
			text: "b", start: Pos{2, 17}},
		{name: "comma-separated string with escapes: the whole scalar", yaml: "requires: \"a, \\x62\"\n", span: func(s *Spec) Span { return item(fm(s).Requires, 1) },
			text: `"a, \x62"`, value: "b"},
		{name: "the inputs key", yaml: "inputs: {type: object}\n", span: func(s *Spec) Span { return fm(s).Inputs.Key.Span },
			text: "inputs"},
		{name: "a bare key in a flow mapping", yaml: "inputs: {type: object, description: a, b}\n", span: func(s *Spec) Span { return fm(s).Inputs.BareKeys[0].Key.Span },
			text: "b", value: "b"},
		{name: "a flow mapping of the wrong kind", yaml: "name: {a: [1, \"]\"], b: '}' } # c\n", span: func(s *Spec) Span { return s.Problems[0].Span },
			text: "{a: [1, \"]\"], b: '}' }"},
		{name: "a block mapping of the wrong kind", yaml: "name:\n  a: 1\n  b:\n    - x\n    - [y]\nrequires: []\n", span: func(s *Spec) Span { return s.Problems[0].Span },
			text: "a: 1\n  b:\n    - x\n    - [y]"},
		{name: "a block mapping ending in a bare key", yaml: "name:\n  a: 1\n  b:\nrequires: []\n", span: func(s *Spec) Span { return s.Problems[0].Span },
			text: "a: 1\n  b"},
		{name: "an alias in a list of the wrong kind", yaml: "x: &x 5\nrequires: [a, *x]\n", span: func(s *Spec) Span { return s.Problems[0].Span },
			text: "&x 5"},
		{name: "an alias as the last entry", yaml: "x: &x [5]\nname:\n  - a\n  - *x\n", span: func(s *Spec) Span { return s.Problems[0].Span },
			text: "- a\n  - *x"},
		{name: "a non-string key", yaml: "[a, b]: 1\n", span: func(s *Spec) Span { return s.Problems[0].Span },
			text: "[a, b]"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			text := []byte("---\n" + tt.yaml + "\n---\n")
			s := parseSpec("TOOL.md", text)
			if s.Frontmatter == nil {
				t.Fatalf("no frontmatter: %v", s.Problems)
			}
			span := tt.span(s)
			checkSpan(t, s.Lines, span)
			if got := string(text[span.Start.Offset:span.End.Offset]); got != tt.text {
				t.Errorf("span %v-%v holds %q, want %q", span.Start, span.End, got, tt.text)
			}
			if tt.start != (Pos{}) && span.Start.Pos != tt.start {
				t.Errorf("starts at %v, want %v", span.Start.Pos, tt.start)
			}
			if tt.end != (Pos{}) && span.End.Pos != tt.end {
				t.Errorf("ends at %v, want %v", span.End.Pos, tt.end)
			}
			if tt.value != "" && stringAt(s, span) != tt.value {
				t.Errorf("value %q, want %q", stringAt(s, span), tt.value)
			}
		})
	}
}

// stringAt finds the typed String with the given span.
func stringAt(s *Spec, span Span) string {
	for _, v := range specStrings(s) {
		if v.Span == span {
			return v.Value
		}
	}
	return fmt.Sprintf("no String at %v", span)
}

// specStrings are the typed Strings of a Spec.
func specStrings(s *Spec) []String {
	fm := s.Frontmatter
	if fm == nil {
		return nil
	}
	out := []String{fm.Name, fm.Description, fm.Effects, fm.Runtime}
	out = append(out, fm.Platforms...)
	out = append(out, fm.Requires...)
	for _, f := range []*SchemaField{fm.Inputs, fm.Outputs} {
		if f != nil {
			for _, k := range f.BareKeys {
				out = append(out, k.Key)
			}
		}
	}
	return out
}

// specSpans are all the spans of a Spec.
func specSpans(s *Spec) []Span {
	var out []Span
	for _, v := range specStrings(s) {
		out = append(out, v.Span)
	}
	if fm := s.Frontmatter; fm != nil {
		for _, k := range fm.Keys {
			out = append(out, k.Span)
		}
		for _, f := range []*SchemaField{fm.Inputs, fm.Outputs} {
			if f != nil {
				out = append(out, f.Key.Span)
				for _, p := range f.Problems {
					out = append(out, p.Span)
				}
			}
		}
	}
	for _, p := range s.Problems {
		out = append(out, p.Span)
	}
	if s.Examples != nil {
		for _, c := range s.Examples.Cases {
			out = append(out, c.TitleSpan)
			for _, l := range []*ExampleLine{c.Input, c.Output} {
				if l != nil {
					out = append(out, l.Span)
				}
			}
		}
	}
	return out
}

// TestExampleSpans: the spans of a case's title and of its input: and
// output: values are their source text.
func TestExampleSpans(t *testing.T) {
	tests := []struct {
		name, body    string
		title         string
		in, out       string
		titleAt, inAt Pos
	}{
		{name: "plain", body: "### ok\ninput: {}\noutput: {\"ok\": true}\n",
			title: "ok", in: "{}", out: `{"ok": true}`, titleAt: Pos{6, 5}, inAt: Pos{7, 8}},
		{name: "blanks around", body: "###   🌍 the é case  \n  input:   {\"s\": \"🌍\"}  \noutput:{}\n",
			title: "🌍 the é case", in: `{"s": "🌍"}`, out: "{}", titleAt: Pos{6, 7}, inAt: Pos{7, 12}},
		{name: "closing hashes", body: "### the case ##\ninput: 1\noutput: 2\n",
			title: "the case", in: "1", out: "2"},
		{name: "empty heading", body: "###\ninput: []\noutput: [\n",
			title: "", in: "[]", out: "["},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			text := []byte("---\nname: x\n---\n\n## Examples\n" + tt.body)
			s := parseSpec("TOOL.md", text)
			if s.Examples == nil || len(s.Examples.Cases) == 0 {
				t.Fatalf("no cases in %q", text)
			}
			c := s.Examples.Cases[len(s.Examples.Cases)-1]
			for _, sp := range []struct {
				what, want string
				span       Span
				at         Pos
			}{{"title", tt.title, c.TitleSpan, tt.titleAt}, {"input", tt.in, c.Input.Span, tt.inAt}, {"output", tt.out, c.Output.Span, Pos{}}} {
				checkSpan(t, s.Lines, sp.span)
				if got := string(text[sp.span.Start.Offset:sp.span.End.Offset]); got != sp.want {
					t.Errorf("%s span holds %q, want %q", sp.what, got, sp.want)
				}
				if sp.at != (Pos{}) && sp.span.Start.Pos != sp.at {
					t.Errorf("%s span starts at %v, want %v", sp.what, sp.span.Start.Pos, sp.at)
				}
			}
			if c.Title != tt.title || c.Input.Raw != tt.in {
				t.Errorf("title %q, input %q; want %q, %q", c.Title, c.Input.Raw, tt.title, tt.in)
			}
		})
	}
}

// checkSpan: a known span lies within the text, does not end before it
// starts, and the line and column of its ends are those of their offsets.
func checkSpan(t *testing.T, lines *Lines, s Span) {
	t.Helper()
	if !s.IsValid() {
		if s != (Span{}) {
			t.Fatalf("span %+v has no valid start but is not zero", s)
		}
		return
	}
	if s.Start.Offset < 0 || s.Start.Offset > s.End.Offset || s.End.Offset > len(lines.text) {
		t.Fatalf("span %+v is not within the %d bytes of the text in order", s, len(lines.text))
	}
	for _, p := range []Point{s.Start, s.End} {
		if want := lines.Offset(p.Offset); p.Pos != want {
			t.Fatalf("point %+v of span %+v: its offset is at %v", p, s, want)
		}
	}
}

// TestBareKeys: the keys written without a value in a schema, with the way
// to their mapping, the mapping's number, their entry and the plain-text
// entry before them; aliases are not followed.
func TestBareKeys(t *testing.T) {
	type bare struct {
		key, path     string
		mapping, entr int
		after         *TextEntry
	}
	tests := []struct {
		name, yaml string
		want       []bare
	}{
		{"a split text", "inputs: {type: object, description: a, b, c}\n",
			[]bare{{"b", "", 0, 2, &TextEntry{Key: "description", Value: "a"}}, {"c", "", 0, 3, nil}}},
		{"nested and listed", "inputs:\n  properties:\n    x: {title: t, u}\n  anyOf:\n    - {v}\n    - w:\n",
			[]bare{{"u", ".properties.x", 2, 1, &TextEntry{Key: "title", Value: "t"}}, {"v", ".anyOf[0]", 3, 0, nil}, {"w", ".anyOf[1]", 4, 0, nil}}},
		{"quoted and tagged texts are not split", "inputs: {a: \"x\", b, c: !!str y, d, e: ~, f: null}\n",
			[]bare{{"b", "", 0, 1, nil}, {"d", "", 0, 3, nil}}},
		{"aliases are not followed", "x: &x {a}\ninputs: {p: *x, q}\n",
			[]bare{{"q", "", 0, 1, nil}}},
		{"not a mapping", "inputs: [a, {b}]\n",
			[]bare{{"b", "[1]", 0, 0, nil}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			text := []byte("---\n" + tt.yaml + "---\n")
			s := parseSpec("TOOL.md", text)
			var got []bare
			for _, k := range s.Frontmatter.Inputs.BareKeys {
				path := ""
				for _, st := range k.Path {
					if st.IsItem {
						path += fmt.Sprintf("[%d]", st.Item)
					} else {
						path += "." + st.Key
					}
				}
				if sp := k.Key.Span; string(text[sp.Start.Offset:sp.End.Offset]) != k.Key.Value {
					t.Errorf("bare key %q has the span of %q", k.Key.Value, text[sp.Start.Offset:sp.End.Offset])
				}
				after := k.After
				if after != nil {
					if sp := after.ValueSpan; string(text[sp.Start.Offset:sp.End.Offset]) != after.Value {
						t.Errorf("the text before %q has the span of %q", k.Key.Value, text[sp.Start.Offset:sp.End.Offset])
					}
					a := *after
					a.ValueSpan = Span{}
					after = &a
				}
				got = append(got, bare{k.Key.Value, path, k.Mapping, k.Entry, after})
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("bare keys\n got %+v\nwant %+v", got, tt.want)
			}
		})
	}
}

// TestExamplesNearMissSpans: the near-miss heading of a TOOL.md without an
// ## Examples section, with the spans of its text and (opened with #s) of the
// heading from its first # to the end of its text.
func TestExamplesNearMissSpans(t *testing.T) {
	tests := []struct {
		name, body  string
		ok          bool
		text        string
		level       int
		setext      bool
		at          Pos
		span, tspan string // the source text of Span and TextSpan
	}{
		{name: "singular", body: "## Example\n", ok: true, text: "Example", level: 2, at: Pos{5, 1}, span: "## Example", tspan: "Example"},
		{name: "colon", body: "## examples:\n", ok: true, text: "examples:", level: 2, at: Pos{5, 1}, span: "## examples:", tspan: "examples:"},
		{name: "level 3, closing hashes", body: "### Examples ###\n", ok: true, text: "Examples", level: 3, at: Pos{5, 1}, span: "### Examples", tspan: "Examples"},
		{name: "indented, blanks", body: "text\n\n  #   Exmaples  \n", ok: true, text: "Exmaples", level: 1, at: Pos{7, 3}, span: "#   Exmaples", tspan: "Exmaples"},
		{name: "after a far miss", body: "## Usage\n\n## Example 🌍\n", ok: true, text: "Example 🌍", level: 2, at: Pos{7, 1}, span: "## Example 🌍", tspan: "Example 🌍"},
		{name: "underlined", body: "Example\n-------\n", ok: true, text: "Example", level: 2, setext: true, at: Pos{5, 1}, tspan: "Example"},
		{name: "underlined, two lines", body: "Exa\nmple\n---\n", ok: true, text: "Exa mple", level: 2, setext: true, at: Pos{5, 1}},
		{name: "far miss", body: "## Usage\n", ok: false},
		{name: "level 4", body: "#### Example\n", ok: false},
		{name: "in a quote", body: "> ## Example\n", ok: false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			text := []byte("---\nname: x\n---\n\n" + tt.body)
			s := parseSpec("TOOL.md", text)
			h, ok := s.ExamplesNearMiss()
			if ok != tt.ok {
				t.Fatalf("ok = %v, want %v (%+v)", ok, tt.ok, h)
			}
			if !ok {
				return
			}
			if h.Text != tt.text || h.Level != tt.level || h.Setext != tt.setext || h.Pos != tt.at {
				t.Errorf("heading %q level %d setext %v at %v; want %q %d %v at %v", h.Text, h.Level, h.Setext, h.Pos, tt.text, tt.level, tt.setext, tt.at)
			}
			for _, sp := range []struct {
				what, want string
				span       Span
			}{{"span", tt.span, h.Span}, {"text span", tt.tspan, h.TextSpan}} {
				checkSpan(t, s.Lines, sp.span)
				if got := string(text[sp.span.Start.Offset:sp.span.End.Offset]); got != sp.want {
					t.Errorf("%s holds %q, want %q", sp.what, got, sp.want)
				}
			}
			if h.Span.IsValid() && h.Span.Start.Pos != h.Pos {
				t.Errorf("span starts at %v, the heading at %v", h.Span.Start.Pos, h.Pos)
			}
		})
	}
}
