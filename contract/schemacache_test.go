package contract

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"sync"
	"testing"

	"github.com/speccify/speccify-lint/internal/jsonexact"
)

// mustJSON parses a JSON text with exact numbers.
func mustJSON(t testing.TB, s string) any {
	t.Helper()
	v, err := jsonexact.Parse([]byte(s))
	if err != nil {
		t.Fatalf("%s: %v", s, err)
	}
	return v
}

// validationText is what a value's validation against sch says: "" when
// it is valid, else its issues, each message's characters sorted: the
// library lists the names of an object's members in the order of a map's
// iteration, which differs from one validation to the next.
func validationText(sch *Schema, v any) string {
	err := sch.Validate(v)
	if err == nil {
		return ""
	}
	issues := ValidationIssues(err, v)
	for i := range issues {
		msg := []rune(issues[i].Msg)
		slices.Sort(msg)
		issues[i].Msg = string(msg)
	}
	return fmt.Sprint(issues)
}

// Two schemas that differ only in their annotations share one compiled
// schema; each still reads its own annotations (Keyword), and validates as
// the schema compiled for its tool alone.
func TestSchemaSharedAcrossAnnotations(t *testing.T) {
	resetSchemaCache()
	a := mustJSON(t, `{"type": "object", "title": "A", "required": ["n"], "properties": {
		"n": {"type": "integer", "maximum": 5, "description": "first", "default": 1, "examples": [2]},
		"description": {"type": "string", "$comment": "a property named like an annotation"}}}`)
	b := mustJSON(t, `{"type": "object", "title": "B", "required": ["n"], "properties": {
		"n": {"type": "integer", "maximum": 5, "description": "second", "deprecated": true},
		"description": {"type": "string"}}}`)
	// A schema is kept once a second tool has it.
	var sa *Schema
	for range 2 {
		var issues []SchemaIssue
		sa, issues = CompileSchema(&JSONDoc{Value: a}, "inputs", nil, t.TempDir())
		if len(issues) > 0 {
			t.Fatal(issues)
		}
		if sa.compiler == nil {
			t.Fatal("a schema is shared before a second tool had it")
		}
	}
	sb, issues := CompileSchema(&JSONDoc{Value: b}, "inputs", nil, t.TempDir())
	if len(issues) > 0 {
		t.Fatal(issues)
	}
	if sa.Compiled() != sb.Compiled() {
		t.Fatal("schemas that differ in annotations only are compiled twice")
	}
	for sch, want := range map[*Schema]string{sa: "first", sb: "second"} {
		if got, _ := sch.Keyword(sch.Compiled().Properties["n"], "description"); got != want {
			t.Errorf("description of n = %v, want %s", got, want)
		}
	}
	own, issues := compileSchema(&JSONDoc{Value: b}, "inputs", nil, t.TempDir(), false)
	if len(issues) > 0 {
		t.Fatal(issues)
	}
	if !sb.SameAs(own) || !own.SameAs(sb) || sb.SameAs(sa) {
		t.Error("SameAs does not compare a shared schema's own document")
	}
	for _, v := range []string{`{"n": 3}`, `{"n": 6, "description": 1}`, `{}`, `[]`, `{"n": 1.5}`} {
		value := mustJSON(t, v)
		if got, want := validationText(sb, value), validationText(own, value); got != want {
			t.Errorf("%s: shared schema says %q, its own %q", v, got, want)
		}
	}
	// outputs is another address: not the same compiled schema.
	so, _ := CompileSchema(&JSONDoc{Value: b}, "outputs", nil, t.TempDir())
	if so.Compiled() == sb.Compiled() {
		t.Error("inputs and outputs share a compiled schema")
	}
}

