package mcpprofile

import (
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strconv"
	"unicode/utf8"

	"github.com/speccify/speccify-lint/contract"
)

// maxProfileFindings bounds the findings of one profile in one schema: a
// schema of ten thousand optional properties is one fix, not ten thousand
// lines; the last finding says how many more there are.
const maxProfileFindings = 50

// maxProfileDepth bounds how deep the walk goes: the YAML reader already
// refuses deeper documents, this keeps the walk bounded whatever it gets.
const maxProfileDepth = 1000

// Problem is one place where a schema breaks a constraint of a profile:
// a finding of the mcp-tool rule, made by package lint.
type Problem struct {
	// Constraint is the constraint broken.
	Constraint Constraint
	// Pointer is the JSON pointer, in the schema, of the keyword the
	// finding is at.
	Pointer string
	// Key and Message are the finding's key (see Key) and message.
	Key, Message string
}

// Help is what the finding's help says: what the client takes instead,
// and the page of its documentation that says so.
func (pr Problem) Help() string {
	return fmt.Sprintf("%s (%s)", pr.Constraint.Why, pr.Constraint.Source)
}

// Walk checks the schema doc (the JSON value of the contract's field
// named schema, "inputs" or "outputs", as written) against the profile's
// constraints: the problems found, at most maxProfileFindings, and how
// many more there are.
func (p *Profile) Walk(schema string, doc any) (problems []Problem, more int) {
	w := &profileWalk{p: p, schema: schema}
	w.walk(doc, "", 1, 0)
	return w.problems, w.more
}

// profileWalk is one profile's walk over one schema.
type profileWalk struct {
	p        *Profile
	schema   string
	problems []Problem
	// more counts the findings past maxProfileFindings.
	more int
	// properties and enums count what the schema holds so far; reported
	// holds the count checks that found their limit passed.
	properties, enums, chars int
	reported                 map[Check]bool
}

// report makes the finding of constraint c at the keyword at pointer.
func (w *profileWalk) report(c Constraint, pointer, keyword, detail string) {
	w.reportAbout(c, pointer, pointer, keyword, detail)
}

// reportAbout makes the finding of constraint c about the schema at the
// pointer about, located at the keyword at pointer.
func (w *profileWalk) reportAbout(c Constraint, pointer, about, keyword, detail string) {
	if len(w.problems) >= maxProfileFindings {
		w.more++
		return
	}
	at := w.schema + pointer
	if detail != "" {
		detail = " " + detail
	}
	w.problems = append(w.problems, Problem{Constraint: c, Pointer: pointer, Key: Key(w.p.Name, c.Verdict, at),
		Message: fmt.Sprintf("%s %s %s%s at %s", w.p.Name, c.Verdict, keyword, detail, w.place(about))})
}

// place is the schema place to name in a message: inputs, or
// inputs/properties/a.
func (w *profileWalk) place(pointer string) string { return shown(w.schema + pointer) }

// plainName matches a key or pointer that a message shows as it is.
var plainName = regexp.MustCompile(`^[$A-Za-z0-9_.~/-]*$`)

// shown is s as a message shows a name from the contract: as it is, or
// quoted when it holds anything but letters, digits and $_.~/-, so that no
// line break or control character of a key reaches a report unquoted.
func shown(s string) string {
	if plainName.MatchString(s) {
		return s
	}
	return strconv.Quote(s)
}

// once reports whether a count check has not reported yet, and marks it.
func (w *profileWalk) once(check Check) bool {
	if w.reported[check] {
		return false
	}
	if w.reported == nil {
		w.reported = map[Check]bool{}
	}
	w.reported[check] = true
	return true
}

// walk checks the schema v at pointer, an object schema nested depth deep
// (the root is 1), walked level levels into the document.
func (w *profileWalk) walk(v any, pointer string, depth, level int) {
	m, ok := v.(map[string]any)
	if !ok || level > maxProfileDepth {
		return
	}
	keys := slices.Sorted(maps.Keys(m))
	if w.p.Supported != nil {
		for _, k := range keys {
			if !slices.Contains(w.p.Supported, k) {
				w.report(w.p.Others, pointer+"/"+escapeToken(k), shown(k), "")
			}
		}
	}
	for _, c := range w.p.Constraints {
		w.constraint(c, m, pointer, depth)
	}
	if isObjectSchema(m) {
		depth++
	}
	for _, k := range keys {
		contract.Subschemas(k, m[k], func(rel string, sub any) {
			w.walk(sub, pointer+"/"+escapeToken(k)+rel, depth, level+1)
		})
	}
}

