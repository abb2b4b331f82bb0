package contract

import (
	"reflect"
	"strings"
	"testing"

	"github.com/speccify/speccify-lint/internal/jsonexact"
)

func TestRefCycles(t *testing.T) {
	const tail = " that never moves into the value, so no validation through it can end; let one of its schemas apply to a property or an item instead"
	tests := []struct {
		schema string
		want   []SchemaIssue
	}{
		{`{"$defs": {"a": {"$ref": "#/$defs/b"}, "b": {"$ref": "#/$defs/a"}}, "properties": {"x": {"$ref": "#/$defs/a"}}}`,
			[]SchemaIssue{{Pointer: "/$defs/b/$ref", Msg: `$ref "#/$defs/a" closes a reference cycle (#/$defs/a -> #/$defs/b -> #/$defs/a)` + tail}}},
		{`{"$ref": "#"}`, []SchemaIssue{{Pointer: "/$ref", Msg: `$ref "#" closes a reference cycle (# -> #)` + tail}}},
		// In-place keywords between the $refs.
		{`{"$defs": {"a": {"anyOf": [{"type": "string"}, {"not": {"$ref": "#/$defs/a"}}]}}, "$ref": "#/$defs/a"}`,
			[]SchemaIssue{{Pointer: "/$defs/a/anyOf/1/not/$ref", Msg: `$ref "#/$defs/a" closes a reference cycle (#/$defs/a -> #/$defs/a/anyOf/1 -> #/$defs/a/anyOf/1/not -> #/$defs/a)` + tail}}},
		{`{"if": {"type": "object"}, "then": {"allOf": [{"$ref": "#"}]}}`,
			[]SchemaIssue{{Pointer: "/then/allOf/0/$ref", Msg: `$ref "#" closes a reference cycle (# -> #/then -> #/then/allOf/0 -> #)` + tail}}},
		{`{"dependentSchemas": {"a": {"oneOf": [{"$ref": "#"}, true]}}}`,
			[]SchemaIssue{{Pointer: "/dependentSchemas/a/oneOf/0/$ref", Msg: `$ref "#" closes a reference cycle (# -> #/dependentSchemas/a -> #/dependentSchemas/a/oneOf/0 -> #)` + tail}}},
		// A cycle entered by a $ref: at the last $ref of the cycle.
		{`{"$defs": {"a": {"allOf": [{"$ref": "#/$defs/b"}]}, "b": {"allOf": [{"$ref": "#/$defs/a"}]}}, "$ref": "#/$defs/b"}`,
			[]SchemaIssue{{Pointer: "/$defs/a/allOf/0/$ref", Msg: `$ref "#/$defs/b" closes a reference cycle (#/$defs/b -> #/$defs/b/allOf/0 -> #/$defs/a -> #/$defs/a/allOf/0 -> #/$defs/b)` + tail}}},
		// Two cycles: two issues.
		{`{"properties": {"p": {"$ref": "#/properties/p"}, "q": {"$ref": "#/properties/q"}}}`, []SchemaIssue{
			{Pointer: "/properties/p/$ref", Msg: `$ref "#/properties/p" closes a reference cycle (#/properties/p -> #/properties/p)` + tail},
			{Pointer: "/properties/q/$ref", Msg: `$ref "#/properties/q" closes a reference cycle (#/properties/q -> #/properties/q)` + tail},
		}},
		// Near misses: recursion into properties and items, a chain without
		// a way back, a cycle nothing refers to, the meta-schema, $dynamicRef.
		{`{"$defs": {"n": {"properties": {"kids": {"items": {"$ref": "#/$defs/n"}}}}}, "$ref": "#/$defs/n"}`, nil},
		{`{"$defs": {"a": {"$ref": "#/$defs/b"}, "b": {"type": "string"}}, "properties": {"x": {"$ref": "#/$defs/a"}, "y": {"$ref": "#/$defs/a"}}}`, nil},
		{`{"$defs": {"a": {"$ref": "#/$defs/a"}}}`, nil},
		{`{"$ref": "https://json-schema.org/draft/2020-12/schema"}`, nil},
		{`{"additionalProperties": {"$ref": "#"}, "propertyNames": {"$ref": "#"}}`, nil},
	}
	for _, tt := range tests {
		v, err := jsonexact.Parse([]byte(tt.schema))
		if err != nil {
			t.Fatalf("%s: %v", tt.schema, err)
		}
		sch, issues := compileIn(t, v, t.TempDir())
		if !reflect.DeepEqual(issues, tt.want) {
			t.Errorf("%s: issues\n%v\nwant\n%v", tt.schema, issues, tt.want)
		}
		if (sch == nil) != (tt.want != nil) {
			t.Errorf("%s: schema %v, want one only without issues", tt.schema, sch)
		}
	}
}

// The library's own cycle failure, met while validating (through a
// $dynamicRef, which the static check leaves out), names no internal
// address either.
func TestValidationIssuesRefCycle(t *testing.T) {
	v, err := jsonexact.Parse([]byte(`{"$dynamicAnchor": "n", "allOf": [{"$dynamicRef": "#n"}]}`))
	if err != nil {
		t.Fatal(err)
	}
	sch, issues := compileIn(t, v, t.TempDir())
	if len(issues) > 0 {
		t.Fatal(issues)
	}
	got := ValidationIssues(sch.Validate(map[string]any{}), nil)
	want := []SchemaIssue{{Msg: "a reference cycle: /allOf/0/$dynamicRef and the top of the schema lead to the same schema (#) without moving into the value"}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("issues\n%v\nwant\n%v", got, want)
	}
	for _, is := range got {
		if strings.Contains(is.Msg, "file:") || strings.Contains(is.Msg, "json-schema.org") {
			t.Errorf("%q names an internal address", is.Msg)
		}
	}
}
