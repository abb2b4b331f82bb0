package lint

import (
	"fmt"
	"slices"
	"strings"

	"github.com/speccify/speccify-lint/contract"
	"github.com/speccify/speccify-lint/result"
)

var ruleOKField = &Rule{ID: "ok-field", Severity: result.SeverityError, Category: "schemas",
	Title: "outputs does not require a boolean ok",
	Doc: "Every answer carries `ok`, and the exit code follows it. `outputs` must list `ok` under `required` and its " +
		"property schema must accept both `true` and `false` (the error case is part of the contract): " +
		"`{type: boolean}` passes, `{const: true}` does not. The fixes are unsafe (answers that passed may no longer " +
		"pass): when `ok` is declared but not required, the fix adds it first to `required` in the list's style, or " +
		"`required: [ok]` to `outputs` when it has none; when `ok` is not declared, it adds `ok: {type: boolean}` to " +
		"`outputs.properties` in the mapping's style (a line at the indentation of its keys, its value aligned with " +
		"theirs when they are aligned, or before the closing " +
		"brace), or `properties: {ok: {type: boolean}}` to `outputs`; a property whose name is a typo of `ok` " +
		"(`okk`, and no other as near) is renamed to `ok`, in `properties` and in `required`; a schema of `ok` that " +
		"rejects `true` or `false` is replaced by `{type: boolean}` (its other keywords go with it). There is no " +
		"fix when the text is written through an alias, anchor, tag or merge key. What a fix reveals, such as an " +
		"example whose output has no `ok`, is reported after it (example-output).",
	Example: "outputs: {type: object, properties: {ok: {const: true}}}",
	Fix:     "outputs: {type: object, required: [ok], properties: {ok: {type: boolean}}}",
	Autofix: result.UnsafeFix,
	static:  checkOKField}

// checkOKField: outputs requires ok, declares it, and its schema accepts both
// true and false.
func checkOKField(c *toolCheck, rep reporter) {
	_, s := c.schemas()
	if s == nil || s.schema == nil {
		return
	}
	root, _ := s.doc.Value.(map[string]any)
	required, _ := root["required"].([]any)
	props, _ := root["properties"].(map[string]any)
	if !slices.Contains(required, any("ok")) {
		p := over(s.field.Key.Span)
		if _, ok := root["required"]; ok {
			p = s.place("/required")
		}
		r := rep
		if _, declared := props["ok"]; declared {
			r = rep.withFixOf(okRequiredFix(c.spec.Lines, s.field))
		}
		r.withHelp("add ok to required (required: [ok, ...]) so every answer says whether it worked").report(p, "outputs.required", "outputs does not require ok")
	}
	if _, ok := props["ok"]; !ok {
		if near := nearProperty(props, "ok"); near != "" {
			r := rep
			if typoProperty(props, "ok") == near {
				r = rep.withFixOf(renamePropertyFix(c.spec.Lines, s.field, near, "ok"))
			}
			r.withHelp("did you mean ok? rename %s to ok", near).report(s.place(contract.PropertyPointer(near)), "outputs.properties.ok", "outputs declares %s, not ok", near)
			return
		}
		rep.withFixOf(addPropertyFix(c.spec.Lines, s.field, "ok", "{type: boolean}")).withHelp("add properties: {ok: {type: boolean}}").report(over(s.field.Key.Span), "outputs.properties.ok",
			"outputs does not declare ok")
	} else if sub, err := s.schema.Sub("/properties/ok"); err == nil {
		var rejected []string
		for _, b := range []bool{true, false} {
			if c.validate(s, sub, b) != nil {
				rejected = append(rejected, fmt.Sprint(b))
			}
		}
		if len(rejected) > 0 {
			rep.withFixOf(replacePropertyFix(c.spec.Lines, s.field, "ok", "{type: boolean}")).withHelp("use ok: {type: boolean}: ok must take both values, since the error case is part of the contract").report(s.place("/properties/ok"), "outputs.properties.ok",
				"the schema of ok rejects %s", strings.Join(rejected, " and "))
		}
	}
}

// okRequiredFix adds ok to outputs.required: first in a list, in its style,
// or, when outputs has no required, required: [ok] in the style of outputs.
// nil when the text does not say how (see contract.SchemaField.Collection).
func okRequiredFix(lines *contract.Lines, f *contract.SchemaField) *result.Fix {
	var edit contract.Edit
	ok := false
	if req := f.Collection("required"); req != nil {
		edit, ok = contract.AddListItem(lines, req, "ok")
	} else if root := f.Collection(); root != nil && !root.Has("required") {
		edit, ok = contract.AddMapEntry(lines, root, "required", "[ok]")
	}
	if !ok {
		return nil
	}
	return &result.Fix{Title: "add ok to outputs.required", Edits: []contract.Edit{edit}}
}
