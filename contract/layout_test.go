package contract

import (
	"fmt"
	"strings"
	"testing"
)

func TestCollection(t *testing.T) {
	tests := []struct {
		name, yaml string
		path       []string
		flow       bool
		span       string
		entries    []string // each entry's text; "key=text" for a mapping's
		none       bool
	}{
		{name: "flow mapping", yaml: "outputs: {type: object, properties: {ok: {type: boolean}}}",
			flow: true, span: "{type: object, properties: {ok: {type: boolean}}}",
			entries: []string{"type=type: object", "properties=properties: {ok: {type: boolean}}"}},
		{name: "nested flow mapping", yaml: "outputs: {type: object, properties: {ok: {type: boolean}, b: x}}", path: []string{"properties"},
			flow: true, span: "{ok: {type: boolean}, b: x}", entries: []string{"ok=ok: {type: boolean}", "b=b: x"}},
		{name: "empty flow mapping", yaml: "outputs: {properties: {}}", path: []string{"properties"}, flow: true, span: "{}"},
		{name: "block mapping with a comment", yaml: "outputs:\n  type: object # c\n  properties:\n    ok: {type: boolean}\n    # last\n",
			span:    "type: object # c\n  properties:\n    ok: {type: boolean}",
			entries: []string{"type=type: object", "properties=properties:\n    ok: {type: boolean}"}},
		{name: "bare key ends its entry", yaml: "outputs:\n  properties:\n    ok:\n", path: []string{"properties"},
			span: "ok", entries: []string{"ok=ok"}},
		{name: "flow list", yaml: "outputs: {required: [a, \"b\"]}", path: []string{"required"}, flow: true, span: `[a, "b"]`, entries: []string{"a", `"b"`}},
		{name: "block list", yaml: "outputs:\n  required:\n    - a\n    - b # c\n", path: []string{"required"}, span: "- a\n    - b", entries: []string{"a", "b"}},
		{name: "missing key", yaml: "outputs: {type: object}", path: []string{"properties"}, none: true},
		{name: "not a collection", yaml: "outputs: {required: ok}", path: []string{"required"}, none: true},
		{name: "anchor", yaml: "outputs: {properties: &p {ok: {}}}", path: []string{"properties"}, none: true},
		{name: "alias on the way", yaml: "x: &p {properties: {}}\noutputs: *p", path: []string{"properties"}, none: true},
		{name: "tag", yaml: "outputs: {properties: !!map {ok: {}}}", path: []string{"properties"}, none: true},
		{name: "merge key", yaml: "x: &b {ok: {}}\noutputs: {<<: *b, type: object}", none: true},
		{name: "key given twice", yaml: "outputs: {properties: {}, properties: {a: {}}}", path: []string{"properties"}, none: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := parseSpec("TOOL.md", []byte("---\n"+tt.yaml+"\n---\n"))
			f := s.Frontmatter.Outputs
			if f == nil {
				t.Fatalf("no outputs: %v", s.Problems)
			}
			c := f.Collection(tt.path...)
			if tt.none {
				if c != nil {
					t.Fatalf("Collection(%q) = %+v, want nil", tt.path, c)
				}
				return
			}
			if c == nil {
				t.Fatalf("Collection(%q) = nil", tt.path)
			}
			if c.List != (tt.entries != nil && !strings.Contains(tt.entries[0], "=")) && tt.span != "{}" {
				t.Errorf("List is %v", c.List)
			}
			if c.Flow != tt.flow || s.Lines.Text(c.Span) != tt.span {
				t.Errorf("flow %v, span %q; want %v, %q", c.Flow, s.Lines.Text(c.Span), tt.flow, tt.span)
			}
			var got []string
			for _, e := range c.Entries {
				checkSpan(t, s.Lines, e.Span)
				text := s.Lines.Text(e.Span)
				if e.Key != "" {
					if !strings.HasPrefix(text, s.Lines.Text(e.KeySpan)) {
						t.Errorf("entry %q does not start with its key %q", text, s.Lines.Text(e.KeySpan))
					}
					text = e.Key + "=" + text
				}
				got = append(got, text)
			}
			if strings.Join(got, "|") != strings.Join(tt.entries, "|") {
				t.Errorf("entries %q, want %q", got, tt.entries)
			}
		})
	}
}

