package contract

import (
	"testing"
)

// TestYAMLEdits: each YAML edit writes in the text's own style (flow or
// block, indentation, alignment, separators, quotes) or declines when the
// text does not say how; the edited text is the whole outputs value.
func TestYAMLEdits(t *testing.T) {
	addMap := func(key, value string) func(*Lines, *SchemaField, *Collection) (Edit, bool) {
		return func(l *Lines, _ *SchemaField, c *Collection) (Edit, bool) { return AddMapEntry(l, c, key, value) }
	}
	insertMap := func(key, value string) func(*Lines, *SchemaField, *Collection) (Edit, bool) {
		return func(l *Lines, _ *SchemaField, c *Collection) (Edit, bool) { return InsertMapEntry(l, c, key, value) }
	}
	addItem := func(value string) func(*Lines, *SchemaField, *Collection) (Edit, bool) {
		return func(l *Lines, _ *SchemaField, c *Collection) (Edit, bool) { return AddListItem(l, c, value) }
	}
	rename := func(key, name string) func(*Lines, *SchemaField, *Collection) (Edit, bool) {
		return func(l *Lines, _ *SchemaField, c *Collection) (Edit, bool) {
			e := c.Lookup(key)
			if e == nil {
				return Edit{}, false
			}
			return RenameKey(l, e, name)
		}
	}
	replace := func(key, value string) func(*Lines, *SchemaField, *Collection) (Edit, bool) {
		return func(l *Lines, _ *SchemaField, c *Collection) (Edit, bool) {
			e := c.Lookup(key)
			if e == nil {
				return Edit{}, false
			}
			return ReplaceValue(l, e, value)
		}
	}
	replaceItem := func(old, name string) func(*Lines, *SchemaField, *Collection) (Edit, bool) {
		return func(l *Lines, _ *SchemaField, c *Collection) (Edit, bool) {
			for _, e := range c.Entries {
				if e.Text == old {
					return ReplaceName(l, e.ValueSpan, old, name)
				}
			}
			return Edit{}, false
		}
	}
	addProp := func(name, schema string) func(*Lines, *SchemaField, *Collection) (Edit, bool) {
		return func(l *Lines, f *SchemaField, _ *Collection) (Edit, bool) { return AddProperty(l, f, name, schema) }
	}
	replaceProp := func(name, schema string) func(*Lines, *SchemaField, *Collection) (Edit, bool) {
		return func(l *Lines, f *SchemaField, _ *Collection) (Edit, bool) { return ReplaceProperty(l, f, name, schema) }
	}
	tests := []struct {
		name, yaml string
		path       []string
		edit       func(*Lines, *SchemaField, *Collection) (Edit, bool)
		want       string // the text after the edit; "" when it declines
	}{
		{name: "add to a flow mapping", yaml: "outputs: {type: object}",
			edit: addMap("required", "[ok]"), want: "outputs: {type: object, required: [ok]}"},
		{name: "add to a flow mapping with its separator", yaml: "outputs: {type: object ,  required: []}",
			edit: addMap("a", "b"), want: "outputs: {type: object ,  required: [] ,  a: b}"},
		{name: "add to an empty flow mapping", yaml: "outputs: {properties: {}}", path: []string{"properties"},
			edit: addMap("ok", "{type: boolean}"), want: "outputs: {properties: {ok: {type: boolean}}}"},
		{name: "add to a flow mapping whose last key has no value", yaml: "outputs: {a: }", edit: addMap("b", "c")},
		{name: "add to a block mapping, after its comment", yaml: "outputs:\n  type: object # c\n  x: y\n",
			edit: addMap("required", "[ok]"), want: "outputs:\n  type: object # c\n  x: y\n  required: [ok]\n"},
		{name: "add to an aligned block mapping", yaml: "outputs:\n  properties:\n    ok:    {type: boolean}\n    error: {type: string}\n", path: []string{"properties"},
			edit: addMap("x", "{}"), want: "outputs:\n  properties:\n    ok:    {type: boolean}\n    error: {type: string}\n    x:     {}\n"},
		{name: "add to a list's mapping", yaml: "outputs: [a]", edit: addMap("a", "b")},
		{name: "insert into a block mapping", yaml: "outputs:\n  type: object\n",
			edit: insertMap("name", "x"), want: "outputs:\n  name: x\n  type: object\n"},
		{name: "insert into a flow mapping", yaml: "outputs: {type: object}",
			edit: insertMap("name", "x"), want: "outputs: {name: x, type: object}"},
		{name: "insert into an empty flow mapping", yaml: "outputs: {properties: {}}", path: []string{"properties"},
			edit: insertMap("ok", "{}"), want: "outputs: {properties: {ok: {}}}"},
		{name: "add an item to a flow list", yaml: "outputs: {required: [error]}", path: []string{"required"},
			edit: addItem("ok"), want: "outputs: {required: [ok, error]}"},
		{name: "add an item to an empty flow list", yaml: "outputs: {required: []}", path: []string{"required"},
			edit: addItem("ok"), want: "outputs: {required: [ok]}"},
		{name: "add an item to a block list", yaml: "outputs:\n  required:\n    - error\n", path: []string{"required"},
			edit: addItem("ok"), want: "outputs:\n  required:\n    - ok\n    - error\n"},
		{name: "add an item to a mapping", yaml: "outputs: {type: object}", edit: addItem("ok")},
		{name: "rename a plain key", yaml: "outputs: {eror: x}", edit: rename("eror", "error"), want: "outputs: {error: x}"},
		{name: "rename a quoted key", yaml: "outputs: {'eror': x}", edit: rename("eror", "error"), want: "outputs: {'error': x}"},
		{name: "rename a double-quoted key", yaml: `outputs: {"eror": x}`, edit: rename("eror", "error"), want: `outputs: {"error": x}`},
		{name: "rename to a name YAML reads as no string", yaml: "outputs: {eror: x}", edit: rename("eror", "true"), want: `outputs: {"true": x}`},
		{name: "rename an escaped key", yaml: `outputs: {"er\u006fr": x}`, edit: rename("error", "e")},
		{name: "replace a value", yaml: "outputs: {ok: {type: string}}", edit: replace("ok", "{type: boolean}"), want: "outputs: {ok: {type: boolean}}"},
		{name: "replace a value on the key's line", yaml: "outputs:\n  ok:\n    const: true\n", edit: replace("ok", "{type: boolean}"), want: "outputs:\n  ok: {type: boolean}\n"},
		{name: "replace an alias", yaml: "x: &a {}\noutputs: {ok: *a}", edit: replace("ok", "{}")},
		{name: "replace a name in a list", yaml: "outputs: {required: [eror, ok]}", path: []string{"required"},
			edit: replaceItem("eror", "error"), want: "outputs: {required: [error, ok]}"},
		{name: "add a property", yaml: "outputs:\n  properties:\n    ok: {type: boolean}\n",
			edit: addProp("error", "{type: string}"), want: "outputs:\n  properties:\n    ok: {type: boolean}\n    error: {type: string}\n"},
		{name: "add properties with the property", yaml: "outputs: {type: object}",
			edit: addProp("ok", "{type: boolean}"), want: "outputs: {type: object, properties: {ok: {type: boolean}}}"},
		{name: "add a property through an alias", yaml: "x: &p {}\noutputs: {properties: *p}", edit: addProp("ok", "{}")},
		{name: "replace a property's schema", yaml: "outputs: {properties: {ok: {const: true}}}",
			edit: replaceProp("ok", "{type: boolean}"), want: "outputs: {properties: {ok: {type: boolean}}}"},
		{name: "replace a missing property", yaml: "outputs: {properties: {}}", edit: replaceProp("ok", "{}")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			text := "---\n" + tt.yaml + "\n---\n"
			s := parseSpec("TOOL.md", []byte(text))
			f := s.Frontmatter.Outputs
			if f == nil {
				t.Fatalf("no outputs: %v", s.Problems)
			}
			c := f.Collection(tt.path...)
			if c == nil {
				t.Fatalf("Collection(%q) = nil", tt.path)
			}
			e, ok := tt.edit(s.Lines, f, c)
			if !ok {
				if tt.want != "" {
					t.Fatalf("declined, want %q", tt.want)
				}
				return
			}
			if tt.want == "" {
				t.Fatalf("made %+v, want it to decline", e)
			}
			got := text[:e.Start.Offset] + e.New + text[e.End.Offset:]
			if want := "---\n" + tt.want + "\n---\n"; got != want {
				t.Errorf("edited text %q, want %q", got, want)
			}
			if e.Start != s.Lines.Point(e.Start.Offset) || e.End != s.Lines.Point(e.End.Offset) {
				t.Errorf("edit points %v %v are not the text's", e.Start, e.End)
			}
		})
	}
}

