package contract

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"

	"go.yaml.in/yaml/v3"
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
		data, err := normalizeText("TOOL.md", raw)
		if err != nil {
			return
		}
		text := append(append([]byte("---\n"), data...), "\n---\n"...)
		lines := NewLines(text)
		split := Split{HasFrontmatter: true, Closed: true, OpenLine: 1, YAMLLine: 2, YAML: data}
		checkDeadline(t, fmt.Sprintf("parsing and converting %d bytes", len(data)), func() {
			if _, src, root, _ := decodeFrontmatter(split, lines); root != nil {
				src.toJSON(root, "frontmatter")
			}
		})
		fm, problems := parseFrontmatter(split, lines)
		checkProblems(t, lines, problems)
		_, src, root, _ := decodeFrontmatter(split, lines)
		if root == nil {
			return
		}
		for _, fld := range fm.Keys {
			if p := fld.Span.Start.Pos; !p.IsValid() || p.Line > lines.Count() {
				t.Fatalf("field %q at %v, outside the %d lines", fld.Name, p, lines.Count())
			}
		}
		for i := 0; i+1 < len(root.Content); i += 2 {
			doc, problems := src.toJSON(root.Content[i+1], root.Content[i].Value)
			checkProblems(t, lines, problems)
			checkDoc(t, lines, doc)
		}
		doc, problems := src.toJSON(root, "frontmatter")
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
	for ptr, p := range doc.Places() {
		if !p.IsValid() || p.Line > lines.Count() {
			t.Fatalf("place of %q is %v, outside the %d lines", ptr, p, lines.Count())
		}
	}
	if _, err := json.Marshal(doc.Value); err != nil {
		t.Fatalf("converted value is not JSON: %v", err)
	}
}

// checkProblems: every problem has a valid place on a line of the text, with
// a column at most one past the end of its line, and a span, when it has
// one, that starts there.
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
		if p.Span != (Span{}) {
			checkSpan(t, lines, p.Span)
			if p.Span.Start.Pos != p.Pos {
				t.Fatalf("problem %q at %v, but its span starts at %v", p.Msg, p.Pos, p.Span.Start.Pos)
			}
		}
	}
}

// toJSON parses a frontmatter and converts the value of its key v.
func toJSON(t *testing.T, yamlText string) (*JSONDoc, []Problem) {
	t.Helper()
	s := parseSpec("TOOL.md", []byte("---\n"+yamlText+"---\n"))
	for _, p := range s.Problems {
		if p.Kind == ProblemFrontmatter {
			t.Fatalf("frontmatter problem: %s", p.Msg)
		}
	}
	src, v := fieldNode(t, []byte("---\n"+yamlText+"---\n"), "v")
	return src.toJSON(v, "v")
}

// fieldNode parses the frontmatter of a TOOL.md text and returns the YAML
// node of the value of its top-level key, and the source that places it.
func fieldNode(tb testing.TB, text []byte, key string) (*yamlSource, *yaml.Node) {
	tb.Helper()
	_, src, root, _ := decodeFrontmatter(splitFrontmatter(text), NewLines(text))
	for i := 0; root != nil && i+1 < len(root.Content); i += 2 {
		if root.Content[i].Value == key {
			return src, root.Content[i+1]
		}
	}
	tb.Fatalf("no field %s in %q", key, text)
	return nil, nil
}

