package contract

import (
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"strings"
	"testing"

	"github.com/speccify/speccify-lint/internal/jsonexact"
)

// A $ref target is read through an os.Root of the tool folder: each way out
// is an issue at the $ref that names it, worded with paths in the folder,
// and nothing behind the way out is read.
func TestCompileSchemaRefFiles(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("symbolic links")
	}
	work := t.TempDir()
	outside := filepath.Join(work, "outside")
	dir := filepath.Join(work, "tool")
	for _, d := range []string{outside, filepath.Join(dir, "real"), filepath.Join(dir, "deep"), filepath.Join(dir, "sub.json")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	write := func(p, s string) {
		t.Helper()
		if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	link := func(target, p string) {
		t.Helper()
		if err := os.Symlink(target, p); err != nil {
			t.Fatal(err)
		}
	}
	write(filepath.Join(outside, "x.json"), `{"enum": ["SECRET"]}`)
	write(filepath.Join(dir, "real", "s.json"), `{"type": "string"}`)
	write(filepath.Join(dir, "nested.json"), `{"$ref": "../outside/x.json"}`)
	write(filepath.Join(dir, "text.json"), `not json`)
	link(outside, filepath.Join(dir, "shared"))
	link("../../outside", filepath.Join(dir, "deep", "up"))
	link(filepath.Join(outside, "x.json"), filepath.Join(dir, "x.json"))
	link("real", filepath.Join(dir, "alias"))
	link("alias/../../outside", filepath.Join(dir, "tricky"))
	link("loop", filepath.Join(dir, "loop"))
	link("real/s.json", filepath.Join(dir, "final.json"))

	const hint = "; copy the schema into the tool folder or under $defs"
	tests := []struct {
		ref  string
		want []SchemaIssue
	}{
		{"shared/x.json", []SchemaIssue{{Pointer: "/properties/x/$ref", Msg: `$ref "shared/x.json" leaves the tool folder through the symlink shared and is not read` + hint}}},
		{"deep/up/x.json#/enum", []SchemaIssue{{Pointer: "/properties/x/$ref", Msg: `$ref "deep/up/x.json#/enum" leaves the tool folder through the symlink deep/up and is not read` + hint}}},
		{"x.json", []SchemaIssue{{Pointer: "/properties/x/$ref", Msg: `$ref "x.json" leaves the tool folder through the symlink x.json and is not read` + hint}}},
		// alias -> real stays inside; real/.. is the folder, ../outside leaves.
		{"tricky/x.json", []SchemaIssue{{Pointer: "/properties/x/$ref", Msg: `$ref "tricky/x.json" leaves the tool folder through the symlink tricky and is not read` + hint}}},
		{"loop/x.json", []SchemaIssue{{Pointer: "/properties/x/$ref", Msg: `$ref "loop/x.json" leaves the tool folder through the symlink loop and is not read` + hint}}},
		{"missing.json", []SchemaIssue{{Pointer: "/properties/x/$ref", Msg: `$ref "missing.json" names no file in the tool folder`}}},
		{"sub.json", []SchemaIssue{{Pointer: "/properties/x/$ref", Msg: `$ref "sub.json" names sub.json, which is not a regular file (a directory)`}}},
		{"text.json", []SchemaIssue{{Pointer: "/properties/x/$ref", Msg: `$ref "text.json" names a file that is not JSON: invalid JSON at byte 0: invalid character 'o' in literal null (expecting 'u')`}}},
		// A $ref in another file of the folder: at the top, by its path.
		{"nested.json", []SchemaIssue{{Msg: `a $ref in a file of the tool folder to ../outside/x.json is outside the tool folder and is not read` + hint}}},
		// Links inside the folder are followed.
		{"alias/s.json", nil},
		{"final.json", nil},
		{"./real/../alias/s.json", nil},
	}
	for _, tt := range tests {
		doc, err := jsonexact.Parse([]byte(`{"type": "object", "properties": {"x": {"$ref": "` + tt.ref + `"}}}`))
		if err != nil {
			t.Fatal(err)
		}
		sch, issues := compileIn(t, doc, dir)
		if !reflect.DeepEqual(issues, tt.want) {
			t.Errorf("$ref %s: issues\n%v\nwant\n%v", tt.ref, issues, tt.want)
		}
		for _, is := range issues {
			if strings.Contains(is.Msg, "SECRET") || strings.Contains(is.Msg, work) {
				t.Errorf("$ref %s: %q shows what lies outside the folder", tt.ref, is.Msg)
			}
		}
		if tt.want == nil {
			if sch == nil {
				t.Fatalf("$ref %s: no schema", tt.ref)
			}
			if err := sch.Validate(map[string]any{"x": "text"}); err != nil {
				t.Errorf("$ref %s: %v", tt.ref, err)
			}
		}
	}
}

// A $ref to a place that is not there is an issue at each $ref that names
// it; one under a $id (another base) stays where the library puts it.
func TestCompileSchemaDanglingRefs(t *testing.T) {
	tests := []struct {
		schema string
		want   []SchemaIssue
	}{
		{`{"properties": {"a": {"$ref": "#/$defs/x"}, "b": {"$ref": "#/$defs/x"}}}`, []SchemaIssue{
			{Pointer: "/properties/a/$ref", Msg: `$ref "#/$defs/x" leads nowhere: there is nothing at /$defs/x`},
			{Pointer: "/properties/b/$ref", Msg: `$ref "#/$defs/x" leads nowhere: there is nothing at /$defs/x`},
		}},
		{`{"items": {"$ref": "#/$defs/a%20b"}}`, []SchemaIssue{{Pointer: "/items/$ref", Msg: `$ref "#/$defs/a%20b" leads nowhere: there is nothing at /$defs/a b`}}},
		{`{"allOf": [{"$ref": "#top"}]}`, []SchemaIssue{{Pointer: "/allOf/0/$ref", Msg: `$ref "#top" leads nowhere: no $anchor names top`}}},
		{`{"$defs": {"s": {"$id": "sub/s.json", "$ref": "#/nope"}}, "$ref": "#/$defs/s"}`, []SchemaIssue{{Pointer: "/$defs/s/nope", Msg: `json-pointer in "inputs#/$defs/s/nope" not found`}}},
	}
	for _, tt := range tests {
		v, err := jsonexact.Parse([]byte(tt.schema))
		if err != nil {
			t.Fatal(err)
		}
		if _, issues := compileIn(t, v, t.TempDir()); !reflect.DeepEqual(issues, tt.want) {
			t.Errorf("%s: issues\n%v\nwant\n%v", tt.schema, issues, tt.want)
		}
	}
}
