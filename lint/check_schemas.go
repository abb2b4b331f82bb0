package lint

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/speccify/speccify-lint/contract"
)

// loadSchemas converts and compiles inputs and outputs once per tool; the
// example checks and runs reuse them.
func (c *toolCheck) loadSchemas() {
	c.inputs = c.loadSchema("inputs")
	c.outputs = c.loadSchema("outputs")
}

func (c *toolCheck) loadSchema(name string) *schemaField {
	fm := c.spec.Frontmatter
	f := fm.Field(name)
	if f == nil {
		return nil
	}
	v := deref(f.Value)
	if isEmptyValue(v) || !(v.Kind == yaml.MappingNode || (v.Kind == yaml.ScalarNode && v.ShortTag() == "!!bool")) {
		return nil // reported by required-field or field-type
	}
	s := &schemaField{name: name, field: f}
	doc, problems := fm.ToJSON(f.Value, name)
	for _, p := range problems {
		c.report(ruleSchema, p.Pos, p.Key, "%s", p.Msg)
	}
	if doc == nil || len(problems) > 0 {
		return s
	}
	s.doc = doc
	sch, issues := contract.CompileSchema(doc, name, c.dir)
	for _, is := range mergeIssues(issues) {
		at := ""
		if is.Pointer != "" {
			at = " at " + is.Pointer
		}
		c.report(ruleSchema, s.place(is.Pointer), name+is.Pointer, "%s is not a valid JSON Schema%s: %s", name, at, is.Msg)
	}
	s.schema = sch
	return s
}

