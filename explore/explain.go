package explore

import (
	"slices"
	"strconv"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v6/kind"

	"github.com/speccify/speccify-lint/contract"
)

// explain names the failures of v against the schema, sorted and distinct:
// the validator's typed violations (contract.Schema.Violations), each named
// by its JSON path and keyword ("below minimum 1 at /n"). A valid v, or one
// the validator could not judge (a pattern that took too long), has none.
func explain(sch *contract.Schema, v any) []string {
	if sch == nil {
		return nil
	}
	var out []string
	for _, vi := range sch.Violations(sch.Validate(v), v) {
		if vi.Outer != nil {
			// One alternative's or item's failure: the name is the
			// alternatives' or items'.
			vi = contract.Violation{Pointer: vi.OuterPointer, Kind: vi.Outer, Property: vi.Property}
		}
		if k, ok := vi.Kind.(*kind.Type); ok && k.Got == "number" {
			// The validator calls every number a number; the names say
			// integer for a whole one, as typeOf does.
			if x, ok := valueAtPointer(v, vi.Pointer); ok {
				vi.Kind = &kind.Type{Got: typeOf(x), Want: k.Want}
			}
		}
		out = append(out, names(vi)...)
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// kindOf is an invalid input's Kind: the names of its failures.
func kindOf(sch *contract.Schema, v any) string {
	if names := explain(sch, v); len(names) > 0 {
		return strings.Join(names, "; ")
	}
	return "invalid"
}

// valueAtPointer returns the value at a JSON pointer of root.
func valueAtPointer(root any, pointer string) (any, bool) {
	if pointer == "" {
		return root, true
	}
	for _, tok := range strings.Split(pointer[1:], "/") {
		tok = strings.ReplaceAll(strings.ReplaceAll(tok, "~1", "/"), "~0", "~")
		switch c := root.(type) {
		case map[string]any:
			v, ok := c[tok]
			if !ok {
				return nil, false
			}
			root = v
		case []any:
			i, err := strconv.Atoi(tok)
			if err != nil || i < 0 || i >= len(c) {
				return nil, false
			}
			root = c[i]
		default:
			return nil, false
		}
	}
	return root, true
}
