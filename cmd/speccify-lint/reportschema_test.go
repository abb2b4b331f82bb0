package main

import (
	"encoding"
	"encoding/json"
	"maps"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/speccify/speccify-lint/drift"
	"github.com/speccify/speccify-lint/result"
)

// The JSON report has one source of truth, the Go types of package lint
// that the JSON format writes (result.Result and what it holds). Its JSON
// Schema, docs/report.schema.json, and the commented shape of
// docs/reports.md describe it for readers; these tests hold both to the
// types, and every JSON report golden to the schema.

// reportSchemaPage is the JSON Schema of the JSON report.
const reportSchemaPage = "docs/report.schema.json"

// jsonGoldens are the JSON report goldens: report's, of a Result made by
// hand, and the CLI's, of a real tree run for real.
var jsonGoldens = []string{"report/testdata/json.json.golden", "cmd/speccify-lint/testdata/reports/json.golden"}

// reportSchema is docs/report.schema.json, decoded.
func reportSchema(t *testing.T) map[string]any {
	t.Helper()
	var doc map[string]any
	if err := json.Unmarshal([]byte(readRepoFile(t, reportSchemaPage)), &doc); err != nil {
		t.Fatalf("%s: %v", reportSchemaPage, err)
	}
	return doc
}

// TestReportSchemaGoldens: the schema is a valid JSON Schema, and every JSON
// report golden is valid against it.
func TestReportSchemaGoldens(t *testing.T) {
	doc, err := jsonschema.UnmarshalJSON(strings.NewReader(readRepoFile(t, reportSchemaPage)))
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	const url = "file:///report.schema.json"
	if err := c.AddResource(url, doc); err != nil {
		t.Fatal(err)
	}
	schema, err := c.Compile(url)
	if err != nil {
		t.Fatalf("%s does not compile: %v", reportSchemaPage, err)
	}
	for _, golden := range jsonGoldens {
		inst, err := jsonschema.UnmarshalJSON(strings.NewReader(readRepoFile(t, golden)))
		if err != nil {
			t.Fatalf("%s: %v", golden, err)
		}
		if err := schema.Validate(inst); err != nil {
			t.Errorf("%s is not valid against %s: %v", golden, reportSchemaPage, err)
		}
	}
	// A report that is not one fails, so that the check above can.
	bad, _ := jsonschema.UnmarshalJSON(strings.NewReader(`{"schema_version": 1, "tools": [], "extra": true}`))
	if schema.Validate(bad) == nil {
		t.Errorf("%s accepts a report without its fields and with an unknown one", reportSchemaPage)
	}
}

// TestReportSchemaMatchesTypes: every object of the schema is the JSON of
// a Go type of the report, key for key: its properties are the type's JSON
// fields, its required ones those without omitempty, no other key is
// allowed, and each property's type is its field's.
func TestReportSchemaMatchesTypes(t *testing.T) {
	doc := reportSchema(t)
	defs, _ := doc["$defs"].(map[string]any)
	type jsonReport struct {
		SchemaVersion int `json:"schema_version"`
		*result.Result
	}
	s := schemaWalk{t: t, defs: defs}
	s.check("$", reflect.TypeFor[jsonReport](), doc)
	if s.objects < 20 {
		t.Errorf("only %d objects of the schema were compared with the types", s.objects)
	}
	// The enums the schema spells out are the code's.
	enum := func(name string) []string {
		var out []string
		for _, v := range defs[name].(map[string]any)["enum"].([]any) {
			out = append(out, v.(string))
		}
		return out
	}
	var statuses []string
	for _, st := range result.ToolStatuses {
		statuses = append(statuses, string(st))
	}
	if got := enum("toolStatus"); !slices.Equal(got, statuses) {
		t.Errorf("%s: toolStatus is %q, want lint.ToolStatuses %q", reportSchemaPage, got, statuses)
	}
	if got, want := enum("exampleStatus"), []string{string(result.StatusPassed), string(result.StatusFailed), string(result.StatusErrored), string(result.StatusSkipped)}; !slices.Equal(got, want) {
		t.Errorf("%s: exampleStatus is %q, want %q", reportSchemaPage, got, want)
	}
	if got, want := enum("severity"), []string{result.SeverityError.String(), result.SeverityWarning.String(), result.SeverityNote.String()}; !slices.Equal(got, want) {
		t.Errorf("%s: severity is %q, want %q", reportSchemaPage, got, want)
	}
	if got, want := enum("driftVerdict"), []string{string(drift.Breaking), string(drift.Warning), string(drift.Compatible), string(drift.NotCompared)}; !slices.Equal(got, want) {
		t.Errorf("%s: driftVerdict is %q, want %q", reportSchemaPage, got, want)
	}
	counts := slices.Sorted(maps.Keys(defs["statusCounts"].(map[string]any)["properties"].(map[string]any)))
	if want := slices.Sorted(slices.Values(statuses)); !slices.Equal(counts, want) {
		t.Errorf("%s: statusCounts counts %q, want every status %q", reportSchemaPage, counts, want)
	}
}

