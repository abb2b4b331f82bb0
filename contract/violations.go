package contract

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/santhosh-tekuri/jsonschema/v6/kind"
)

// Violation is one failure of a value against a schema: a leaf of the
// validator's typed error. Every reader of validation failures (the
// rules' messages, explore-output-schema's keyword, explore's names of
// invalid inputs) takes them from Violations.
type Violation struct {
	// Pointer is the JSON pointer of the failing value in the value ("" for
	// the value itself). For the failure of a property name (under
	// propertyNames) it is the property's.
	Pointer string
	// Keyword is the JSON pointer, into the schema document from TOOL.md,
	// of the keyword that failed ("/properties/count/minimum",
	// "/required"); "" when that keyword is in another document (a file a
	// $ref names) or unknown.
	Keyword string
	// Property is, for the failure of a property name under propertyNames,
	// that name; "" otherwise.
	Property string
	// Kind is the validator's typed failure: *kind.Required,
	// *kind.Minimum, *kind.Type, ...
	Kind jsonschema.ErrorKind
	// Msg is the failure in words.
	Msg string
	// Outer is, for a failure that only explains one made of others, that
	// outermost one: an anyOf or oneOf none of whose alternatives matched
	// (the failure is one alternative's), a contains that too few items
	// matched (the failure is one item's); nil otherwise. OuterPointer is
	// where it is.
	Outer        jsonschema.ErrorKind
	OuterPointer string
}

// composite reports whether a failure's causes explain why alternatives
// or items did not match rather than being failures of their own.
func composite(k jsonschema.ErrorKind) bool {
	switch k.(type) {
	case *kind.AnyOf, *kind.OneOf, *kind.Contains, *kind.MinContains:
		return true
	}
	return false
}

// Violations flattens the validation error err of the value instance
// against s into its leaf failures, ordered by the value's place (the
// pointer's tokens, array indexes as numbers), then in the validator's
// order: the validator walks an object's members as a map, in no fixed
// order, so its own order would change from run to run. None when err is
// nil or no validation error.
func (s *Schema) Violations(err error, instance any) []Violation {
	return violations(err, instance, s.loc)
}

// violations flattens a validation error of instance; loc is the address
// of the TOOL.md schema document, for Violation.Keyword.
func violations(err error, instance any, loc string) []Violation {
	var ve *jsonschema.ValidationError
	if !errors.As(err, &ve) {
		return nil
	}
	var out []Violation
	// parent is where the enclosing failure is. prefix is "" except under a
	// propertyNames failure, whose causes are failures of the property name
	// with locations relative to it: they are placed at the property.
	var outer jsonschema.ErrorKind
	outerAt := ""
	var walk func(e *jsonschema.ValidationError, parent, prefix, property string)
	walk = func(e *jsonschema.ValidationError, parent, prefix, property string) {
		at := prefix + pointerOf(e.InstanceLocation)
		if k, ok := e.ErrorKind.(*kind.PropertyNames); ok {
			// The library's location of a propertyNames failure has the
			// right length, but its tokens can be overwritten by the
			// validation that follows (it keeps its working slice): the
			// object is the one at that depth with the property, when only
			// one has it, else the enclosing failure's value.
			at = parent
			if obj, ok := uniqueObjectWith(instance, len(e.InstanceLocation), k.Property); ok {
				at = obj + "/" + escapePointer(k.Property)
			}
			prefix, property = at, k.Property
		}
		if len(e.Causes) == 0 {
			out = append(out, Violation{Pointer: at, Keyword: keywordPointer(e, loc), Property: property,
				Kind: e.ErrorKind, Msg: violationMsg(e.ErrorKind), Outer: outer, OuterPointer: outerAt})
			return
		}
		if outer == nil && composite(e.ErrorKind) {
			outer, outerAt = e.ErrorKind, at
			defer func() { outer, outerAt = nil, "" }()
		}
		for _, c := range e.Causes {
			walk(c, at, prefix, property)
		}
	}
	walk(ve, "", "", "")
	slices.SortStableFunc(out, func(a, b Violation) int { return comparePointers(a.Pointer, b.Pointer) })
	return out
}

