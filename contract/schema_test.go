package contract

import (
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/speccify/speccify-lint/internal/jsonexact"
)

func TestRemoteRefs(t *testing.T) {
	const fetch = "is not fetched: speccify-lint reads neither the network nor files outside the tool folder; put the schema under $defs and refer to it as #/$defs/..."
	const outside = "is outside the tool folder and is not read; copy the schema into the tool folder or under $defs"
	tests := []struct {
		schema string
		want   []SchemaIssue
	}{
		{`{"properties": {"a": {"$ref": "#/$defs/a"}}, "$defs": {"a": {"enum": ["x"]}}}`, nil},
		{`{"$ref": "defs.json#/a", "allOf": [{"$ref": "./sub/b.json"}]}`, nil},
		{`{"$schema": "https://json-schema.org/draft/2020-12/schema", "$ref": "https://json-schema.org/draft/2020-12/schema"}`, nil},
		{`{"$ref": 5, "description": "../x.json", "enum": ["http://example.com"]}`, nil},
		{`{
			"z": {"$ref": "http://example.com/z.json"},
			"a/b~c": [1, {"$dynamicRef": "../up.json"}, [{"$ref": "file:///etc/x.json"}]],
			"$ref": "/abs.json",
			"m": {"$recursiveRef": "https://example.com/r"},
			"$defs": {"k": {"$ref": {"$ref": "#"}}, "l": {"$ref": "#/x"}}
		}`, []SchemaIssue{
			{Pointer: "/$ref", Msg: `$ref "/abs.json" ` + outside},
			{Pointer: "/a~1b~0c/1/$dynamicRef", Msg: `$dynamicRef "../up.json" ` + outside},
			{Pointer: "/a~1b~0c/2/0/$ref", Msg: `$ref "file:///etc/x.json" ` + fetch},
			{Pointer: "/m/$recursiveRef", Msg: `$recursiveRef "https://example.com/r" ` + fetch},
			{Pointer: "/z/$ref", Msg: `$ref "http://example.com/z.json" ` + fetch},
		}},
	}
	for _, tt := range tests {
		v, err := jsonexact.Parse([]byte(tt.schema))
		if err != nil {
			t.Fatalf("%s: %v", tt.schema, err)
		}
		if got := remoteRefs(v); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("remoteRefs(%s) =\n%v\nwant\n%v", tt.schema, got, tt.want)
		}
	}
}

// A failing property name is placed at that property, also where the
// library's own location for it is overwritten by later validation; when
// several objects at that depth have the name, at the enclosing failure's
// value.
func TestValidationIssuesPropertyNames(t *testing.T) {
	schema := `{"type": "object", "properties": {
		"a": {"type": "object", "propertyNames": {"maxLength": 2}, "properties": {"z": {"type": "string"}}},
		"b": {"type": "object", "propertyNames": {"maxLength": 2}},
		"c": {"type": "integer"}}}`
	tests := []struct {
		value string
		want  []string
	}{
		{`{"a": {"long": 1, "z": "s"}, "c": 1}`, []string{"/a/long"}},
		{`{"a": {"long": 1, "z": 2}, "c": "x"}`, []string{"/a/long", "/a/z", "/c"}},
		// Both a and b have "long": the name alone does not tell which, and
		// the library files both failures directly under the whole value's.
		{`{"a": {"long": 1}, "b": {"long": 1}}`, []string{""}},
	}
	sv, err := jsonexact.Parse([]byte(schema))
	if err != nil {
		t.Fatal(err)
	}
	sch, issues := compileIn(t, sv, t.TempDir())
	if len(issues) > 0 {
		t.Fatal(issues)
	}
	for _, tt := range tests {
		v, err := jsonexact.Parse([]byte(tt.value))
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, is := range ValidationIssues(sch.Validate(v), v) {
			got = append(got, is.Pointer)
		}
		if !reflect.DeepEqual(got, tt.want) {
			t.Errorf("%s: pointers %q, want %q", tt.value, got, tt.want)
		}
	}
	// The meta-schema's propertyNames of patternProperties: the library
	// reports the name at /type, the key it validated next.
	doc, err := jsonexact.Parse([]byte(`{"type": "object", "patternProperties": {"(a": {}}, "properties": {"q": {}}}`))
	if err != nil {
		t.Fatal(err)
	}
	_, issues = compileIn(t, doc, t.TempDir())
	if len(issues) != 1 || issues[0].Pointer != "/patternProperties/(a" {
		t.Errorf("issues %+v, want one at /patternProperties/(a", issues)
	}
}

// compileIn compiles the schema value v as the inputs of the tool folder
// dir, read through an os.Root of it.
func compileIn(t testing.TB, v any, dir string) (*Schema, []SchemaIssue) {
	t.Helper()
	root, err := os.OpenRoot(dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { root.Close() })
	return CompileSchema(&JSONDoc{Value: v}, "inputs", root, dir)
}

// FuzzCompileSchema: whatever the schema, compiling it and validating
// values against it neither panics nor names a schema by an internal
// address, the library's or the tool folder's absolute file:// one.
func FuzzCompileSchema(f *testing.F) {
	for _, s := range []string{
		`{"type": "object", "properties": {"x": {"$ref": "#/$defs/a"}}, "$defs": {"a": {"$ref": "#/$defs/b"}, "b": {"$ref": "#/$defs/a"}}}`,
		`{"$ref": "#/$defs/nope"}`,
		`{"allOf": [{"$ref": "#anchor"}]}`,
		`{"$ref": "missing.json#/x"}`,
		`{"$dynamicAnchor": "n", "allOf": [{"$dynamicRef": "#n"}]}`,
		`{"properties": {"a": {"pattern": "^(?!x)a+$"}}, "patternProperties": {"(": {}}}`,
		`{"$schema": "http://json-schema.org/draft-07/schema#", "definitions": {"a": {"$ref": "#/definitions/a"}}, "$ref": "#/definitions/a"}`,
	} {
		f.Add([]byte(s))
	}
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, data []byte) {
		v, err := jsonexact.Parse(data)
		if err != nil {
			return
		}
		sch, issues := compileIn(t, v, dir)
		for _, is := range issues {
			checkNoAddress(t, is.Msg, dir)
		}
		if sch == nil {
			return
		}
		for _, value := range []any{map[string]any{"x": "aaaa", "a": nil}, "text", []any{map[string]any{}}} {
			if err := sch.Validate(value); err != nil {
				for _, is := range ValidationIssues(err, value) {
					checkNoAddress(t, is.Msg, dir)
				}
			}
		}
	})
}

func checkNoAddress(t *testing.T, msg, dir string) {
	t.Helper()
	for _, addr := range []string{provenSchemaBase, "file://", dir} {
		if strings.Contains(msg, addr) {
			t.Fatalf("%q names the address %s", msg, addr)
		}
	}
}