// constraint checks the constraint c on the schema object m at pointer.
func (w *profileWalk) constraint(c Constraint, m map[string]any, pointer string, depth int) {
	kw := c.Keyword
	at := pointer + "/" + escapeToken(kw)
	v, has := m[kw]
	switch c.Check {
	case CheckKey:
		if has {
			w.report(c, at, kw, "")
		}
	case CheckRootKey:
		if has && pointer == "" {
			w.report(c, at, kw, "")
		}
	case CheckClosed:
		if !isObjectSchema(m) {
			return
		}
		switch {
		case !has:
			w.reportAbout(c, objectKeyword(m, pointer), pointer, "an object without additionalProperties: false", "")
		case v != false:
			w.report(c, at, kw, "other than false")
		}
	case CheckAllRequired:
		props, _ := m["properties"].(map[string]any)
		req, _ := m["required"].([]any)
		for _, k := range slices.Sorted(maps.Keys(props)) {
			if !slices.Contains(req, any(k)) {
				w.report(c, pointer+contract.PropertyPointer(k), "the optional property "+strconv.Quote(k), "")
			}
		}
	case CheckSingleType:
		if _, list := v.([]any); has && list {
			w.report(c, at, kw, "as a list")
		}
	case CheckStringValues:
		list, _ := v.([]any)
		for _, e := range list {
			if _, isString := e.(string); !isString {
				w.report(c, at, kw, "with a value that is not a string")
				break
			}
		}
	case CheckValueIn:
		if s, isString := v.(string); has && (!isString || !slices.Contains(c.Values, s)) {
			w.report(c, at, kw, shown(fmt.Sprint(v)))
		}
	case CheckDepth:
		if depth > c.Limit && isObjectSchema(m) && w.once(c.Check) {
			w.reportAbout(c, objectKeyword(m, pointer), pointer, "an object", fmt.Sprintf("nested %d levels deep", depth))
		}
	case CheckPropertyCount:
		props, _ := m["properties"].(map[string]any)
		w.properties += len(props)
		if w.properties > c.Limit && w.once(c.Check) {
			w.report(c, at, fmt.Sprintf("more than %d properties in one schema,", c.Limit), "")
		}
	case CheckEnumCount:
		list, _ := v.([]any)
		w.enums += len(list)
		if w.enums > c.Limit && w.once(c.Check) {
			w.report(c, at, fmt.Sprintf("more than %d enum values in one schema,", c.Limit), "")
		}
	case CheckStringChars:
		for _, k := range []string{"properties", "$defs", "definitions", "enum", "const"} {
			w.chars += stringChars(k, m[k])
			if w.chars > c.Limit && w.once(c.Check) {
				w.report(c, pointer+"/"+escapeToken(k), fmt.Sprintf("more than %d characters of names and values in one schema,", c.Limit), "")
			}
		}
	case CheckEnumChars:
		list, _ := v.([]any)
		if n := stringChars("enum", v); len(list) > c.Over && n > c.Limit {
			w.report(c, at, kw, fmt.Sprintf("of %d values with %d characters", len(list), n))
		}
	}
}

// stringChars counts the characters (runes) that the value v of keyword k
// adds to the names and values OpenAI bounds: the keys of properties,
// $defs and definitions, the strings of enum, a const that is a string.
func stringChars(k string, v any) int {
	n := 0
	switch k {
	case "enum":
		list, _ := v.([]any)
		for _, e := range list {
			if s, isString := e.(string); isString {
				n += utf8.RuneCountInString(s)
			}
		}
	case "const":
		s, _ := v.(string)
		n = utf8.RuneCountInString(s)
	default:
		names, _ := v.(map[string]any)
		for name := range names {
			n += utf8.RuneCountInString(name)
		}
	}
	return n
}

// isObjectSchema reports whether the schema object m is for objects: its
// type is object (or a list with object), or it has properties.
func isObjectSchema(m map[string]any) bool {
	switch t := m["type"].(type) {
	case string:
		return t == "object"
	case []any:
		return slices.Contains(t, any("object"))
	}
	_, has := m["properties"]
	return has
}

// objectKeyword is the pointer of the keyword that makes m an object
// schema, where a finding about the object as a whole goes: its type, else
// its properties.
func objectKeyword(m map[string]any, pointer string) string {
	if _, has := m["type"]; has {
		return pointer + "/type"
	}
	return pointer + "/properties"
}

// escapeToken is a key as a JSON pointer token (RFC 6901): the pointer of
// property k is contract.PropertyPointer(k), of any key "/"+escapeToken(k).
func escapeToken(k string) string {
	return contract.PropertyPointer(k)[len("/properties/"):]
}
