package contract

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/speccify/speccify-lint/internal/jsonexact"
	"github.com/speccify/speccify-lint/internal/testtree"
)

// inlineFixture compiles the schema text as inputs of a tool folder holding
// files.
func inlineFixture(t *testing.T, schema string, files map[string]string) *Schema {
	t.Helper()
	dir := t.TempDir()
	testtree.Write(t, dir, files)
	root, err := os.OpenRoot(dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { root.Close() })
	v, err := jsonexact.Parse([]byte(schema))
	if err != nil {
		t.Fatal(err)
	}
	sch, issues := CompileSchema(&JSONDoc{Value: v}, "inputs", root, dir)
	if len(issues) > 0 {
		t.Fatalf("compile: %v", issues)
	}
	return sch
}

func TestInline(t *testing.T) {
	tests := []struct {
		name   string
		schema string
		files  map[string]string
		want   string // the inlined schema, as JSON
		issues []string
		// valid and invalid are values the inlined schema, compiled alone,
		// must accept and reject as the original does.
		valid, invalid []string
	}{{
		name:   "no files",
		schema: `{"type": "object", "properties": {"a": {"$ref": "#/$defs/a"}}, "$defs": {"a": {"type": "string"}}}`,
		want:   `{"$defs":{"a":{"type":"string"}},"properties":{"a":{"$ref":"#/$defs/a"}},"type":"object"}`,
		valid:  []string{`{"a": "x"}`}, invalid: []string{`{"a": 1}`},
	}, {
		name:   "a file, into it by a pointer, and from it to another",
		schema: `{"type": "object", "properties": {"a": {"$ref": "defs.json#/definitions/a"}, "b": {"$ref": "sub/b.json"}}}`,
		files: map[string]string{
			"defs.json":  `{"$schema": "https://json-schema.org/draft/2020-12/schema", "definitions": {"a": {"type": "array", "items": {"$ref": "#/definitions/n"}}, "n": {"type": "integer"}}}`,
			"sub/b.json": `{"$ref": "../defs.json#/definitions/n", "minimum": 3}`,
		},
		want: `{"$defs":{"defs.json":{"definitions":{"a":{"items":{"$ref":"#/$defs/defs.json/definitions/n"},"type":"array"},"n":{"type":"integer"}}},` +
			`"sub_b.json":{"$ref":"#/$defs/defs.json/definitions/n","minimum":3}},` +
			`"properties":{"a":{"$ref":"#/$defs/defs.json/definitions/a"},"b":{"$ref":"#/$defs/sub_b.json"}},"type":"object"}`,
		valid:   []string{`{"a": [1, 2], "b": 3}`},
		invalid: []string{`{"a": ["x"]}`, `{"b": 2}`, `{"b": 3.5}`},
	}, {
		name:   "a key that is taken, and data that looks like a reference",
		schema: `{"type": "object", "$defs": {"x.json": {"type": "null"}}, "properties": {"a": {"$ref": "x.json"}, "c": {"const": {"$ref": "x.json"}}}}`,
		files:  map[string]string{"x.json": `{"type": "boolean"}`},
		want:   `{"$defs":{"x.json":{"type":"null"},"x.json_2":{"type":"boolean"}},"properties":{"a":{"$ref":"#/$defs/x.json_2"},"c":{"const":{"$ref":"x.json"}}},"type":"object"}`,
		valid:  []string{`{"a": true}`}, invalid: []string{`{"a": null}`},
	}, {
		name:   "an anchor in a file",
		schema: `{"type": "object", "properties": {"a": {"$ref": "x.json#thing"}}}`,
		files:  map[string]string{"x.json": `{"$defs": {"t": {"$anchor": "thing", "type": "string"}}}`},
		want:   `{"properties":{"a":{"$ref":"x.json#thing"}},"type":"object"}`,
		issues: []string{`/properties/a/$ref: $ref "x.json#thing" names an anchor in a file`},
	}, {
		name:   "a file with $id",
		schema: `{"type": "object", "properties": {"a": {"$ref": "x.json"}}}`,
		files:  map[string]string{"x.json": `{"$id": "https://example.com/x", "type": "string"}`},
		issues: []string{`/properties/a/$ref: the file copied as $defs/x.json has $id`},
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sch := inlineFixture(t, tt.schema, tt.files)
			got, issues := sch.Inline()
			var msgs []string
			for _, is := range issues {
				msgs = append(msgs, is.Pointer+": "+is.Msg)
			}
			if len(msgs) != len(tt.issues) {
				t.Fatalf("issues %q, want %q", msgs, tt.issues)
			}
			for i, want := range tt.issues {
				if !strings.HasPrefix(msgs[i], want) {
					t.Errorf("issue %q, want %q...", msgs[i], want)
				}
			}
			b, err := json.Marshal(got)
			if err != nil {
				t.Fatal(err)
			}
			if tt.want != "" && string(b) != tt.want {
				t.Errorf("inlined\n%s\nwant\n%s", b, tt.want)
			}
			if len(tt.issues) > 0 {
				return
			}
			alone, cerr := CompileSchema(&JSONDoc{Value: got}, "inputs", nil, t.TempDir())
			if len(cerr) > 0 {
				t.Fatalf("the inlined schema does not compile alone: %v", cerr)
			}
			for _, s := range tt.valid {
				v, _ := jsonexact.Parse([]byte(s))
				if err := alone.Validate(v); err != nil {
					t.Errorf("%s: %v", s, err)
				}
			}
			for _, s := range tt.invalid {
				v, _ := jsonexact.Parse([]byte(s))
				if alone.Validate(v) == nil || sch.Validate(v) == nil {
					t.Errorf("%s is valid", s)
				}
			}
		})
	}
}

