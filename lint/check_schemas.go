package lint

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/speccify/speccify-lint/contract"
)

// loadSchemas converts and compiles inputs and outputs once per tool; the
// example checks and runs reuse them.
func (c *toolCheck) loadSchemas() {
	c.inputs = c.loadSchema(c.spec.Frontmatter.Inputs)
	c.outputs = c.loadSchema(c.spec.Frontmatter.Outputs)
}

func (c *toolCheck) loadSchema(f *contract.SchemaField) *schemaField {
	if f == nil {
		return nil
	}
	name := f.Key.Name
	for _, p := range f.Problems {
		c.report(ruleSchema, p.Pos, p.Key, "%s", p.Msg)
	}
	s := &schemaField{name: name, field: f}
	if f.Doc == nil {
		return s // empty or of the wrong kind (required-field, field-type) or not JSON (above)
	}
	s.doc = f.Doc
	sch, issues := contract.CompileSchema(f.Doc, name, c.root, c.dir)
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

// validate validates the value v against sch, the schema of s or one of its
// subschemas. A pattern that takes too long to match is a schema finding at
// the pattern, once, and v counts as valid: nothing is known about it. Once
// the schema's patterns have used up their time together, the other
// patterns are stopped too; that is a finding only if no pattern of the
// schema was found slow on its own.
func (c *toolCheck) validate(s *schemaField, sch *contract.Schema, v any) error {
	err := sch.Validate(v)
	var pt *contract.PatternTimeoutError
	if !errors.As(err, &pt) {
		return err
	}
	if slices.Contains(s.timedOut, pt.Pointer) || (pt.Total && len(s.timedOut) > 0) {
		return nil
	}
	s.timedOut = append(s.timedOut, pt.Pointer)
	at := ""
	if pt.Pointer != "" {
		at = " at " + pt.Pointer
	}
	c.report(ruleSchema, s.place(pt.Pointer), s.name+pt.Pointer,
		"%s%s: %v, so that value was not validated; a pattern RE2 cannot run backtracks: avoid nested repetition such as (a+)+",
		s.name, at, pt)
	return nil
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
			if c.validate(s, s.schema, v.value) == nil {
				accepted = append(accepted, v.kind)
			}
		}
		if len(accepted) > 0 {
			c.report(ruleWireObject, s.field.Key.Span.Start.Pos, s.name, "%s accepts %s, but the wire format is one JSON object; add type: object",
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
		pos := s.field.Key.Span.Start.Pos
		if _, ok := root["required"]; ok {
			pos = s.place("/required")
		}
		c.report(ruleOKField, pos, "outputs.required", "outputs does not require ok; add ok to required (required: [ok, ...]) so every answer says whether it worked")
	}
	if _, ok := props["ok"]; !ok {
		c.report(ruleOKField, s.field.Key.Span.Start.Pos, "outputs.properties.ok", "outputs does not declare ok; add properties: {ok: {type: boolean}}")
	} else if sub, err := s.schema.Sub("/properties/ok"); err == nil {
		var rejected []string
		for _, b := range []bool{true, false} {
			if c.validate(s, sub, b) != nil {
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
		c.report(ruleErrorField, s.field.Key.Span.Start.Pos, "outputs.properties.error", "outputs does not declare error; add properties: {error: {type: string}} for the message of an ok: false answer")
	} else if sub, err := s.schema.Sub("/properties/error"); err == nil && c.validate(s, sub, "message") != nil {
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

// checkYAMLSplit finds keys without a value in schema mappings: the parser
// lists the bare keys; runs of them in one mapping that are no schema
// keywords, outside the mappings of names, are one finding each.
func (c *toolCheck) checkYAMLSplit() {
	for _, f := range []*contract.SchemaField{c.spec.Frontmatter.Inputs, c.spec.Frontmatter.Outputs} {
		if f == nil {
			continue
		}
		keys := f.BareKeys
		for i := 0; i < len(keys); i++ {
			k := keys[i]
			if !isSplitKey(k) {
				continue
			}
			parts := []string{k.Key.Value}
			for i+1 < len(keys) && keys[i+1].Mapping == k.Mapping && keys[i+1].Entry == keys[i].Entry+1 && isSplitKey(keys[i+1]) {
				i++
				parts = append(parts, keys[i].Key.Value)
			}
			what, fix := "a text", "quote the text or write the mapping in block style"
			if a := k.After; a != nil {
				what = "the text of " + a.Key
				fix = fmt.Sprintf("quote it: %s: %q", a.Key, a.Value+", "+strings.Join(parts, ", "))
			}
			c.report(ruleYAMLSplit, k.Key.Span.Start.Pos, yamlPath(f.Key.Name, k.Path)+"."+k.Key.Value,
				"%s without a value: YAML split %s at a comma; %s", quotedList(parts, "is a key", "are keys"), what, fix)
		}
	}
}

// isSplitKey reports a bare key that is not a schema keyword, in a mapping
// of keywords (not of property or definition names).
func isSplitKey(k contract.BareKey) bool {
	return !slices.Contains(schemaKeywords, k.Key.Value) && !inNamesMap(k.Path)
}

// inNamesMap reports whether the mapping at path holds names: it is the
// value of a nameMaps keyword of a mapping of keywords.
func inNamesMap(path []contract.PathStep) bool {
	names := false
	for _, st := range path {
		names = !st.IsItem && !names && slices.Contains(nameMaps, st.Key)
	}
	return names
}

// yamlPath writes a path into a field's value, e.g.
// inputs.properties.file or inputs.anyOf[0].
func yamlPath(field string, path []contract.PathStep) string {
	b := []byte(field)
	for _, st := range path {
		if st.IsItem {
			b = append(b, '[')
			b = strconv.AppendInt(b, int64(st.Item), 10)
			b = append(b, ']')
		} else {
			b = append(b, '.')
			b = append(b, st.Key...)
		}
	}
	return string(b)
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