func TestToJSONScalars(t *testing.T) {
	n := func(s string) json.Number { return json.Number(s) }
	tests := []struct {
		yaml string
		want any
	}{
		// Integers stay exact, whatever their size.
		{"12345678901234567890", n("12345678901234567890")},
		{"-12345678901234567890", n("-12345678901234567890")},
		{"9007199254740993", n("9007199254740993")},
		{"123456789012345678901234567890", n("123456789012345678901234567890")},
		{"0", n("0")},
		{"-7", n("-7")},
		{"+5", n("5")},
		{"1_000", n("1000")},
		{"-0", n("0")},
		{"+0", n("0")},
		{"-010", n("-10")},
		{"0_0", n("0")},
		{"1_2_3", n("123")},
		// YAML 1.2: a leading zero is decimal; 0x, 0o, 0b are bases.
		{"010", n("10")},
		{"0x1F", n("31")},
		{"-0x10", n("-16")},
		{"0o17", n("15")},
		{"0b101", n("5")},
		// Floats keep their digits.
		{"1.50", n("1.50")},
		{"1e3", n("1e3")},
		{"6.02e+23", n("6.02e+23")},
		{"-0.0", n("-0.0")},
		{".5", n("0.5")},
		{"+1.5", n("1.5")},
		{"1.", n("1")},
		{"01.5", n("1.5")},
		{"0.1000000000000000055511151231257827", n("0.1000000000000000055511151231257827")},
		// YAML 1.2 booleans only.
		{"true", true},
		{"false", false},
		{"True", true},
		{"FALSE", false},
		{"yes", "yes"},
		{"no", "no"},
		{"on", "on"},
		{"off", "off"},
		{"y", "y"},
		{"n", "n"},
		// Null.
		{"~", nil},
		{"null", nil},
		{"", nil},
		// Dates stay strings.
		{"2024-01-02", "2024-01-02"},
		{"2024-01-02T10:00:00Z", "2024-01-02T10:00:00Z"},
		// Quoted and tagged values.
		{"'010'", "010"},
		{`"1.50"`, "1.50"},
		{"!!str 5", "5"},
		{"!!binary aGVsbG8=", "aGVsbG8="},
		{"0x", "0x"},
		{"1.2.3", "1.2.3"},
	}
	for _, tt := range tests {
		t.Run(tt.yaml, func(t *testing.T) {
			doc, problems := toJSON(t, "v: "+tt.yaml+"\n")
			if len(problems) > 0 {
				t.Fatalf("problems: %v", problems)
			}
			if !reflect.DeepEqual(doc.Value, tt.want) {
				t.Errorf("v: %s -> %#v, want %#v", tt.yaml, doc.Value, tt.want)
			}
		})
	}
}

func TestToJSONProblems(t *testing.T) {
	tests := []struct {
		name, yaml string
		pos        Pos // in the TOOL.md: line 1 is the opening ---
		msg        string
		nilDoc     bool // the conversion stopped
	}{
		{"inf", "v: .inf\n", Pos{2, 4}, "v: .inf is not a number JSON can hold", false},
		{"minus inf", "v: {maximum: -.Inf}\n", Pos{2, 14}, "v: -.Inf is not a number JSON can hold", false},
		{"nan", "v:\n  - 1\n  - .nan\n", Pos{4, 5}, "v: .nan is not a number JSON can hold", false},
		{"int key", "v: {1: a}\n", Pos{2, 5}, "the mapping key number 1 is not a string", false},
		{"bool key", "v:\n  true: a\n", Pos{3, 3}, "the mapping key boolean true is not a string", false},
		{"null key", "v:\n  ~: a\n", Pos{3, 3}, "the mapping key null ~ is not a string", false},
		{"list key", "v:\n  ? [a, b]\n  : c\n", Pos{3, 5}, "the mapping key list is not a string", false},
		{"float key", "v: {1.5: a}\n", Pos{2, 5}, "the mapping key number 1.5 is not a string", false},
		{"merge of a list", "v: {<<: [a]}\n", Pos{2, 10}, "a merge key (<<) needs a mapping", false},
		// The value of v is depth 0, so the 1002nd [ (column 4+1001) is depth
		// 1001, one too deep.
		{"nested too deep", "v: " + strings.Repeat("[", 1002) + strings.Repeat("]", 1002) + "\n", Pos{2, 1005}, "v: nested deeper than 1000 levels", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc, problems := toJSON(t, tt.yaml)
			if len(problems) != 1 {
				t.Fatalf("got %d problems %v, want 1", len(problems), problems)
			}
			p := problems[0]
			if p.Kind != ProblemValue || p.Key != "v" || p.Pos != tt.pos || !strings.Contains(p.Msg, tt.msg) {
				t.Errorf("problem = %+v, want kind value, key v, at %v, containing %q", p, tt.pos, tt.msg)
			}
			if (doc == nil) != tt.nilDoc {
				t.Errorf("doc = %v, want nil: %v", doc, tt.nilDoc)
			}
		})
	}
}

func TestToJSONMergeKeys(t *testing.T) {
	doc, problems := toJSON(t, `base: &b {type: string, description: base}
more: &m {minLength: 1, description: more}
v:
  <<: [*b, *m]
  description: own
  title: t
`)
	if len(problems) > 0 {
		t.Fatal(problems)
	}
	want := map[string]any{"type": "string", "description": "own", "title": "t", "minLength": json.Number("1")}
	if !reflect.DeepEqual(doc.Value, want) {
		t.Errorf("merged = %#v, want %#v", doc.Value, want)
	}
	// A single merged mapping; the first source wins over later ones.
	doc, problems = toJSON(t, "a: &a {x: 1, y: 1}\nb: &b {x: 2, z: 2}\nv: {<<: [*a, *b]}\n")
	if len(problems) > 0 {
		t.Fatal(problems)
	}
	want = map[string]any{"x": json.Number("1"), "y": json.Number("1"), "z": json.Number("2")}
	if !reflect.DeepEqual(doc.Value, want) {
		t.Errorf("merged = %#v, want %#v", doc.Value, want)
	}
}

