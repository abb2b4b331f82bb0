package lint

import (
	"fmt"

	"github.com/speccify/speccify-lint/contract"
	"github.com/speccify/speccify-lint/result"
)

// The fixes of outputs' ok and error properties (ok-field, error-field):
// declare one, rename a near miss to it, give it the schema the convention
// wants; the edits are contract's (contract.AddProperty, ...), nil when
// the text does not say how.

// addPropertyFix declares the property name with the schema in
// outputs.properties (contract.AddProperty).
func addPropertyFix(lines *contract.Lines, f *contract.SchemaField, name, schema string) *result.Fix {
	edit, ok := contract.AddProperty(lines, f, name, schema)
	if !ok {
		return nil
	}
	return &result.Fix{Title: fmt.Sprintf("add %s: %s to %s.properties", name, schema, f.Key.Name), Edits: []contract.Edit{edit}}
}

// renamePropertyFix renames the property near of outputs.properties to
// name, and in outputs.required (contract.RenameProperty).
func renamePropertyFix(lines *contract.Lines, f *contract.SchemaField, near, name string) *result.Fix {
	edits, ok := contract.RenameProperty(lines, f, near, name)
	if !ok {
		return nil
	}
	return &result.Fix{Title: fmt.Sprintf("rename %s to %s", near, name), Edits: edits}
}

// replacePropertyFix writes schema over the schema of the property name of
// outputs.properties (contract.ReplaceProperty).
func replacePropertyFix(lines *contract.Lines, f *contract.SchemaField, name, schema string) *result.Fix {
	edit, ok := contract.ReplaceProperty(lines, f, name, schema)
	if !ok {
		return nil
	}
	return &result.Fix{Title: fmt.Sprintf("use %s: %s", name, schema), Edits: []contract.Edit{edit}}
}
