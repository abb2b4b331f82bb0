package lint

import (
	"github.com/speccify/speccify-lint/contract"
	"github.com/speccify/speccify-lint/result"
)

var ruleErrorField = &Rule{ID: "error-field", Severity: result.SeverityWarning, Category: "schemas",
	Title: "outputs does not declare error as a string",
	Doc: "An answer with `ok: false` explains itself in an `error` string on stdout instead of crashing or " +
		"printing to stderr. Declare it in `outputs.properties` as `error: {type: string}`. The fix (safe) adds that " +
		"entry in the mapping's own style: in a flow mapping before its closing brace, with the separator its entries " +
		"use; in a block mapping on a line of its own after the last property, at its indentation (its value at the " +
		"column of the others' when they are aligned); when `outputs` " +
		"has no `properties`, it adds `properties: {error: {type: string}}` to `outputs` the same way. A property " +
		"whose name is a typo of `error` (`eror`, and no other as near) is renamed to `error`, in `properties` and in " +
		"`required`. There is no fix when the text is written through an alias, anchor, tag or merge key (the text " +
		"is shared) or when the near-miss name is no typo (`error_text`); nor for a schema of `error` that " +
		"rejects strings: replacing it would change what the author wrote, and this rule's fixes keep it. An " +
		"example whose error is no string is reported after the fix (example-output).",
	Example: "outputs: {type: object, required: [ok], properties: {ok: {type: boolean}}}",
	Fix:     "outputs: {type: object, required: [ok], properties: {ok: {type: boolean}, error: {type: string}}}",
	Autofix: result.SafeFix,
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
			r := rep
			if typoProperty(props, "error") == near {
				r = rep.withFixOf(renamePropertyFix(c.spec.Lines, s.field, near, "error"))
			}
			r.withHelp("did you mean error? rename %s to error", near).report(s.place(contract.PropertyPointer(near)), "outputs.properties.error", "outputs declares %s, not error", near)
			return
		}
		rep.withFixOf(errorFieldFix(c.spec.Lines, s.field)).withHelp("add properties: {error: {type: string}} for the message of an ok: false answer").report(over(s.field.Key.Span), "outputs.properties.error",
			"outputs does not declare error")
	} else if sub, err := s.schema.Sub("/properties/error"); err == nil && c.validate(s, sub, "message") != nil {
		rep.withHelp("use error: {type: string}").report(s.place("/properties/error"), "outputs.properties.error", "the schema of error does not accept a string")
	}
}

// errorFieldFix adds error: {type: string} to outputs.properties, in the
// style of that mapping, or, when outputs has no properties, adds
// properties: {error: {type: string}} to outputs, in its style. nil when
// the text does not say how (see contract.SchemaField.Collection).
func errorFieldFix(lines *contract.Lines, f *contract.SchemaField) *result.Fix {
	return addPropertyFix(lines, f, "error", "{type: string}")
}