// mergeIssues joins the issues at one pointer (the alternatives of an anyOf
// in the meta-schema) into one, so that one wrong keyword is one finding.
func mergeIssues(issues []contract.SchemaIssue) []contract.SchemaIssue {
	var out []contract.SchemaIssue
	for _, is := range issues {
		if n := len(out); n > 0 && out[n-1].Pointer == is.Pointer {
			out[n-1].Msg += "; or " + is.Msg
			continue
		}
		out = append(out, is)
	}
	return out
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

// checkWireObject: inputs and outputs must describe JSON objects.
func (c *toolCheck) checkWireObject() {
	for _, s := range []*schemaField{c.inputs, c.outputs} {
		if s == nil || s.schema == nil || onlyObjects(s.doc.Value) {
			continue
		}
		var accepted []string
		for _, v := range nonObjects {
			if s.schema.Validate(v.value) == nil {
				accepted = append(accepted, v.kind)
			}
		}
		if len(accepted) > 0 {
			c.report(ruleWireObject, s.field.KeyPos, s.name, "%s accepts %s, but the wire format is one JSON object; add type: object",
				s.name, strings.Join(accepted, ", "))
		}
	}
}

// checkOKAndError: outputs require a boolean ok and declare an error string.
func (c *toolCheck) checkOKAndError() {
	s := c.outputs
	if s == nil || s.schema == nil {
		return
	}
	root, _ := s.doc.Value.(map[string]any)
	required, _ := root["required"].([]any)
	props, _ := root["properties"].(map[string]any)
	if !slices.Contains(required, any("ok")) {
		pos := s.field.KeyPos
		if _, ok := root["required"]; ok {
			pos = s.place("/required")
		}
		c.report(ruleOKField, pos, "outputs.required", "outputs does not require ok; add ok to required (required: [ok, ...]) so every answer says whether it worked")
	}
	if _, ok := props["ok"]; !ok {
		c.report(ruleOKField, s.field.KeyPos, "outputs.properties.ok", "outputs does not declare ok; add properties: {ok: {type: boolean}}")
	} else if sub, err := s.schema.Sub("/properties/ok"); err == nil {
		var rejected []string
		for _, b := range []bool{true, false} {
			if sub.Validate(b) != nil {
				rejected = append(rejected, fmt.Sprint(b))
			}
		}
		if len(rejected) > 0 {
			c.report(ruleOKField, s.place("/properties/ok"), "outputs.properties.ok",
				"the schema of ok rejects %s; it must accept both true and false because the error case is part of the contract: use ok: {type: boolean}",
				strings.Join(rejected, " and "))
		}
	}
	if _, ok := props["error"]; !ok {
		c.report(ruleErrorField, s.field.KeyPos, "outputs.properties.error", "outputs does not declare error; add properties: {error: {type: string}} for the message of an ok: false answer")
	} else if sub, err := s.schema.Sub("/properties/error"); err == nil && sub.Validate("message") != nil {
		c.report(ruleErrorField, s.place("/properties/error"), "outputs.properties.error", "the schema of error does not accept a string; use error: {type: string}")
	}
}

// schemaKeywords are the JSON Schema keywords of every draft; a null value
// under any other key of a schema mapping is a text YAML split at a comma.
var schemaKeywords = []string{
	"$schema", "$id", "id", "$ref", "$anchor", "$dynamicRef", "$dynamicAnchor", "$recursiveRef", "$recursiveAnchor",
	"$defs", "definitions", "$comment", "$vocabulary", "type", "enum", "const", "default", "title", "description",
	"examples", "readOnly", "writeOnly", "deprecated", "format", "properties", "patternProperties", "additionalProperties",
	"unevaluatedProperties", "required", "propertyNames", "minProperties", "maxProperties", "dependentRequired",
	"dependentSchemas", "dependencies", "items", "prefixItems", "additionalItems", "unevaluatedItems", "contains",
	"minContains", "maxContains", "minItems", "maxItems", "uniqueItems", "minLength", "maxLength", "pattern",
	"minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf", "allOf", "anyOf", "oneOf", "not",
	"if", "then", "else", "contentEncoding", "contentMediaType", "contentSchema", "nullable",
}

// nameMaps are keywords whose mapping holds names, not keywords.
var nameMaps = []string{"properties", "patternProperties", "$defs", "definitions", "dependentSchemas", "dependentRequired", "dependencies"}

// checkYAMLSplit finds keys without a value in schema mappings.
func (c *toolCheck) checkYAMLSplit() {
	for _, name := range []string{"inputs", "outputs"} {
		f := c.spec.Frontmatter.Field(name)
		if f == nil {
			continue
		}
		c.walkSplit(append(make([]byte, 0, 128), name...), f.Value, false, 0)
	}
}

// walkSplit checks the mappings of a schema node; path is the node's path,
// e.g. inputs.properties.file, in a buffer the walk appends to and cuts back,
// so that a path becomes a string only for a finding.
func (c *toolCheck) walkSplit(path []byte, n *yaml.Node, namesMap bool, depth int) {
	if n == nil || depth > 200 || n.Kind == yaml.AliasNode {
		return
	}
	parent := len(path)
	switch n.Kind {
	case yaml.SequenceNode:
		for i, item := range n.Content {
			path = append(path, '[')
			path = strconv.AppendInt(path, int64(i), 10)
			path = append(path, ']')
			c.walkSplit(path, item, false, depth+1)
			path = path[:parent]
		}
	case yaml.MappingNode:
		var prevKey, prevVal string
		for i := 0; i+1 < len(n.Content); i += 2 {
			k, v := n.Content[i], n.Content[i+1]
			if !namesMap && isSplitKey(k, v) {
				parts := []string{k.Value}
				for i+3 < len(n.Content) && isSplitKey(n.Content[i+2], n.Content[i+3]) {
					i += 2
					parts = append(parts, n.Content[i].Value)
				}
				what, fix := "a text", "quote the text or write the mapping in block style"
				if prevKey != "" {
					what = "the text of " + prevKey
					fix = fmt.Sprintf("quote it: %s: %q", prevKey, prevVal+", "+strings.Join(parts, ", "))
				}
				c.report(ruleYAMLSplit, c.spec.Frontmatter.NodePos(k), string(path)+"."+k.Value,
					"%s without a value: YAML split %s at a comma; %s", quotedList(parts, "is a key", "are keys"), what, fix)
				prevKey = ""
				continue
			}
			prevKey, prevVal = "", ""
			if k.Kind == yaml.ScalarNode && v.Kind == yaml.ScalarNode && v.ShortTag() == "!!str" && v.Style == 0 {
				prevKey, prevVal = k.Value, v.Value
			}
			path = append(path, '.')
			path = append(path, k.Value...)
			c.walkSplit(path, v, !namesMap && slices.Contains(nameMaps, k.Value), depth+1)
			path = path[:parent]
		}
	}
}

// isSplitKey reports a key with no value at all (not even null or ~) that
// is not a schema keyword.
func isSplitKey(k, v *yaml.Node) bool {
	return k.Kind == yaml.ScalarNode && v.Kind == yaml.ScalarNode && v.ShortTag() == "!!null" && v.Value == "" &&
		!slices.Contains(schemaKeywords, k.Value)
}

func quotedList(parts []string, one, many string) string {
	q := make([]string, len(parts))
	for i, p := range parts {
		q[i] = fmt.Sprintf("%q", p)
	}
	if len(parts) == 1 {
		return q[0] + " " + one
	}
	return strings.Join(q, ", ") + " " + many
}

// casePlace returns the place of a case line, or of the case heading.
func casePlace(cs *contract.Case, l *contract.ExampleLine) contract.Pos {
	if l != nil {
		return l.Pos
	}
	return cs.Pos
}