// schemaWalk compares the schema with the report's Go types.
type schemaWalk struct {
	t       *testing.T
	defs    map[string]any
	objects int
}

var (
	textMarshaler = reflect.TypeFor[encoding.TextMarshaler]()
	durationType  = reflect.TypeFor[time.Duration]()
)

// resolve follows a $ref to its definition.
func (s *schemaWalk) resolve(path string, node map[string]any) map[string]any {
	ref, ok := node["$ref"].(string)
	if !ok {
		return node
	}
	def, ok := s.defs[strings.TrimPrefix(ref, "#/$defs/")].(map[string]any)
	if !ok {
		s.t.Fatalf("%s: %s names no definition", path, ref)
	}
	return def
}

// jsonType is the JSON type of a node: its type, or its const's.
func jsonType(node map[string]any) string {
	if typ, ok := node["type"].(string); ok {
		return typ
	}
	switch node["const"].(type) {
	case bool:
		return "boolean"
	case float64:
		return "integer"
	case string:
		return "string"
	}
	return ""
}

// check compares node (a schema) with the JSON of typ at path.
func (s *schemaWalk) check(path string, typ reflect.Type, node map[string]any) {
	t := s.t
	node = s.resolve(path, node)
	want := ""
	switch {
	case typ.Implements(textMarshaler), typ.Kind() == reflect.String:
		want = "string"
	case typ == durationType, typ.Kind() >= reflect.Int && typ.Kind() <= reflect.Uint64:
		want = "integer"
	case typ.Kind() == reflect.Bool:
		want = "boolean"
	case typ.Kind() == reflect.Pointer:
		s.check(path, typ.Elem(), node)
		return
	case typ.Kind() == reflect.Slice:
		want = "array"
		if items, ok := node["items"].(map[string]any); ok {
			s.check(path+"[]", typ.Elem(), items)
		} else {
			t.Errorf("%s: %s: an array without items", reportSchemaPage, path)
		}
	case typ.Kind() == reflect.Struct:
		want = "object"
		s.checkObject(path, typ, node)
	default:
		t.Errorf("%s: the type %s of the report has no JSON type the test knows", path, typ)
		return
	}
	if got := jsonType(node); got != want {
		t.Errorf("%s: %s: type %q, want %q (the Go type %s)", reportSchemaPage, path, got, want, typ)
	}
}

