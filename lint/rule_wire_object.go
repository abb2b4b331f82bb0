package lint

import (
	"encoding/json"
	"strings"

	"github.com/speccify/speccify-lint/contract"
	"github.com/speccify/speccify-lint/result"
)

var ruleWireObject = &Rule{ID: "wire-object", Severity: result.SeverityError, Category: "schemas",
	Title: "inputs or outputs does not describe a JSON object",
	Doc: "The wire format is one JSON object on stdin and one JSON object on stdout. A schema that accepts " +
		"strings, numbers, arrays, booleans or null describes something else; add `type: object`. The fix (safe: " +
		"no other value can come over the wire) adds `type: object` as the schema's first entry, in its style (a " +
		"line at the indentation of its keys, its value aligned with theirs when they are aligned, or the first " +
		"entry of a flow mapping), when the schema has no `type` " +
		"yet; one whose `type` names other types is left to the author.",
	Example: "inputs: {properties: {path: {type: string}}}",
	Fix:     "inputs: {type: object, properties: {path: {type: string}}}",
	Autofix: result.SafeFix,
	static:  checkWireObject}

// checkWireObject: inputs and outputs must describe JSON objects.
func checkWireObject(c *toolCheck, rep reporter) {
	inputs, outputs := c.schemas()
	for _, s := range []*schemaField{inputs, outputs} {
		if s == nil || s.schema == nil || onlyObjects(s.doc.Value) {
			continue
		}
		var accepted []string
		for _, v := range nonObjects {
			if c.validate(s, s.schema, v.value) == nil {
				accepted = append(accepted, v.kind)
			}
		}
		if len(accepted) > 0 {
			rep.withFixOf(objectTypeFix(c.spec.Lines, s.field)).withHelp("add type: object").report(over(s.field.Key.Span), s.name, "%s accepts %s, but the wire format is one JSON object",
				s.name, strings.Join(accepted, ", "))
		}
	}
}

// objectTypeFix adds type: object to the schema f as its first entry, when
// it has no type; nil when it has one or the text does not say how.
func objectTypeFix(lines *contract.Lines, f *contract.SchemaField) *result.Fix {
	root := f.Collection()
	if root == nil || root.Has("type") {
		return nil
	}
	edit, ok := contract.InsertMapEntry(lines, root, "type", "object")
	if !ok {
		return nil
	}
	return &result.Fix{Title: "add type: object to " + f.Key.Name, Edits: []contract.Edit{edit}}
}

// onlyObjects reports whether a schema's own type keyword is object, so that
// no other kind of value passes it, whatever its other keywords say: most
// schemas, which then need not be tried with every kind of value.
func onlyObjects(schema any) bool {
	m, _ := schema.(map[string]any)
	switch t := m["type"].(type) {
	case string:
		return t == "object"
	case []any:
		return len(t) == 1 && t[0] == "object"
	}
	return false
}

// nonObjects are JSON values of every kind but object.
var nonObjects = []struct {
	kind  string
	value any
}{{"strings", "text"}, {"numbers", json.Number("0")}, {"arrays", []any{}}, {"booleans", true}, {"null", nil}}
