package contract

import (
	"bytes"
	"testing"
	"time"
)

func TestSplitFrontmatter(t *testing.T) {
	tests := []struct {
		name       string
		text       string
		has        bool
		closed     bool
		closeLine  int
		yaml       string
		body       string
		bodyOffset int
	}{
		{
			name: "plain", text: "---\nname: x\n---\nbody\n",
			has: true, closed: true, closeLine: 3, yaml: "name: x\n", body: "body\n", bodyOffset: 16,
		},
		{
			name: "empty frontmatter", text: "---\n---\n",
			has: true, closed: true, closeLine: 2, yaml: "", body: "", bodyOffset: 8,
		},
		{
			name: "empty frontmatter then body", text: "---\n---\n# T\n",
			has: true, closed: true, closeLine: 2, yaml: "", body: "# T\n", bodyOffset: 8,
		},
		{
			name: "unclosed", text: "---\nname: x\n",
			has: true, closed: false, yaml: "name: x\n", body: "", bodyOffset: 12,
		},
		{
			name: "unclosed with a document end marker", text: "---\nname: x\n...\nbody\n",
			has: true, closed: false, yaml: "name: x\n...\nbody\n", body: "", bodyOffset: 21,
		},
		{
			name: "fence only, no newline", text: "---",
			has: true, closed: false, yaml: "", body: "", bodyOffset: 0,
		},
		{
			name: "no frontmatter", text: "# just a heading\n",
			has: false, body: "# just a heading\n",
		},
		{
			name: "empty text", text: "",
			has: false, body: "",
		},
		{
			name: "leading blank line is not frontmatter", text: "\n---\nname: x\n---\n",
			has: false, body: "\n---\nname: x\n---\n",
		},
		{
			name: "four dashes is not a fence", text: "----\nname: x\n----\n",
			has: false, body: "----\nname: x\n----\n",
		},
		{
			name: "indented fence is not a fence", text: " ---\nname: x\n---\n",
			has: false, body: " ---\nname: x\n---\n",
		},
		{
			name: "trailing blanks on both fences", text: "--- \t\nname: x\n---  \nbody",
			has: true, closed: true, closeLine: 3, yaml: "name: x\n", body: "body", bodyOffset: 20,
		},
		{
			name: "closing fence at end of text without newline", text: "---\nname: x\n---",
			has: true, closed: true, closeLine: 3, yaml: "name: x\n", body: "", bodyOffset: 15,
		},
		{
			name: "indented closing fence does not close", text: "---\nname: x\n  ---\n",
			has: true, closed: false, yaml: "name: x\n  ---\n", body: "", bodyOffset: 18,
		},
		{
			name: "fence with a comment does not close", text: "---\nname: x\n--- # end\nbody\n",
			has: true, closed: false, yaml: "name: x\n--- # end\nbody\n", body: "", bodyOffset: 27,
		},
		{
			name: "only the first closing fence counts", text: "---\n---\n---\n",
			has: true, closed: true, closeLine: 2, yaml: "", body: "---\n", bodyOffset: 8,
		},
		{
			name: "quoted dashes are not a fence", text: "---\na: '---'\n---\nb\n",
			has: true, closed: true, closeLine: 3, yaml: "a: '---'\n", body: "b\n", bodyOffset: 17,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := splitFrontmatter([]byte(tt.text))
			if s.HasFrontmatter != tt.has || s.Closed != tt.closed {
				t.Fatalf("HasFrontmatter, Closed = %v, %v; want %v, %v", s.HasFrontmatter, s.Closed, tt.has, tt.closed)
			}
			if string(s.Body) != tt.body {
				t.Errorf("Body = %q, want %q", s.Body, tt.body)
			}
			if !tt.has {
				if s.BodyOffset != 0 || s.OpenLine != 0 || s.YAML != nil {
					t.Errorf("no frontmatter: got %+v", s)
				}
				return
			}
			if s.OpenLine != 1 || s.YAMLLine != 2 {
				t.Errorf("OpenLine, YAMLLine = %d, %d; want 1, 2", s.OpenLine, s.YAMLLine)
			}
			if s.CloseLine != tt.closeLine {
				t.Errorf("CloseLine = %d, want %d", s.CloseLine, tt.closeLine)
			}
			if string(s.YAML) != tt.yaml {
				t.Errorf("YAML = %q, want %q", s.YAML, tt.yaml)
			}
			if s.BodyOffset != tt.bodyOffset {
				t.Errorf("BodyOffset = %d, want %d", s.BodyOffset, tt.bodyOffset)
			}
		})
	}
}

