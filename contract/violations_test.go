package contract

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6/kind"

	"github.com/speccify/speccify-lint/internal/jsonexact"
)

// TestCompiledModel: the compiled schema resolves $refs to files of the
// folder, by $anchor and by $id, with exact numbers; Keyword reads what it
// does not keep (a format that is an annotation) from the file it is in.
func TestCompiledModel(t *testing.T) {
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "schemas"), 0o755); err != nil {
		t.Fatal(err)
	}
	for name, text := range map[string]string{
		"schemas/when.json": `{"type": "string", "format": "date"}`,
		"schemas/big.json":  `{"$defs": {"n": {"$anchor": "big", "type": "integer", "maximum": 9223372036854775807}}}`,
	} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	v, err := jsonexact.Parse([]byte(`{
		"type": "object",
		"properties": {
			"when": {"$ref": "schemas/when.json"},
			"n": {"$ref": "schemas/big.json#big"},
			"m": {"$ref": "urn:example:m"}
		},
		"$defs": {"m": {"$id": "urn:example:m", "minimum": 0.1}}
	}`))
	if err != nil {
		t.Fatal(err)
	}
	sch, issues := compileIn(t, v, dir)
	if len(issues) > 0 {
		t.Fatal(issues)
	}
	root := sch.Compiled()
	when := root.Properties["when"].Ref
	if when == nil || when.Types.String() != "[string]" {
		t.Fatalf("when's $ref not resolved: %+v", when)
	}
	if f, ok := sch.Keyword(when, "format"); !ok || f != "date" {
		t.Errorf("Keyword(format) = %v, %v; want date", f, ok)
	}
	if _, ok := sch.Keyword(when, "pattern"); ok {
		t.Error("Keyword(pattern) found a keyword that is not there")
	}
	n := root.Properties["n"].Ref
	if n == nil || n.Maximum == nil || n.Maximum.RatString() != "9223372036854775807" {
		t.Fatalf("n's maximum not exact: %+v", n)
	}
	m := root.Properties["m"].Ref
	if m == nil || m.Minimum == nil || m.Minimum.RatString() != "1/10" {
		t.Fatalf("m's $id not resolved: %+v", m)
	}
}

// TestViolations: the leaf failures of a value, typed, at the value's
// pointer and the keyword's; a property name's failure names the name.
func TestViolations(t *testing.T) {
	v, err := jsonexact.Parse([]byte(`{
		"type": "object", "required": ["a"],
		"properties": {"n": {"type": "integer", "maximum": 3}, "o": {"$ref": "#/$defs/o"}},
		"$defs": {"o": {"propertyNames": {"maxLength": 2}}}
	}`))
	if err != nil {
		t.Fatal(err)
	}
	sch, issues := compileIn(t, v, t.TempDir())
	if len(issues) > 0 {
		t.Fatal(issues)
	}
	value, _ := jsonexact.Parse([]byte(`{"n": 4, "o": {"long": 1}}`))
	got := sch.Violations(sch.Validate(value), value)
	type leaf struct {
		Pointer, Keyword, Property string
		Kind                       string
	}
	var leaves []leaf
	for _, v := range got {
		leaves = append(leaves, leaf{v.Pointer, v.Keyword, v.Property, reflect.TypeOf(v.Kind).String()})
	}
	want := []leaf{
		{"", "/required", "", "*kind.Required"},
		{"/n", "/properties/n/maximum", "", "*kind.Maximum"},
		{"/o/long", "/$defs/o/propertyNames/maxLength", "long", "*kind.MaxLength"},
	}
	if !reflect.DeepEqual(leaves, want) {
		t.Errorf("Violations =\n%+v\nwant\n%+v", leaves, want)
	}
	if k, ok := got[0].Kind.(*kind.Required); !ok || !reflect.DeepEqual(k.Missing, []string{"a"}) {
		t.Errorf("first kind %#v", got[0].Kind)
	}
	if sch.Violations(nil, value) != nil {
		t.Error("Violations(nil) is not nil")
	}
}

// TestAdditionalPropertiesSorted: the properties additionalProperties: false
// refuses are named in sorted order, whatever order the validator met them
// in walking the object (a map), so the message is the same on every run.
func TestAdditionalPropertiesSorted(t *testing.T) {
	v, err := jsonexact.Parse([]byte(`{"type": "object", "properties": {}, "additionalProperties": false}`))
	if err != nil {
		t.Fatal(err)
	}
	sch, issues := compileIn(t, v, t.TempDir())
	if len(issues) > 0 {
		t.Fatal(issues)
	}
	value, _ := jsonexact.Parse([]byte(`{"z": 1, "b": 2, "x": 3, "a": 4, "m": 5, "c": 6, "y": 7, "d": 8}`))
	const want = `additional properties 'a', 'b', 'c', 'd', 'm', 'x', 'y', 'z' not allowed`
	for range 20 {
		got := sch.Violations(sch.Validate(value), value)
		if len(got) != 1 || got[0].Msg != want {
			t.Fatalf("Violations = %+v, want one with the message %q", got, want)
		}
	}
}

// TestComparePointers: token by token, indexes as numbers.
func TestComparePointers(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want int
	}{
		{"", "", 0}, {"", "/a", -1}, {"/a", "/b", -1}, {"/2", "/10", -1}, {"/10", "/2", 1},
		{"/a/2", "/a/10", -1}, {"/a", "/a/0", -1}, {"/b", "/a/0", 1}, {"/02", "/2", -1},
	} {
		if got := comparePointers(c.a, c.b); (got > 0) != (c.want > 0) || (got < 0) != (c.want < 0) {
			t.Errorf("comparePointers(%q, %q) = %d, want the sign of %d", c.a, c.b, got, c.want)
		}
	}
}
