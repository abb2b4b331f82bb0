package contract

import (
	"reflect"
	"testing"
)

func TestTypeKeyword(t *testing.T) {
	for _, c := range []struct {
		ptr, want string
		ok        bool
	}{
		{"/type", "/type", true},
		{"/properties/n/type", "/properties/n/type", true},
		{"/properties/n/type/0", "/properties/n/type", true},
		{"/properties/type", "", false}, // a property named type
		{"/$defs/type", "", false},
		{"/properties/type/type", "/properties/type/type", true},
		{"/properties/properties/type", "/properties/properties/type", true}, // the property named properties
		{"/dependentRequired/type/0", "", false},                             // the dependents of a property named type
		{"/dependencies/type", "", false},
		{"/properties/n", "", false},
		{"", "", false},
	} {
		got, ok := typeKeyword(c.ptr)
		if got != c.want || ok != c.ok {
			t.Errorf("typeKeyword(%q) = %q, %v, want %q, %v", c.ptr, got, ok, c.want, c.ok)
		}
	}
}

func TestTypeNameIssues(t *testing.T) {
	instance := map[string]any{"properties": map[string]any{
		"n":    map[string]any{"type": "intger"},
		"m":    map[string]any{"type": []any{"strng", "null"}},
		"type": "x", // a property named type, with a schema that is no schema
	}}
	issues := []SchemaIssue{
		{"/properties/m/type", "value must be one of ...", ""},
		{"/properties/m/type/0", "value must be one of ...", ""},
		{"/properties/n/type", "value must be one of ...; or got string, want array", ""},
		{"/properties/type", "got string, want object", ""},
	}
	want := []SchemaIssue{
		{"/properties/m/type/0", `unknown type "strng"; did you mean string?`, "string"},
		{"/properties/n/type", `unknown type "intger"; did you mean integer?`, "integer"},
		{"/properties/type", "got string, want object", ""},
	}
	if got := typeNameIssues(issues, instance); !reflect.DeepEqual(got, want) {
		t.Errorf("typeNameIssues =\n%q\nwant\n%q", got, want)
	}
}

func TestUnknownTypes(t *testing.T) {
	types := "string, number, integer, boolean, object, array, null"
	for _, c := range []struct {
		v    any
		want []SchemaIssue
	}{
		{"string", nil},
		{[]any{"string", "null"}, nil},
		{"intger", []SchemaIssue{{"/type", `unknown type "intger"; did you mean integer?`, "integer"}}},
		{5, []SchemaIssue{{"/type", "type must be a type name or a list of them: " + types, ""}}},
		{[]any{}, []SchemaIssue{{"/type", "type is an empty list; name at least one of " + types, ""}}},
		{[]any{"string", "string"}, []SchemaIssue{{"/type/1", `type lists "string" twice; name each type once`, ""}}},
		{[]any{"strng", "string"}, []SchemaIssue{{"/type/0", `unknown type "strng"; did you mean string?`, ""}}},
		{"int", []SchemaIssue{{"/type", `unknown type "int"; did you mean integer?`, "integer"}}},
		{[]any{true}, []SchemaIssue{{"/type/0", "a type in the list is not a name; the JSON Schema types are " + types, ""}}},
	} {
		if got := unknownTypes("/type", c.v); !reflect.DeepEqual(got, c.want) {
			t.Errorf("unknownTypes(%v) = %q, want %q", c.v, got, c.want)
		}
	}
}