// TestSplitFrontmatterNormalized: a BOM and CRLF line endings are dropped by
// normalizeText, after which the split is that of the plain twin.
func TestSplitFrontmatterNormalized(t *testing.T) {
	plain := "---\nname: x\ndescription: y\n---\n\n## Examples\n"
	for name, raw := range map[string]string{
		"BOM":        "\ufeff" + plain,
		"CRLF":       "---\r\nname: x\r\ndescription: y\r\n---\r\n\r\n## Examples\r\n",
		"BOM + CRLF": "\ufeff---\r\nname: x\r\ndescription: y\r\n---\r\n\r\n## Examples\r\n",
		"BOM + CRLF, trailing blank on the fence": "\ufeff--- \r\nname: x\r\ndescription: y\r\n---\t\r\n\r\n## Examples\r\n",
	} {
		t.Run(name, func(t *testing.T) {
			text, err := normalizeText("TOOL.md", []byte(raw))
			if err != nil {
				t.Fatal(err)
			}
			got, want := splitFrontmatter(text), splitFrontmatter([]byte(plain))
			if !got.Closed || got.CloseLine != want.CloseLine || string(got.YAML) != string(want.YAML) ||
				string(got.Body) != string(want.Body) ||
				NewLines(text).Offset(got.BodyOffset) != NewLines([]byte(plain)).Offset(want.BodyOffset) {
				t.Errorf("split of the %s twin = %+v\nwant %+v", name, got, want)
			}
		})
	}
}

func TestNormalizeText(t *testing.T) {
	tests := []struct {
		name, in, want string
		errPos         Pos // zero: no error
	}{
		{"BOM dropped", "\ufeffa\n", "a\n", Pos{}},
		{"CRLF", "a\r\nb\r\n", "a\nb\n", Pos{}},
		{"lone CR is a line break", "a\rb\n", "a\nb\n", Pos{}},
		{"BOM only once", "\ufeff\ufeffa", "\ufeffa", Pos{}},
		{"NUL is binary", "ab\ncd\x00", "", Pos{2, 3}},
		{"invalid UTF-8", "ab\nc\xffd", "", Pos{2, 2}},
		{"invalid UTF-8 after a CRLF", "a\r\n\xc3(", "", Pos{2, 1}},
		{"invalid UTF-8 after non-BMP", "🌍\xff", "", Pos{1, 3}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := normalizeText("f", []byte(tt.in))
			if tt.errPos == (Pos{}) {
				if err != nil || string(got) != tt.want {
					t.Fatalf("normalizeText(%q) = %q, %v; want %q", tt.in, got, err, tt.want)
				}
				return
			}
			fe, ok := err.(*FileError)
			if !ok {
				t.Fatalf("normalizeText(%q) error = %v, want a *FileError", tt.in, err)
			}
			if fe.Pos != tt.errPos {
				t.Errorf("error at %v, want %v (%s)", fe.Pos, tt.errPos, fe.Msg)
			}
		})
	}
}