func TestToJSONAliasBomb(t *testing.T) {
	var b strings.Builder
	b.WriteString("a: &a [x, x, x, x, x, x, x, x, x, x]\n")
	prev := "a"
	for _, l := range []string{"b", "c", "d", "e", "f", "g", "h", "i"} {
		fmt.Fprintf(&b, "%s: &%s [%s]\n", l, l, strings.TrimSuffix(strings.Repeat("*"+prev+", ", 10), ", "))
		prev = l
	}
	b.WriteString("v: {type: object, default: *i}\n")
	done := make(chan struct{})
	var doc *JSONDoc
	var problems []Problem
	go func() {
		defer close(done)
		doc, problems = toJSON(t, b.String())
	}()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("converting an alias bomb did not stop within 10s")
	}
	if doc != nil {
		t.Errorf("doc = %v, want nil after an alias bomb", doc)
	}
	if len(problems) != 1 || !strings.Contains(problems[0].Msg, "aliases expand to more than 100000 values") {
		t.Fatalf("problems = %v, want one about an alias bomb", problems)
	}
	// Value 100001 stops the conversion. The mapping, type, *i and the list
	// i are values 1-4; then the first *h, h, *g, g, *f, f, *e, e are 5-12.
	// Each item of e is 1 + 12221 values (*d and the list d), so 8 items end
	// at 97788; in the 9th, *d and d are 2 more, one item of d (1222) ends at
	// 99012; in the 2nd, *c and c end at 99014, 8 items of c (122 each) at
	// 99990; in the 9th, *b and b end at 99992, *a and a at 99994, and the 7th
	// x of a is value 100001: column 26 of line 2, "a: &a [x, x, ...".
	if p := problems[0].Pos; p != (Pos{2, 26}) {
		t.Errorf("alias bomb reported at %v, want 2:26 (the 7th x of a)", p)
	}
}

func TestJSONDocPlaces(t *testing.T) {
	doc, problems := toJSON(t, `v:
  type: object
  properties:
    ok: {type: boolean}
    "a/b": {type: string}
    "t~x": {enum: [[a, b]]}
  required: [ok, "a/b"]
`)
	if len(problems) > 0 {
		t.Fatal(problems)
	}
	for ptr, want := range map[string]Pos{
		"":                          {3, 3}, // the value: its first key
		"/type":                     {3, 3},
		"/properties":               {4, 3},
		"/properties/ok":            {5, 5},
		"/properties/ok/type":       {5, 10},
		"/properties/a~1b":          {6, 5},
		"/properties/a~1b/type":     {6, 13},
		"/properties/t~0x/enum/0/1": {7, 24}, // the item b
		"/required":                 {8, 3},
		"/required/1":               {8, 18},
		"/properties/ok/type/xyz":   {5, 10}, // nearest ancestor
		"/nothing/here":             {3, 3},
	} {
		if got := doc.Place(ptr); got != want {
			t.Errorf("Place(%q) = %v, want %v", ptr, got, want)
		}
	}
}

// TestQuoteKeyRepair: a mapping key YAML reads as no string gets the repair
// that quotes it, unless the mapping has that string as a key already, or
// the key is no plain text of its own.
func TestQuoteKeyRepair(t *testing.T) {
	for _, tt := range []struct {
		yaml, want string // want: the key's text after the repair; "" for none
	}{
		{"inputs: {properties: {200: {}}}", `"200"`},
		{"inputs:\n  properties:\n    true: {}", `"true"`},
		{"inputs: {properties: {~: {}}}", `"~"`},
		{"inputs: {properties: {200: {}, \"200\": {}}}", ""},
		{"inputs: {properties: {&a 200: {}}}", ""},
		{"inputs: {properties: {!!int 200: {}}}", ""},
	} {
		s := parseSpec("TOOL.md", []byte("---\n"+tt.yaml+"\n---\n"))
		f := s.Frontmatter.Inputs
		if f == nil || len(f.Problems) == 0 {
			t.Errorf("%q: no problem", tt.yaml)
			continue
		}
		r := f.Problems[0].Repair
		switch {
		case tt.want == "" && r != nil:
			t.Errorf("%q: repair %+v, want none", tt.yaml, r)
		case tt.want != "" && (r == nil || r.New != tt.want):
			t.Errorf("%q: repair %+v, want %s", tt.yaml, r, tt.want)
		}
	}
}
