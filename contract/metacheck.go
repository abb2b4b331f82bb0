package contract

import (
	"encoding/json"
	"regexp"
	"strings"
)

// This file proves common schemas valid against the draft 2020-12
// meta-schema without the library's general validator, which costs more per
// schema than reading and parsing the whole TOOL.md. The check is
// conservative: it answers true only for schemas it fully understands and
// finds valid; anything else (another draft, $id, $dynamicRef, $vocabulary,
// a number it cannot judge exactly, a violation) answers false, and the
// library validates the schema as before, with its own error messages. So a
// true answer only ever saves time, and a false one changes nothing.

// simpleTypes are the values of "type" in draft 2020-12.
var simpleTypes = map[string]bool{"array": true, "boolean": true, "integer": true, "null": true, "number": true, "object": true, "string": true}

// anchorString is the meta-schema's pattern for $anchor.
var anchorString = regexp.MustCompile(`^[A-Za-z_][-A-Za-z0-9._]*$`)

// Keyword groups of the draft 2020-12 meta-schema, by the shape of their value.
var (
	metaSchemaValued = map[string]bool{
		"items": true, "contains": true, "additionalProperties": true, "propertyNames": true,
		"if": true, "then": true, "else": true, "not": true,
		"unevaluatedItems": true, "unevaluatedProperties": true, "contentSchema": true,
	}
	metaSchemaArrays = map[string]bool{"prefixItems": true, "allOf": true, "anyOf": true, "oneOf": true}
	metaSchemaMaps   = map[string]bool{"$defs": true, "properties": true, "patternProperties": true, "dependentSchemas": true, "definitions": true}
	metaStrings      = map[string]bool{
		"$ref": true, "$comment": true, "pattern": true, "title": true, "description": true,
		"format": true, "contentEncoding": true, "contentMediaType": true,
	}
	metaNumbers      = map[string]bool{"maximum": true, "exclusiveMaximum": true, "minimum": true, "exclusiveMinimum": true}
	metaNonNegatives = map[string]bool{
		"maxLength": true, "minLength": true, "maxItems": true, "minItems": true,
		"maxContains": true, "minContains": true, "maxProperties": true, "minProperties": true,
	}
	metaBooleans = map[string]bool{"uniqueItems": true, "deprecated": true, "readOnly": true, "writeOnly": true}
	metaArrays   = map[string]bool{"enum": true, "examples": true}
	// metaUnsure are keywords this check does not judge: their presence sends
	// the schema to the library.
	metaUnsure = map[string]bool{
		"$schema": true, "$id": true, "$vocabulary": true, "$dynamicRef": true, "$dynamicAnchor": true,
		"$recursiveRef": true, "$recursiveAnchor": true, "dependencies": true,
	}
)

// provablyValid2020 reports whether v is certainly a valid draft 2020-12
// schema whose $refs all point inside the document.
func provablyValid2020(v any) bool {
	return metaSchema(v, 0)
}

func metaSchema(v any, depth int) bool {
	if depth > 200 {
		return false
	}
	switch s := v.(type) {
	case bool:
		return true
	case map[string]any:
		for k, val := range s {
			if !metaKeyword(k, val, depth) {
				return false
			}
		}
		return true
	}
	return false
}

func metaKeyword(k string, val any, depth int) bool {
	switch {
	case metaUnsure[k]:
		return false
	case metaSchemaValued[k]:
		return metaSchema(val, depth+1)
	case metaSchemaArrays[k]:
		arr, ok := val.([]any)
		if !ok || len(arr) == 0 {
			return false
		}
		for _, item := range arr {
			if !metaSchema(item, depth+1) {
				return false
			}
		}
		return true
	case metaSchemaMaps[k]:
		m, ok := val.(map[string]any)
		if !ok {
			return false
		}
		for _, sub := range m {
			if !metaSchema(sub, depth+1) {
				return false
			}
		}
		return true
	case k == "$ref":
		ref, ok := val.(string)
		return ok && strings.HasPrefix(ref, "#") // inside the document only
	case metaStrings[k]:
		_, ok := val.(string)
		return ok
	case k == "$anchor":
		a, ok := val.(string)
		return ok && anchorString.MatchString(a)
	case metaNumbers[k]:
		_, ok := val.(json.Number)
		return ok
	case k == "multipleOf":
		n, ok := val.(json.Number)
		return ok && isPlainPositive(string(n))
	case metaNonNegatives[k]:
		n, ok := val.(json.Number)
		return ok && isDigits(string(n))
	case metaBooleans[k]:
		_, ok := val.(bool)
		return ok
	case metaArrays[k]:
		_, ok := val.([]any)
		return ok
	case k == "type":
		return metaType(val)
	case k == "required":
		return uniqueStrings(val)
	case k == "dependentRequired":
		m, ok := val.(map[string]any)
		if !ok {
			return false
		}
		for _, list := range m {
			if !uniqueStrings(list) {
				return false
			}
		}
		return true
	}
	// const, default and any keyword the meta-schema does not name: any value.
	return true
}

func metaType(val any) bool {
	switch t := val.(type) {
	case string:
		return simpleTypes[t]
	case []any:
		if len(t) == 0 {
			return false
		}
		seen := map[string]bool{}
		for _, item := range t {
			s, ok := item.(string)
			if !ok || !simpleTypes[s] || seen[s] {
				return false
			}
			seen[s] = true
		}
		return true
	}
	return false
}

func uniqueStrings(val any) bool {
	arr, ok := val.([]any)
	if !ok {
		return false
	}
	seen := make(map[string]bool, len(arr))
	for _, item := range arr {
		s, ok := item.(string)
		if !ok || seen[s] {
			return false
		}
		seen[s] = true
	}
	return true
}

// isDigits: a non-negative integer written without sign, fraction or exponent.
func isDigits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// isPlainPositive: a number > 0 written without sign or exponent.
func isPlainPositive(s string) bool {
	whole, frac, _ := strings.Cut(s, ".")
	if !isDigits(whole) || (frac != "" && !isDigits(frac)) || strings.Contains(s, "..") {
		return false
	}
	return strings.Trim(whole+frac, "0") != ""
}
