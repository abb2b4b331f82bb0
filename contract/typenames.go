package contract

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/speccify/speccify-lint/internal/suggest"
)

// typeNameIssues replaces the meta-schema's complaints about a "type" that
// names no JSON Schema type (the enum of names, and "got string, want array"
// from the list form's alternative) by one issue per unknown name, at the
// name, with the nearest type name: "type: intger" says
// `unknown type "intger"; did you mean integer?`. The other issues are kept
// as they are.
func typeNameIssues(issues []SchemaIssue, instance any) []SchemaIssue {
	out := make([]SchemaIssue, 0, len(issues))
	done := map[string]bool{}
	for _, is := range issues {
		ptr, ok := typeKeyword(is.Pointer)
		var unknown []SchemaIssue
		if ok {
			unknown = unknownTypes(ptr, valueAt(instance, ptr))
		}
		if len(unknown) == 0 {
			out = append(out, is)
			continue
		}
		if !done[ptr] {
			done[ptr] = true
			out = append(out, unknown...)
		}
	}
	return out
}

// unknownTypes are the issues of the type keyword's value v at ptr: each
// name in it that is no type (v itself, or the strings of a list), else a
// list that is empty or repeats a name, else a value that is neither a name
// nor a list. None when v is a valid type.
func unknownTypes(ptr string, v any) []SchemaIssue {
	var out []SchemaIssue
	types := strings.Join(schemaTypes, ", ")
	switch t := v.(type) {
	case string:
		if typeBit(t) == 0 {
			out = append(out, SchemaIssue{Pointer: ptr, Msg: unknownTypeMsg(t), Want: suggest.Meant(t, schemaTypes)})
		}
	case []any:
		var seen typeSet
		for i, item := range t {
			p := ptr + "/" + strconv.Itoa(i)
			switch s, ok := item.(string); {
			case !ok:
				out = append(out, SchemaIssue{Pointer: p, Msg: "a type in the list is not a name; the JSON Schema types are " + types})
			case typeBit(s) == 0:
				is := SchemaIssue{Pointer: p, Msg: unknownTypeMsg(s), Want: suggest.Meant(s, schemaTypes)}
				if slices.Contains(t, any(is.Want)) {
					is.Want = "" // the list has it already: the name is to remove, not to rename
				}
				out = append(out, is)
			case !seen.add(s):
				out = append(out, SchemaIssue{Pointer: p, Msg: fmt.Sprintf("type lists %q twice; name each type once", s)})
			}
		}
		if len(t) == 0 {
			out = append(out, SchemaIssue{Pointer: ptr, Msg: "type is an empty list; name at least one of " + types})
		}
	default:
		out = append(out, SchemaIssue{Pointer: ptr, Msg: "type must be a type name or a list of them: " + types})
	}
	return out
}

func unknownTypeMsg(s string) string {
	if near := suggest.Nearest(s, schemaTypes); near != "" {
		return fmt.Sprintf("unknown type %q; did you mean %s?", s, near)
	}
	return fmt.Sprintf("unknown type %q; the JSON Schema types are %s", s, strings.Join(schemaTypes, ", "))
}

// typeKeyword is the pointer of the type keyword that the issue pointer ptr
// is at or in (".../type" or ".../type/0"), if it is one: not a property
// or definition named type (see InNameMap).
func typeKeyword(ptr string) (string, bool) {
	tokens := strings.Split(ptr, "/")
	n := len(tokens)
	if n >= 2 && isDigits(tokens[n-1]) && tokens[n-2] == "type" {
		tokens, n = tokens[:n-1], n-1
	}
	if n < 2 || tokens[n-1] != "type" || InNameMap(tokens[1:n-1]) {
		return "", false
	}
	return strings.Join(tokens, "/"), true
}