// What makes a compiled schema differ keeps schemas apart: any keyword
// but an annotation, a number as written, a $ref into an annotation's
// place, a pattern only the ECMA-262 engine runs (its time budget is its
// schema's), and a $ref to a file.
func TestSchemaNotShared(t *testing.T) {
	tests := []struct{ a, b string }{
		{`{"maximum": 5}`, `{"maximum": 6}`},
		{`{"maximum": 5}`, `{"maximum": 5.0}`},
		{`{"properties": {"a": {"type": "string"}}}`, `{"properties": {"b": {"type": "string"}}}`},
		{`{"properties": {"description": {"type": "string"}}}`, `{"properties": {"description": {"type": "integer"}}}`},
		{`{"const": {"description": 1}}`, `{"const": {"description": 2}}`},
		{`{"x-note": {"title": 1}}`, `{"x-note": {"title": 2}}`},
		{`{"properties": {"a": {"default": {"type": "string"}}, "b": {"$ref": "#/properties/a/default"}}}`,
			`{"properties": {"a": {"default": {"type": "integer"}}, "b": {"$ref": "#/properties/a/default"}}}`},
		{`{"properties": {"a": {"default": {"type": "string"}}}, "x-via": {"$ref": "#/properties/a/default"}, "$ref": "#/x-via"}`,
			`{"properties": {"a": {"default": {"type": "integer"}}}, "x-via": {"$ref": "#/properties/a/default"}, "$ref": "#/x-via"}`},
		{`{"pattern": "^(?=a)a+$", "title": "x"}`, `{"pattern": "^(?=a)a+$", "title": "y"}`},
		{`{"$ref": "defs.json", "title": "x"}`, `{"$ref": "defs.json", "title": "y"}`},
		{`{"$schema": "http://json-schema.org/draft-07/schema#", "title": "x"}`, `{"$schema": "http://json-schema.org/draft-07/schema#", "title": "y"}`},
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "defs.json"), []byte(`{"type": "string"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tt := range tests {
		var sa *Schema
		for range 2 { // kept, if at all, once a second tool has it
			var issues []SchemaIssue
			sa, issues = compileIn(t, mustJSON(t, tt.a), dir)
			if len(issues) > 0 {
				t.Fatalf("%s: %v", tt.a, issues)
			}
		}
		sb, issues := compileIn(t, mustJSON(t, tt.b), dir)
		if len(issues) > 0 {
			t.Fatalf("%s: %v", tt.b, issues)
		}
		if sa.Compiled() == sb.Compiled() {
			t.Errorf("%s and %s share a compiled schema", tt.a, tt.b)
		}
	}
}

// Sub of a shared schema is the subschema a compiler of that document
// alone gives, for a property (taken from the compiled schema) and for any
// other pointer (compiled again).
func TestSchemaSharedSub(t *testing.T) {
	doc := `{"type": "object", "properties": {"ok": {"type": "boolean"}, "a~b": {"$ref": "#/$defs/n"}},
		"$defs": {"n": {"type": "integer", "minimum": 1}}}`
	for range 2 {
		CompileSchema(&JSONDoc{Value: mustJSON(t, doc)}, "outputs", nil, t.TempDir())
	}
	shared, _ := CompileSchema(&JSONDoc{Value: mustJSON(t, doc)}, "outputs", nil, t.TempDir())
	if shared.compiler != nil {
		t.Fatal("the third compile of a schema is not shared")
	}
	own, _ := compileSchema(&JSONDoc{Value: mustJSON(t, doc)}, "outputs", nil, t.TempDir(), false)
	for _, ptr := range []string{"/properties/ok", "/properties/a~0b", "/$defs/n", "/properties/none", "/nowhere"} {
		got, gerr := shared.Sub(ptr)
		want, werr := own.Sub(ptr)
		if (gerr == nil) != (werr == nil) {
			t.Errorf("Sub(%s): error %v, want %v", ptr, gerr, werr)
			continue
		}
		if gerr != nil {
			continue
		}
		for _, v := range []string{`true`, `0`, `2`, `"x"`} {
			value := mustJSON(t, v)
			if g, w := validationText(got, value), validationText(want, value); g != w {
				t.Errorf("Sub(%s) of %s: %q, want %q", ptr, v, g, w)
			}
		}
	}
	// A property's subschema is the compiled one the library's Compile gives.
	sub, _ := own.Sub("/properties/ok")
	direct, err := own.compiler.Compile(own.loc + "#/properties/ok")
	if err != nil || sub.Compiled() != direct {
		t.Errorf("Sub(/properties/ok) is not the compiler's schema (%v)", err)
	}
}

// A shared schema validates from many goroutines at once (go test -race).
func TestSchemaSharedConcurrently(t *testing.T) {
	doc := `{"type": "object", "properties": {"s": {"type": "string", "pattern": "^a+$"}, "n": {"type": "integer"}}}`
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Go(func() {
			v := mustJSON(t, doc)
			v.(map[string]any)["description"] = fmt.Sprint("tool ", i)
			sch, issues := CompileSchema(&JSONDoc{Value: v}, "inputs", nil, t.TempDir())
			if len(issues) > 0 {
				t.Error(issues)
				return
			}
			for j := range 50 {
				value := map[string]any{"s": "aab", "n": json.Number(fmt.Sprint(j))}
				if validationText(sch, value) == "" {
					t.Error("aab matched ^a+$")
				}
			}
		})
	}
	wg.Wait()
}

// reword is a copy of v whose annotations, at any depth, say words
// instead: a string for each title, description, $comment and default, a
// list of it for examples, and readOnly and the others turned over.
func reword(v any, words string) any {
	switch v := v.(type) {
	case map[string]any:
		out := make(map[string]any, len(v))
		for k, val := range v {
			switch b, isBool := val.(bool); {
			case k == "examples":
				out[k] = []any{words}
			case isBool && isAnnotation(k):
				out[k] = !b
			case isAnnotation(k):
				out[k] = words
			default:
				out[k] = reword(val, words)
			}
		}
		return out
	case []any:
		out := make([]any, len(v))
		for i, item := range v {
			out[i] = reword(item, words)
		}
		return out
	}
	return v
}

// FuzzSchemaShared: a schema compiled once and shared validates every value
// as the same schema compiled for its tool alone, and so does a schema that
// differs from it only in its annotations, whatever the schema.
func FuzzSchemaShared(f *testing.F) {
	for _, s := range []string{
		`{"type": "object", "properties": {"x": {"$ref": "#/$defs/a", "description": "d"}}, "$defs": {"a": {"type": "integer"}}}`,
		`{"allOf": [{"$ref": "#anchor"}], "$defs": {"a": {"$anchor": "anchor", "minLength": 2}}}`,
		`{"properties": {"a": {"default": {"type": "string"}}, "x": {"$ref": "#/properties/a/default"}}}`,
		`{"items": {"enum": [1, "a", null]}, "prefixItems": [{"const": {"description": "x"}}]}`,
		`{"patternProperties": {"^x": {"type": "null"}}, "additionalProperties": false}`,
		`{"properties": {"a": {"examples": [{"type": "string"}]}}, "x-via": {"$ref": "#/properties/a/examples/0"}, "$ref": "#/x-via"}`,
	} {
		f.Add([]byte(s), "other words")
	}
	values := []any{map[string]any{"x": "aaaa", "a": nil}, "text", []any{map[string]any{}}, json.Number("3"), nil}
	f.Fuzz(func(t *testing.T, data []byte, words string) {
		v, err := jsonexact.Parse(data)
		if err != nil {
			return
		}
		obj, ok := v.(map[string]any)
		if !ok {
			return
		}
		dir := t.TempDir()
		var first *Schema
		for range 2 {
			var issues []SchemaIssue
			first, issues = CompileSchema(&JSONDoc{Value: v}, "inputs", nil, dir)
			if len(issues) > 0 {
				return
			}
		}
		other := reword(obj, words).(map[string]any)
		other["description"] = words
		for _, doc := range []any{v, other} {
			shared, issues := CompileSchema(&JSONDoc{Value: doc}, "inputs", nil, dir)
			own, ownIssues := compileSchema(&JSONDoc{Value: doc}, "inputs", nil, dir, false)
			if !reflect.DeepEqual(issues, ownIssues) {
				t.Fatalf("shared compile: %v, own: %v", issues, ownIssues)
			}
			if shared == nil {
				continue
			}
			for _, value := range values {
				if g, w := validationText(shared, value), validationText(own, value); g != w {
					t.Fatalf("%s with %v: shared %q, own %q", data, value, g, w)
				}
			}
		}
		if first.compiler == nil && first.Compiled() == nil {
			t.Fatal("no compiled schema")
		}
	})
}

// resetSchemaCache empties the process's shared schemas, so that a test
// that counts the tools which had a schema starts from none (the cache
// outlives a test, e.g. under go test -count=2).
func resetSchemaCache() {
	schemaCache.Lock()
	defer schemaCache.Unlock()
	schemaCache.m, schemaCache.seen = nil, nil
}
