package lint

import (
	"fmt"
	"slices"

	"github.com/speccify/speccify-lint/contract"
)

// The fixes of outputs' ok and error properties (ok-field, error-field):
// declare one, rename a near miss to it, give it the schema the convention
// wants. Each edits the text of outputs in its own style and is nil when
// the text does not say how (see contract.SchemaField.Collection).

// addPropertyFix declares the property name with the schema (a flow
// mapping such as "{type: string}") in outputs.properties, in the style of
// that mapping, or, when outputs has no properties, adds
// properties: {name: schema} to outputs, in its style.
func addPropertyFix(lines *contract.Lines, f *contract.SchemaField, name, schema string) *Fix {
	var edit contract.Edit
	ok := false
	if props := f.Collection("properties"); props != nil {
		edit, ok = contract.AddMapEntry(lines, props, name, schema)
	} else if root := f.Collection(); root != nil && !root.Has("properties") {
		edit, ok = contract.AddMapEntry(lines, root, "properties", "{"+name+": "+schema+"}")
	}
	if !ok {
		return nil
	}
	return &Fix{Title: fmt.Sprintf("add %s: %s to %s.properties", name, schema, f.Key.Name), Edits: []contract.Edit{edit}}
}

// renamePropertyFix renames the property near of outputs.properties to
// name (a typo: eror to error), quoted as it was, and near to name in
// outputs.required, where the property is named too; nil when one of them
// cannot be edited in place or name is declared already.
func renamePropertyFix(lines *contract.Lines, f *contract.SchemaField, near, name string) *Fix {
	props := f.Collection("properties")
	e := props.Lookup(near)
	if e == nil || props.Lookup(name) != nil {
		return nil
	}
	edit, ok := contract.RenameKey(lines, e, name)
	if !ok {
		return nil
	}
	edits := []contract.Edit{edit}
	if root := f.Collection(); root.Has("required") {
		req := f.Collection("required")
		if req == nil || !req.List {
			return nil // written through an alias, or no list
		}
		named := false
		for _, item := range req.Entries {
			named = named || item.Text == name
			if item.Text != near {
				continue
			}
			edit, ok := contract.ReplaceName(lines, item.ValueSpan, near, name)
			if !item.Own || !ok {
				return nil
			}
			edits = append(edits, edit)
		}
		if named && len(edits) > 1 {
			return nil // required names both: the renamed one would be there twice
		}
	}
	slices.SortFunc(edits, func(a, b contract.Edit) int { return a.Start.Offset - b.Start.Offset })
	return &Fix{Title: fmt.Sprintf("rename %s to %s", near, name), Edits: edits}
}

// replacePropertyFix writes schema (a flow mapping) over the schema of the
// property name of outputs.properties, when that is written in place.
func replacePropertyFix(lines *contract.Lines, f *contract.SchemaField, name, schema string) *Fix {
	e := f.Collection("properties").Lookup(name)
	if e == nil {
		return nil
	}
	edit, ok := contract.ReplaceValue(lines, e, schema)
	if !ok {
		return nil
	}
	return &Fix{Title: fmt.Sprintf("use %s: %s", name, schema), Edits: []contract.Edit{edit}}
}
