package contract

import (
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
