package contract

import (
	"errors"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/speccify/speccify-lint/internal/jsonexact"
)

// libraryMetaValid is the library's own verdict, with the schemas' regular
// expression engine: does the document pass the draft 2020-12 meta-schema?
func libraryMetaValid(t testing.TB, v any) bool {
	c, _, _ := newCompiler(nil, "/nonexistent")
	if err := c.AddResource("file:///meta-check/schema.json", v); err != nil {
		return false
	}
	_, err := c.Compile("file:///meta-check/schema.json")
	var sve *jsonschema.SchemaValidationError
	return !errors.As(err, &sve)
}

func TestProvablyValid2020(t *testing.T) {
	tests := []struct {
		schema string
		want   bool
	}{
		{`{"type": "object", "required": ["ok"], "properties": {"ok": {"type": "boolean"}, "error": {"type": "string"}}}`, true},
		{`{"type": ["string", "null"], "minLength": 1, "maxLength": 10, "pattern": "^a"}`, true},
		{`{"type": "array", "items": {"$ref": "#/$defs/x"}, "minItems": 0, "$defs": {"x": {"enum": [1, "a", null]}}}`, true},
		{`{"anyOf": [{"const": 1}, true], "default": {}, "description": "x", "examples": [1]}`, true},
		{`{"x-custom": {"type": "strng"}}`, true}, // unknown keywords are not schemas
		{`{"multipleOf": 0.5, "minimum": -1e3}`, true},
		{`true`, true},
		// Violations, and what the check does not judge: both go to the library.
		{`{"type": "strng"}`, false},
		{`{"type": []}`, false},
		{`{"type": ["string", "string"]}`, false},
		{`{"required": ["a", "a"]}`, false},
		{`{"required": ["a", 1]}`, false},
		{`{"required": ["a", "b", "c", "d", "e", "f", "g", "h", "i"]}`, true},
		{`{"required": ["a", "b", "c", "d", "e", "f", "g", "h", "i", "a"]}`, false},
		{`{"type": ["string", "null", "string"]}`, false},
		{`{"type": ["string", 1]}`, false},
		{`{"required": "a"}`, false},
		{`{"minItems": -1}`, false},
		{`{"minItems": 1.0}`, false}, // valid, but not judged here
		{`{"multipleOf": 0}`, false},
		{`{"allOf": []}`, false},
		{`{"properties": {"a": 1}}`, false},
		{`{"$ref": "other.json"}`, false},
		{`{"$schema": "http://json-schema.org/draft-07/schema#"}`, false},
		{`{"$id": "https://example.com/x"}`, false},
		{`{"$anchor": "1a"}`, false},
		// The meta-schema's formats: regex for pattern and the names of
		// patternProperties, uri-reference for $ref.
		{`{"pattern": "(a"}`, false},
		{`{"patternProperties": {"(0": {}}}`, false},
		{`{"patternProperties": {"^x-": {}}, "pattern": "^[a-z]+$"}`, true},
		// ECMA-262 patterns RE2 cannot run (lookaround, backreferences) are
		// valid; one that neither engine compiles is not.
		{`{"pattern": "^(?!tmp)[a-z]+$"}`, true},
		{`{"patternProperties": {"^(?<=x)y$": {}, "^(a)\\1$": {}}}`, true},
		{`{"pattern": "(?!a"}`, false},
		{`{"patternProperties": {"(?<=x": {}}}`, false},
		{`{"pattern": "(?P<n>a)"}`, true}, // RE2 syntax, not ECMA-262
		{`{"$ref": "#%zz"}`, false},
		{`{"$ref": "#\\"}`, false},
		{`{"$ref": "#%41", "$defs": {"A": true}}`, true},
		{`"object"`, false},
		{`null`, false},
	}
	for _, tt := range tests {
		v, err := jsonexact.Parse([]byte(tt.schema))
		if err != nil {
			t.Fatalf("%s: %v", tt.schema, err)
		}
		if got := provablyValid2020(v); got != tt.want {
			t.Errorf("provablyValid2020(%s) = %v, want %v", tt.schema, got, tt.want)
		}
		if tt.want && !libraryMetaValid(t, v) {
			t.Errorf("%s: proven valid, but the library's meta-schema rejects it", tt.schema)
		}
	}
}

// FuzzProvablyValid2020: whatever the check proves valid, the library's
// meta-schema validation accepts; a wrong "true" would hide a schema finding.
func FuzzProvablyValid2020(f *testing.F) {
	for _, s := range []string{
		`{"type": "object", "properties": {"a": {"type": ["string", "null"]}}, "required": ["a"]}`,
		`{"items": {"$ref": "#"}, "minItems": 2, "uniqueItems": true}`,
		`{"oneOf": [true, false], "not": {"enum": []}}`,
		`{"dependentRequired": {"a": ["b"]}, "patternProperties": {"^x": {}}}`,
		`{"multipleOf": 1.5, "maximum": 3}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		v, err := jsonexact.Parse(data)
		if err != nil {
			return
		}
		if provablyValid2020(v) && !libraryMetaValid(t, v) {
			t.Fatalf("proven valid, but the library's meta-schema rejects %s", data)
		}
	})
}