// FuzzInline: whatever schema TOOL.md holds (beside the files defs.json and
// sub/x.json), Inline does not panic, and a schema it inlines without
// issues compiles alone, without the tool folder.
func FuzzInline(f *testing.F) {
	f.Add(`{"type": "object", "properties": {"a": {"$ref": "defs.json#/$defs/a"}}}`)
	f.Add(`{"$ref": "sub/x.json", "$defs": {"x.json": true}}`)
	f.Add(`{"allOf": [{"$ref": "defs.json"}, {"$ref": "#/allOf/0"}], "$defs": 3}`)
	f.Add(`{"$dynamicRef": "defs.json#a", "items": {"$ref": "sub/x.json#/not/there"}}`)
	dir := f.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "sub"), 0o755); err != nil {
		f.Fatal(err)
	}
	for name, text := range map[string]string{
		"defs.json":  `{"$defs": {"a": {"type": "string", "minLength": 1}, "b": {"$ref": "sub/x.json"}}}`,
		"sub/x.json": `{"type": "array", "items": {"$ref": "../defs.json#/$defs/a"}}`,
	} {
		if err := os.WriteFile(filepath.Join(dir, filepath.FromSlash(name)), []byte(text), 0o644); err != nil {
			f.Fatal(err)
		}
	}
	root, err := os.OpenRoot(dir)
	if err != nil {
		f.Fatal(err)
	}
	f.Cleanup(func() { root.Close() })
	f.Fuzz(func(t *testing.T, schema string) {
		v, err := jsonexact.Parse([]byte(schema))
		if err != nil {
			return
		}
		sch, issues := CompileSchema(&JSONDoc{Value: v}, "inputs", root, dir)
		if len(issues) > 0 || sch == nil {
			return
		}
		got, issues := sch.Inline()
		if short := sch.InlineIssues(); !reflect.DeepEqual(short, issues) {
			t.Fatalf("InlineIssues = %v, Inline's issues %v", short, issues)
		}
		if len(issues) > 0 {
			return
		}
		if _, cerr := CompileSchema(&JSONDoc{Value: got}, "inputs", nil, t.TempDir()); len(cerr) > 0 {
			b, _ := json.Marshal(got)
			t.Fatalf("the inlined schema does not compile alone: %v\n%s", cerr, b)
		}
	})
}
