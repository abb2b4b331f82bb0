package contract

import (
	"encoding/json"
	"net/url"
	"regexp"
	"slices"
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

// anchorString is the meta-schema's pattern for $anchor.
var anchorString = regexp.MustCompile(`^[A-Za-z_][-A-Za-z0-9._]*$`)

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

// metaKeyword judges the keyword k of a schema with the value val. Its cases
// are the keyword groups of the draft 2020-12 meta-schema, by the shape of
// their value.
func metaKeyword(k string, val any, depth int) bool {
	switch placeOf(k) {
	case oneSchema:
		return metaSchema(val, depth+1)
	case schemaList:
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
	case schemaMap:
		m, ok := val.(map[string]any)
		if !ok {
			return false
		}
		for name, sub := range m {
			if k == "patternProperties" && !isPattern(name) { // propertyNames: {format: regex}
				return false
			}
			if !metaSchema(sub, depth+1) {
				return false
			}
		}
		return true
	}
	switch k {
	case "$schema", "$id", "$vocabulary", "$dynamicRef", "$dynamicAnchor",
		"$recursiveRef", "$recursiveAnchor", "dependencies":
		// Keywords this check does not judge: their presence sends the
		// schema to the library.
		return false
	case "$ref":
		ref, ok := val.(string)
		return ok && strings.HasPrefix(ref, "#") && isURIReference(ref) // inside the document only
	case "pattern":
		p, ok := val.(string)
		return ok && isPattern(p) // format: regex
	case "$comment", "title", "description",
		"format", "contentEncoding", "contentMediaType":
		_, ok := val.(string)
		return ok
	case "$anchor":
		a, ok := val.(string)
		return ok && anchorString.MatchString(a)
	case "maximum", "exclusiveMaximum", "minimum", "exclusiveMinimum":
		_, ok := val.(json.Number)
		return ok
	case "multipleOf":
		n, ok := val.(json.Number)
		return ok && isPlainPositive(string(n))
	case "maxLength", "minLength", "maxItems", "minItems",
		"maxContains", "minContains", "maxProperties", "minProperties":
		n, ok := val.(json.Number)
		return ok && isDigits(string(n))
	case "uniqueItems", "deprecated", "readOnly", "writeOnly":
		_, ok := val.(bool)
		return ok
	case "enum", "examples":
		_, ok := val.([]any)
		return ok
	case "type":
		return metaType(val)
	case "required":
		return uniqueStrings(val)
	case "dependentRequired":
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

// isURIReference reports whether s passes the library's check of the
// meta-schema's format "uri-reference": no backslash, and a URL that
// url.Parse accepts.
func isURIReference(s string) bool {
	if strings.Contains(s, `\`) {
		return false
	}
	_, err := url.Parse(s)
	return err == nil
}

// typeSet is a set of the values of "type" in draft 2020-12, one bit each,
// so that checking a list of them for repeats allocates nothing.
type typeSet uint8

// schemaTypes are the names "type" may hold, in the order messages list them.
var schemaTypes = []string{"string", "number", "integer", "boolean", "object", "array", "null"}

// typeBit is the bit of the simple type name s, or 0 when s is not one.
func typeBit(s string) typeSet {
	if i := slices.Index(schemaTypes, s); i >= 0 {
		return 1 << i
	}
	return 0
}

// add adds the type name s to the set; it reports false when s is not a
// type name or is in the set already.
func (set *typeSet) add(s string) bool {
	bit := typeBit(s)
	if bit == 0 || *set&bit != 0 {
		return false
	}
	*set |= bit
	return true
}

// metaType: "type" is a type name, or a non-empty list of distinct ones.
func metaType(val any) bool {
	switch t := val.(type) {
	case string:
		return typeBit(t) != 0
	case []any:
		if len(t) == 0 {
			return false
		}
		var seen typeSet
		for _, item := range t {
			if s, ok := item.(string); !ok || !seen.add(s) {
				return false
			}
		}
		return true
	}
	return false
}

// smallUnique is the length up to which uniqueStrings compares the items
// pairwise instead of filling a set.
const smallUnique = 8

func uniqueStrings(val any) bool {
	arr, ok := val.([]any)
	if !ok {
		return false
	}
	if len(arr) <= smallUnique {
		for i, item := range arr {
			s, ok := item.(string)
			if !ok {
				return false
			}
			for _, prev := range arr[:i] {
				if prev.(string) == s {
					return false
				}
			}
		}
		return true
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