// TestCollectionEntries: an entry's value, its text when it is a string,
// whether its text is its own; a path through list items; the
// frontmatter's own mapping.
func TestCollectionEntries(t *testing.T) {
	tests := []struct {
		name, yaml string
		path       []string
		entries    []string // "key=value text|Text|own" per entry
	}{
		{name: "values", yaml: "outputs:\n  type: strng\n  x: 'a'\n  y: {a: 1}\n  z:\n", entries: []string{
			"type=strng|strng|true", "x='a'|a|true", "y={a: 1}||true", "z=||true"}},
		{name: "through a list", yaml: "outputs: {anyOf: [{type: strng}, {type: [a, \"null\"]}]}", path: []string{"anyOf", "1", "type"},
			entries: []string{"=a|a|true", `="null"|null|true`}},
		{name: "an index out of range", yaml: "outputs: {anyOf: [{type: strng}]}", path: []string{"anyOf", "1"}},
		{name: "an index that is a key", yaml: "outputs: {anyOf: {'0': {type: x}}}", path: []string{"anyOf", "0"}, entries: []string{"type=x|x|true"}},
		{name: "a lone tag", yaml: "outputs:\n  a:\n    !\n", entries: []string{"a=!||true"}},
		{name: "not own", yaml: "outputs:\n  a: &x 1\n  b: *x\n  c: !!str 2\n  d: {e: &y 3}\n  f: 4\n", entries: []string{
			"a=&x 1||false", "b=*x||false", "c=!!str 2|2|false", "d={e: &y 3}||false", "f=4||true"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := parseSpec("TOOL.md", []byte("---\n"+tt.yaml+"\n---\n"))
			c := s.Frontmatter.Outputs.Collection(tt.path...)
			if tt.entries == nil {
				if c != nil {
					t.Fatalf("Collection(%q) = %+v, want nil", tt.path, c)
				}
				return
			}
			if c == nil {
				t.Fatalf("Collection(%q) = nil", tt.path)
			}
			var got []string
			for _, e := range c.Entries {
				got = append(got, fmt.Sprintf("%s=%s|%s|%v", e.Key, s.Lines.Text(e.ValueSpan), e.Text, e.Own))
			}
			if strings.Join(got, "\n") != strings.Join(tt.entries, "\n") {
				t.Errorf("entries\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(tt.entries, "\n"))
			}
		})
	}
	for _, tt := range []struct {
		yaml string
		keys string // "" for no collection
	}{
		{"name: x\ninputs: {}\n", "name inputs"},
		{"{name: x, description: y}\n", "name description"},
		{"name: x\ndescription: a: b\nrequires: []\n", ""}, // Broken
		{"- a\n", ""},
		{"", ""},
	} {
		s := parseSpec("TOOL.md", []byte("---\n"+tt.yaml+"---\n"))
		c := s.Frontmatter.Collection()
		var keys []string
		if c != nil {
			for _, e := range c.Entries {
				keys = append(keys, e.Key)
			}
		}
		if strings.Join(keys, " ") != tt.keys || (c == nil) != (tt.keys == "") {
			t.Errorf("frontmatter %q: Collection keys %q, want %q", tt.yaml, keys, tt.keys)
		}
	}
}

// TestEntryAt: a JSON pointer below the field's value leads to the entry
// of a mapping by key (escapes undone) or of a list by index; a pointer to
// the value itself, out of range or through no collection leads nowhere.
func TestEntryAt(t *testing.T) {
	s := parseSpec("TOOL.md", []byte("---\noutputs: {type: objct, properties: {a/b: {type: strng}, \"c~d\": {}}, required: [a, b], x: 1}\n---\n"))
	f := s.Frontmatter.Outputs
	for pointer, want := range map[string]string{
		"/type":                 "objct",
		"/properties/a~1b/type": "strng",
		"/properties/c~0d":      "{}",
		"/required/1":           "b",
		"/required/2":           "",
		"/required/-1":          "",
		"/required/x":           "",
		"/missing/type":         "",
		"/x/y":                  "",
		"":                      "",
		"type":                  "",
		"/properties/a~1b/nope": "",
	} {
		got := ""
		if e := f.EntryAt(pointer); e != nil {
			got = s.Lines.Text(e.ValueSpan)
		}
		if got != want {
			t.Errorf("EntryAt(%q) = %q, want %q", pointer, got, want)
		}
	}
}
