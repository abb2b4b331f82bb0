package contract

import (
	"maps"
	"slices"
	"strconv"
)

// The JSON Schema keywords, in one place: the rules that read a schema's
// text (yaml-split, the type name hints) and explore, which generates from
// the compiled schema, agree on them.

// schemaKeywords are the keywords of every draft (2020-12, 2019-09, 7, 6,
// 4) and the OpenAPI nullable.
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

// nameMapKeywords are the keywords whose value maps names (of properties,
// definitions, dependencies) to schemas or to lists of names: a key right
// under one is a name, not a keyword.
var nameMapKeywords = []string{
	"properties", "patternProperties", "$defs", "definitions", "dependentSchemas", "dependentRequired", "dependencies",
}

// textKeywords are the keywords whose value is free text.
var textKeywords = []string{"description", "title", "$comment"}

// SchemaKeywords are the JSON Schema keywords of every draft (a copy), in
// the order of the specification's sections.
func SchemaKeywords() []string { return slices.Clone(schemaKeywords) }

// IsNameMapKeyword reports whether k is a keyword whose value maps names
// to schemas or lists of names (properties, $defs, ...): a key right under
// it is a name, not a keyword.
func IsNameMapKeyword(k string) bool { return slices.Contains(nameMapKeywords, k) }

// IsSchemaKeyword reports whether k is a JSON Schema keyword of any draft.
func IsSchemaKeyword(k string) bool { return slices.Contains(schemaKeywords, k) }

// IsTextKeyword reports whether k is a keyword whose value is free text
// (description, title, $comment).
func IsTextKeyword(k string) bool { return slices.Contains(textKeywords, k) }

// InNameMap reports whether the mapping reached by the keys of a path into
// a schema (object keys; an array index is any key that is not a name-map
// keyword, such as "0" or "") holds names rather than keywords: it is the
// value of a name-map keyword (properties, $defs, dependentRequired, ...)
// of a mapping of keywords. In /properties/properties the second
// "properties" is a property's name, and the mapping under it holds
// keywords again.
func InNameMap(keys []string) bool {
	names := false
	for _, k := range keys {
		names = !names && slices.Contains(nameMapKeywords, k)
	}
	return names
}

// schemaPlace is where the value of a schema keyword holds schemas: where
// metaKeyword (proving a schema valid) and the shared schemas' keys
// (schemacache.go) recurse into them.
type schemaPlace int

const (
	noSchemas  schemaPlace = iota // a value: const, enum, type, an unknown keyword...
	oneSchema                     // items, not, ...
	schemaList                    // allOf, prefixItems, ...
	schemaMap                     // properties, $defs, ...
)

// placeOf is the schemaPlace of the keyword k.
func placeOf(k string) schemaPlace {
	switch k {
	case "items", "contains", "additionalProperties", "propertyNames", "if", "then", "else", "not",
		"unevaluatedItems", "unevaluatedProperties", "contentSchema":
		return oneSchema
	case "prefixItems", "allOf", "anyOf", "oneOf":
		return schemaList
	case "$defs", "properties", "patternProperties", "dependentSchemas", "definitions":
		return schemaMap
	}
	return noSchemas
}

// Subschemas calls f with each schema that the value v of the keyword k
// holds (the value of items, each entry of allOf, each value of
// properties, ...) and its JSON pointer relative to the keyword ("" for a
// keyword that holds one schema, "/0", "/name" escaped): how a reader of a
// schema's text walks into it.
func Subschemas(k string, v any, f func(rel string, s any)) {
	switch placeOf(k) {
	case oneSchema:
		f("", v)
	case schemaList:
		list, _ := v.([]any)
		for i, s := range list {
			f("/"+strconv.Itoa(i), s)
		}
	case schemaMap:
		m, _ := v.(map[string]any)
		for _, name := range slices.Sorted(maps.Keys(m)) {
			f("/"+escapePointer(name), m[name])
		}
	}
}
