package contract

import (
	"fmt"
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

// unknownTypes are the issues of the names in the type keyword's value v at
// ptr that are no type: v itself when it is a string, or the strings of a
// list.
func unknownTypes(ptr string, v any) []SchemaIssue {
	var out []SchemaIssue
	check := func(p string, item any) {
		if s, ok := item.(string); ok && typeBit(s) == 0 {
			out = append(out, SchemaIssue{Pointer: p, Msg: unknownTypeMsg(s)})
		}
	}
	switch t := v.(type) {
	case string:
		check(ptr, t)
	case []any:
		for i, item := range t {
			check(ptr+"/"+strconv.Itoa(i), item)
		}
	}
	return out
}

func unknownTypeMsg(s string) string {
	if near := suggest.Nearest(s, SchemaTypes); near != "" {
		return fmt.Sprintf("unknown type %q; did you mean %s?", s, near)
	}
	return fmt.Sprintf("unknown type %q; the JSON Schema types are %s", s, strings.Join(SchemaTypes, ", "))
}

// schemaMaps are the keywords whose value maps names to schemas: a "type"
// right under one is a property (or definition) named type, not the keyword.
var schemaMaps = []string{"properties", "patternProperties", "$defs", "definitions", "dependentSchemas"}

// typeKeyword is the pointer of the type keyword that the issue pointer ptr
// is at or in (".../type" or ".../type/0"), if it is one.
func typeKeyword(ptr string) (string, bool) {
	tokens := strings.Split(ptr, "/")
	n := len(tokens)
	if n >= 2 && isDigits(tokens[n-1]) && tokens[n-2] == "type" {
		tokens, n = tokens[:n-1], n-1
	}
	if n < 2 || tokens[n-1] != "type" {
		return "", false
	}
	if n >= 3 {
		for _, m := range schemaMaps {
			if tokens[n-2] == m {
				return "", false
			}
		}
	}
	return strings.Join(tokens, "/"), true
}
