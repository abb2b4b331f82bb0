package lint

import "github.com/speccify/speccify-lint/contract"

var ruleErrorField = &Rule{ID: "error-field", Severity: SeverityWarning, Category: "schemas",
	Title: "outputs does not declare error as a string",
	Doc: "An answer with `ok: false` explains itself in an `error` string on stdout instead of crashing or " +
		"printing to stderr. Declare it in `outputs.properties` as `error: {type: string}`. The fix (safe) adds that " +
		"entry in the mapping's own style: in a flow mapping before its closing brace, with the separator its entries " +
		"use; in a block mapping on a line of its own after the last property, at its indentation; when `outputs` " +
		"has no `properties`, it adds `properties: {error: {type: string}}` to `outputs` the same way. There is no fix " +
		"when `properties` is written through an alias, anchor, tag or merge key (the text is shared) or a near-miss " +
		"name such as `eror` is declared, or when the declaration would bring a kind of finding the file did not have " +
		"(an example whose error is no string).",
	Example: "outputs: {type: object, required: [ok], properties: {ok: {type: boolean}}}",
	Fix:     "outputs: {type: object, required: [ok], properties: {ok: {type: boolean}, error: {type: string}}}",
	Autofix: SafeFix,
	static:  checkErrorField}

// checkErrorField: outputs declares error, and its schema accepts a string.
func checkErrorField(c *toolCheck, rep reporter) {
	_, s := c.schemas()
	if s == nil || s.schema == nil {
		return
	}
	root, _ := s.doc.Value.(map[string]any)
	props, _ := root["properties"].(map[string]any)
	if _, ok := props["error"]; !ok {
		if near := nearProperty(props, "error"); near != "" {
			rep.report(s.place(contract.PropertyPointer(near)), "outputs.properties.error", "outputs does not declare error, but declares %s: did you mean error?", near)
			return
		}
		rep.withFixOf(c.verified(errorFieldFix(c.spec.Lines, s.field))).report(over(s.field.Key.Span), "outputs.properties.error",
			"outputs does not declare error; add properties: {error: {type: string}} for the message of an ok: false answer")
	} else if sub, err := s.schema.Sub("/properties/error"); err == nil && c.validate(s, sub, "message") != nil {
		rep.report(s.place("/properties/error"), "outputs.properties.error", "the schema of error does not accept a string; use error: {type: string}")
	}
}

// errorFieldFix adds error: {type: string} to outputs.properties, in the
// style of that mapping, or, when outputs has no properties, adds
// properties: {error: {type: string}} to outputs, in its style. nil when
// the text does not say how (see contract.SchemaField.Collection).
func errorFieldFix(lines *contract.Lines, f *contract.SchemaField) *Fix {
	var edit Edit
	ok := false
	if props := f.Collection("properties"); props != nil {
		edit, ok = addMapEntry(lines, props, "error", "{type: string}")
	} else if root := f.Collection(); root != nil && !hasEntry(root, "properties") {
		edit, ok = addMapEntry(lines, root, "properties", "{error: {type: string}}")
	}
	if !ok {
		return nil
	}
	return &Fix{Title: "add error: {type: string} to outputs.properties", Edits: []Edit{edit}}
}