// TestCollectionLookup: Lookup finds a mapping's entry by key and is nil
// for a missing key, a list and a nil collection; Has agrees.
func TestCollectionLookup(t *testing.T) {
	s := parseSpec("TOOL.md", []byte("---\noutputs: {type: object, required: [type]}\n---\n"))
	root := s.Frontmatter.Outputs.Collection()
	if e := root.Lookup("type"); e == nil || e.Text != "object" || !root.Has("type") {
		t.Errorf("Lookup(type) = %+v, Has %v", e, root.Has("type"))
	}
	if root.Lookup("properties") != nil || root.Has("properties") {
		t.Error("found a missing key")
	}
	if list := s.Frontmatter.Outputs.Collection("required"); list.Lookup("type") != nil {
		t.Error("Lookup found an item of a list")
	}
	if (*Collection)(nil).Lookup("type") != nil {
		t.Error("Lookup of nil found an entry")
	}
}

// TestRenameProperty: a property's key and its name in required are
// renamed together, in the order of the text; a rename that cannot be
// made everywhere, or whose new name is taken, is none.
func TestRenameProperty(t *testing.T) {
	tests := []struct{ yaml, want string }{
		{yaml: "outputs: {required: [okk], properties: {okk: {}}}", want: "outputs: {required: [ok], properties: {ok: {}}}"},
		{yaml: "outputs:\n  properties:\n    'okk': {}\n", want: "outputs:\n  properties:\n    'ok': {}\n"},
		{yaml: "outputs: {properties: {okk: {}, ok: {}}}"},
		{yaml: "outputs: {required: [okk, ok], properties: {okk: {}}}"},
		{yaml: "x: &r [okk]\noutputs: {required: *r, properties: {okk: {}}}"},
	}
	for _, tt := range tests {
		text := "---\n" + tt.yaml + "\n---\n"
		s := parseSpec("TOOL.md", []byte(text))
		edits, ok := RenameProperty(s.Lines, s.Frontmatter.Outputs, "okk", "ok")
		if !ok {
			if tt.want != "" {
				t.Errorf("%q: declined, want %q", tt.yaml, tt.want)
			}
			continue
		}
		got := text
		for i := len(edits) - 1; i >= 0; i-- {
			if i > 0 && edits[i-1].End.Offset > edits[i].Start.Offset {
				t.Fatalf("%q: edits not sorted: %+v", tt.yaml, edits)
			}
			got = got[:edits[i].Start.Offset] + edits[i].New + got[edits[i].End.Offset:]
		}
		if want := "---\n" + tt.want + "\n---\n"; got != want {
			t.Errorf("%q: edited text %q, want %q", tt.yaml, got, want)
		}
	}
}