// comparePointers orders JSON pointers token by token, array indexes (and
// other tokens that are both decimal numbers) by their value.
func comparePointers(a, b string) int {
	ta, tb := strings.Split(a, "/"), strings.Split(b, "/")
	for i := 0; i < len(ta) && i < len(tb); i++ {
		if ta[i] == tb[i] {
			continue
		}
		na, errA := strconv.ParseUint(ta[i], 10, 64)
		nb, errB := strconv.ParseUint(tb[i], 10, 64)
		if errA == nil && errB == nil && na != nb {
			if na < nb {
				return -1
			}
			return 1
		}
		return strings.Compare(ta[i], tb[i])
	}
	return len(ta) - len(tb)
}

// violationMsg is the message of a failure.
func violationMsg(k jsonschema.ErrorKind) string {
	if k, ok := k.(*kind.RefCycle); ok {
		// Its text names the schema by its internal address.
		_, ptr, _ := strings.Cut(k.URL, "#")
		return fmt.Sprintf("a reference cycle: %s and %s lead to the same schema (#%s) without moving into the value",
			keywordPath(k.KeywordLocation1), keywordPath(k.KeywordLocation2), ptr)
	}
	if k, ok := k.(*kind.AdditionalProperties); ok {
		// The validator lists them as it met them walking the object, a
		// map: in no fixed order. Sorted, the message is the same each run.
		k.Properties = slices.Sorted(slices.Values(k.Properties))
	}
	return k.LocalizedString(englishPrinter)
}

// keywordPointer is the JSON pointer of the keyword of the failure e in
// the document at loc, or "".
func keywordPointer(e *jsonschema.ValidationError, loc string) string {
	doc, frag, ok := strings.Cut(e.SchemaURL, "#")
	if !ok || loc == "" || doc != loc {
		return ""
	}
	p := frag
	if e.ErrorKind != nil {
		p += pointerOf(e.ErrorKind.KeywordPath())
	}
	return p
}

// ValidationIssues flattens a validation error of the value instance into
// its leaf failures, each at the JSON pointer of the failing value, in a
// stable order.
func ValidationIssues(err error, instance any) []SchemaIssue {
	vs := violations(err, instance, "")
	if vs == nil {
		return []SchemaIssue{{Msg: err.Error()}}
	}
	out := make([]SchemaIssue, len(vs))
	for i, v := range vs {
		out[i] = SchemaIssue{Pointer: v.Pointer, Msg: v.Msg}
	}
	slices.SortStableFunc(out, func(a, b SchemaIssue) int { return strings.Compare(a.Pointer, b.Pointer) })
	return slices.Compact(out)
}

// FailedKeyword is the JSON pointer, into the schema document the schema
// was compiled from, of the keyword whose failure is the first leaf of the
// validation error err ("/properties/count/minimum", "/required"); "" when
// err is no validation error or that keyword is in another document (a
// $ref to a file).
func (s *Schema) FailedKeyword(err error) string {
	if vs := s.Violations(err, nil); len(vs) > 0 {
		return vs[0].Keyword
	}
	return ""
}

// keywordPath names the keyword path of a validation failure for a message.
func keywordPath(p string) string {
	if p == "" {
		return "the top of the schema"
	}
	return p
}

// uniqueObjectWith returns the pointer of the one object depth levels down
// in v that has the member name; ok is false when none or several have it.
func uniqueObjectWith(v any, depth int, name string) (pointer string, ok bool) {
	found := 0
	var walk func(v any, at string, depth int)
	walk = func(v any, at string, depth int) {
		switch v := v.(type) {
		case map[string]any:
			if depth == 0 {
				if _, has := v[name]; has {
					pointer = at
					found++
				}
				return
			}
			for k, sub := range v {
				walk(sub, at+"/"+escapePointer(k), depth-1)
			}
		case []any:
			for i, sub := range v {
				walk(sub, at+"/"+strconv.Itoa(i), depth-1)
			}
		}
	}
	walk(v, "", depth)
	return pointer, found == 1
}

func pointerOf(tokens []string) string {
	var b strings.Builder
	for _, t := range tokens {
		b.WriteByte('/')
		b.WriteString(escapePointer(t))
	}
	return b.String()
}