// FuzzSplitFrontmatter: the split never panics and is consistent with the
// text: the YAML lies between the fences, the body is the text's tail.
func FuzzSplitFrontmatter(f *testing.F) {
	for _, s := range []string{
		"---\nname: x\n---\nbody\n", "---\n---\n", "---", "---\n", "# h\n", "--- \n---\t\n",
		"\ufeff---\r\nname: x\r\n---\r\n", "---\nname: x\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		text, err := normalizeText("TOOL.md", raw)
		if err != nil {
			return
		}
		s := splitFrontmatter(text)
		if !s.HasFrontmatter {
			if !bytes.Equal(s.Body, text) || s.Closed {
				t.Fatalf("no frontmatter, but Body != text or Closed: %+v", s)
			}
			return
		}
		first, _, _ := bytes.Cut(text, []byte("\n"))
		if !isFence(first) {
			t.Fatalf("HasFrontmatter, but the first line %q is no fence", first)
		}
		if s.OpenLine != 1 || s.YAMLLine != 2 {
			t.Fatalf("OpenLine, YAMLLine = %d, %d", s.OpenLine, s.YAMLLine)
		}
		if !bytes.Contains(text, s.YAML) {
			t.Fatalf("YAML %q is not part of the text", s.YAML)
		}
		if !s.Closed {
			if len(s.Body) != 0 || s.BodyOffset < 0 || s.BodyOffset > len(text) {
				t.Fatalf("unclosed frontmatter has a body %q at %d", s.Body, s.BodyOffset)
			}
			return
		}
		if s.BodyOffset < 0 || s.BodyOffset > len(text) || !bytes.Equal(s.Body, text[s.BodyOffset:]) {
			t.Fatalf("Body is not text[BodyOffset:]: offset %d of %d", s.BodyOffset, len(text))
		}
		lines := NewLines(text)
		if s.CloseLine < 2 || s.CloseLine > lines.Count() || !isFence([]byte(lines.Line(s.CloseLine))) {
			t.Fatalf("CloseLine %d is not a fence line (%q)", s.CloseLine, lines.Line(s.CloseLine))
		}
		for n := 2; n < s.CloseLine; n++ {
			if isFence([]byte(lines.Line(n))) {
				t.Fatalf("line %d is a fence before CloseLine %d", n, s.CloseLine)
			}
		}
		yamlStart := lines.LineStart(2)
		if want := text[min(yamlStart, len(text)):lines.LineStart(s.CloseLine)]; !bytes.Equal(s.YAML, want) {
			t.Fatalf("YAML = %q, want the lines between the fences %q", s.YAML, want)
		}
		if lines.Offset(s.BodyOffset).Line != min(s.CloseLine+1, lines.Count()) && s.BodyOffset != len(text) {
			t.Fatalf("body starts at line %d, want %d", lines.Offset(s.BodyOffset).Line, s.CloseLine+1)
		}
	})
}

// fuzzDeadline bounds the time one fuzz input may take.
const fuzzDeadline = 5 * time.Second

// checkDeadline runs f and fails when it takes longer than fuzzDeadline
// twice in a row: a busy machine can stall one run, not two.
func checkDeadline(t *testing.T, what string, f func()) {
	t.Helper()
	for try := 0; ; try++ {
		start := time.Now()
		f()
		d := time.Since(start)
		if d <= fuzzDeadline {
			return
		}
		if try == 1 {
			t.Fatalf("%s took %v (twice more than %v)", what, d, fuzzDeadline)
		}
	}
}

func TestColonInPlainValue(t *testing.T) {
	for _, c := range []struct {
		text, key, value string
		colon            int
		ok               bool
	}{
		{"description: Lists keys: every entry", "description", "Lists keys: every entry", 23, true},
		{"name: a: b", "name", "a: b", 7, true},
		{"  - note: ends with a colon:", "note", "ends with a colon:", 27, true},
		{`description: "quoted: fine"`, "", "", 0, false},
		{"description: no colon here", "", "", 0, false},
		{"inputs: {a: b}", "", "", 0, false},
		{"description:", "", "", 0, false},
	} {
		key, value, colon, ok := colonInPlainValue(c.text)
		if key != c.key || value != c.value || colon != c.colon || ok != c.ok {
			t.Errorf("colonInPlainValue(%q) = %q, %q, %d, %v, want %q, %q, %d, %v", c.text, key, value, colon, ok, c.key, c.value, c.colon, c.ok)
		}
	}
}

func TestRecoverYAML(t *testing.T) {
	text := []byte("---\nname: t\ndescription: a: b\ninputs:\n  type: object\n---\n")
	s := splitFrontmatter(text)
	fm, problems := parseFrontmatter(s, NewLines(text))
	if len(problems) != 1 || problems[0].Pos != (Pos{Line: 3, Column: 15}) {
		t.Fatalf("problems = %+v, want one at 3:15", problems)
	}
	if fm.Invalid || fm.Broken != "description" || fm.Truncated {
		t.Fatalf("Invalid %v, Broken %q, Truncated %v; want false, description, false", fm.Invalid, fm.Broken, fm.Truncated)
	}
	if fm.Name.Value != "t" || fm.Inputs == nil || fm.Key("description") != nil {
		t.Errorf("name %q, inputs %v, description key %v: want t, read, absent", fm.Name.Value, fm.Inputs, fm.Key("description"))
	}
	if fm.Inputs != nil && fm.Inputs.Key.Span.Start.Line != 4 {
		t.Errorf("inputs is at line %d, want 4 (lines keep their numbers)", fm.Inputs.Key.Span.Start.Line)
	}
}