// checkObject compares an object's properties with the JSON fields of the
// struct typ.
func (s *schemaWalk) checkObject(path string, typ reflect.Type, node map[string]any) {
	t := s.t
	s.objects++
	fields := map[string]reflect.StructField{}
	var required []string
	jsonFields(typ, func(name string, f reflect.StructField, omitempty bool) {
		fields[name] = f
		if !omitempty {
			required = append(required, name)
		}
	})
	props, _ := node["properties"].(map[string]any)
	if got, want := slices.Sorted(maps.Keys(props)), slices.Sorted(maps.Keys(fields)); !slices.Equal(got, want) {
		t.Errorf("%s: %s has the properties %q, but the JSON of %s has %q", reportSchemaPage, path, got, typ, want)
	}
	var req []string
	for _, r := range node["required"].([]any) {
		req = append(req, r.(string))
	}
	if got, want := slices.Sorted(slices.Values(req)), slices.Sorted(slices.Values(required)); !slices.Equal(got, want) {
		t.Errorf("%s: %s requires %q, but the JSON of %s always has %q (the fields without omitempty)", reportSchemaPage, path, got, typ, want)
	}
	if node["additionalProperties"] != false {
		t.Errorf("%s: %s allows properties the JSON of %s does not have: want additionalProperties false", reportSchemaPage, path, typ)
	}
	for _, name := range slices.Sorted(maps.Keys(fields)) {
		prop, ok := props[name].(map[string]any)
		if !ok {
			continue
		}
		if _, ok := s.resolve(path, prop)["description"]; !ok {
			if _, ok := prop["description"]; !ok {
				t.Errorf("%s: %s.%s has no description", reportSchemaPage, path, name)
			}
		}
		s.check(path+"."+name, fields[name].Type, prop)
	}
}

// jsonFields calls visit with each field encoding/json writes of the
// struct typ: its name and whether it is omitempty; an embedded struct
// (or pointer to one) without a name is flattened, as encoding/json does.
func jsonFields(typ reflect.Type, visit func(name string, f reflect.StructField, omitempty bool)) {
	for f := range typ.Fields() {
		tag := f.Tag.Get("json")
		if tag == "-" || !f.IsExported() && !f.Anonymous {
			continue
		}
		name, opts, _ := strings.Cut(tag, ",")
		if f.Anonymous && name == "" {
			inner := f.Type
			if inner.Kind() == reflect.Pointer {
				inner = inner.Elem()
			}
			if inner.Kind() == reflect.Struct {
				jsonFields(inner, visit)
				continue
			}
		}
		if name == "" {
			name = f.Name
		}
		visit(name, f, slices.Contains(strings.Split(opts, ","), "omitempty"))
	}
}

// TestDocsJSONShape: the JSON report shape of docs/reports.md shows every
// key of the schema and no other, and every key of the JSON report goldens
// is in it, so that a new report field is documented there.
func TestDocsJSONShape(t *testing.T) {
	shape := docSection(t, "docs/reports.md", "## JSON report shape")
	seen := map[string]bool{}
	walkYAML(reportSchema(t), func(m map[string]any) {
		if props, ok := m["properties"].(map[string]any); ok && m["type"] == "object" {
			for key := range props {
				seen[key] = true
			}
		}
	})
	shown := map[string]bool{}
	for _, m := range regexp.MustCompile(`"([a-z_-]+)":`).FindAllStringSubmatch(shape, -1) {
		shown[m[1]] = true
	}
	for _, key := range slices.Sorted(maps.Keys(seen)) {
		if !shown[key] {
			t.Errorf("%s has the key %q, which docs/reports.md's JSON report shape does not show", reportSchemaPage, key)
		}
	}
	for _, key := range slices.Sorted(maps.Keys(shown)) {
		if !seen[key] {
			t.Errorf("docs/reports.md's JSON report shape shows the key %q, which %s does not have", key, reportSchemaPage)
		}
	}
	for _, golden := range jsonGoldens {
		var doc any
		if err := json.Unmarshal([]byte(readRepoFile(t, golden)), &doc); err != nil {
			t.Fatalf("%s: %v", golden, err)
		}
		walkYAML(doc, func(m map[string]any) {
			for key := range m {
				if !shown[key] {
					t.Errorf("the JSON report has the key %q (%s), which docs/reports.md's JSON report shape does not show", key, golden)
				}
				shown[key] = true
			}
		})
	}
}
