package contract

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// A $ref cycle is a chain of $refs, and of keywords that apply a subschema
// to the same value (allOf, anyOf, oneOf, not, if, then, else,
// dependentSchemas), that comes back to where it started without moving into
// the value: validating a value through it never ends. The library finds one
// only while validating a value that reaches it, and then names the schema by
// its internal address; refCycleIssues finds them all once compiled, each at
// the $ref that closes it. $dynamicRef and $recursiveRef are left out: where
// they lead depends on the value's path.

// refCycleIssues returns an issue at the $ref that closes each $ref cycle
// of the compiled schema root, in the order a depth-first walk meets them.
func refCycleIssues(root *jsonschema.Schema, names schemaNames, doc any) []SchemaIssue {
	if !hasRef(doc) {
		return nil // most schemas: other files are read only through a $ref
	}
	w := cycleWalk{state: map[*jsonschema.Schema]int{}}
	for _, s := range allSchemas(root) {
		if w.state[s] == 0 {
			w.visit(s, false)
		}
	}
	var issues []SchemaIssue
	for _, cyc := range w.cycles {
		issues = append(issues, cyc.issue(names, doc))
	}
	return issues
}

// cycleWalk is a depth-first walk along in-place edges.
type cycleWalk struct {
	state  map[*jsonschema.Schema]int // 0 unseen, 1 on the stack, 2 done
	stack  []*jsonschema.Schema
	viaRef []bool // viaRef[i]: stack[i] was entered by the $ref of stack[i-1]
	cycles []refCycle
}

// refCycle is a $ref cycle: the schemas it passes, in order, and the one
// whose $ref closes it.
type refCycle struct {
	path    []*jsonschema.Schema
	closing *jsonschema.Schema
}

func (w *cycleWalk) visit(s *jsonschema.Schema, viaRef bool) {
	w.state[s] = 1
	w.stack = append(w.stack, s)
	w.viaRef = append(w.viaRef, viaRef)
	for _, e := range inPlace(s) {
		switch w.state[e.to] {
		case 0:
			w.visit(e.to, e.ref)
		case 1:
			w.cycles = append(w.cycles, w.cycleTo(e))
		}
	}
	w.stack = w.stack[:len(w.stack)-1]
	w.viaRef = w.viaRef[:len(w.viaRef)-1]
	w.state[s] = 2
}

// cycleTo returns the cycle the edge e, from the top of the stack to a
// schema on it, closes: at e if it is a $ref, else at the last $ref on the
// stack since that schema.
func (w *cycleWalk) cycleTo(e edge) refCycle {
	start := slices.Index(w.stack, e.to)
	top := len(w.stack) - 1
	c := refCycle{path: slices.Clone(w.stack[start:])}
	if e.ref {
		c.closing = w.stack[top]
		return c
	}
	for i := top; i > start; i-- {
		if w.viaRef[i] {
			c.closing = w.stack[i-1]
			break
		}
	}
	return c
}

// issue places the cycle at its closing $ref.
func (c refCycle) issue(names schemaNames, doc any) SchemaIssue {
	chain := make([]string, 0, len(c.path)+1)
	for _, s := range append(c.path, c.path[0]) {
		chain = append(chain, names.refName(s.Location))
	}
	msg := fmt.Sprintf("a reference cycle (%s) that never moves into the value, so no validation through it can end; let one of its schemas apply to a property or an item instead",
		strings.Join(chain, " -> "))
	at, inDoc := names.docPointer(c.closing.Location)
	if !inDoc {
		return SchemaIssue{Msg: "the $ref of " + names.refName(c.closing.Location) + " closes " + msg}
	}
	ref, _ := valueAt(doc, at+"/$ref").(string)
	return SchemaIssue{Pointer: at + "/$ref", Msg: fmt.Sprintf("$ref %q closes %s", ref, msg)}
}

// edge is a subschema applied to the same value: by $ref, or by another
// in-place keyword.
type edge struct {
	to  *jsonschema.Schema
	ref bool
}

// inPlace returns the subschemas s applies to the value s applies to.
func inPlace(s *jsonschema.Schema) []edge {
	var out []edge
	if s.Ref != nil {
		out = append(out, edge{s.Ref, true})
	}
	for _, sub := range inPlaceSubs(s) {
		out = append(out, edge{sub, false})
	}
	return out
}

func inPlaceSubs(s *jsonschema.Schema) []*jsonschema.Schema {
	var out []*jsonschema.Schema
	out = appendSchemas(out, s.Not, s.If, s.Then, s.Else)
	out = appendSchemas(out, s.AllOf...)
	out = appendSchemas(out, s.AnyOf...)
	out = appendSchemas(out, s.OneOf...)
	for _, k := range slices.Sorted(maps.Keys(s.DependentSchemas)) {
		out = appendSchemas(out, s.DependentSchemas[k])
	}
	for _, k := range slices.Sorted(maps.Keys(s.Dependencies)) {
		if sub, ok := s.Dependencies[k].(*jsonschema.Schema); ok {
			out = appendSchemas(out, sub)
		}
	}
	return out
}

// children returns every subschema of s, in place or not, and every
// schema a reference of s leads to.
func children(s *jsonschema.Schema) []*jsonschema.Schema {
	out := appendSchemas(nil, s.Ref, s.RecursiveRef)
	if s.DynamicRef != nil {
		out = appendSchemas(out, s.DynamicRef.Ref)
	}
	out = append(out, inPlaceSubs(s)...)
	out = appendSchemas(out, s.PropertyNames, s.UnevaluatedProperties, s.Contains, s.Items2020, s.UnevaluatedItems, s.ContentSchema)
	for _, k := range slices.Sorted(maps.Keys(s.Properties)) {
		out = appendSchemas(out, s.Properties[k])
	}
	patterns := slices.SortedFunc(maps.Keys(s.PatternProperties), func(a, b jsonschema.Regexp) int {
		return strings.Compare(a.String(), b.String())
	})
	for _, re := range patterns {
		out = appendSchemas(out, s.PatternProperties[re])
	}
	out = appendSchemas(out, s.PrefixItems...)
	for _, v := range []any{s.AdditionalProperties, s.Items, s.AdditionalItems} {
		switch v := v.(type) {
		case *jsonschema.Schema:
			out = appendSchemas(out, v)
		case []*jsonschema.Schema:
			out = appendSchemas(out, v...)
		}
	}
	return out
}

func appendSchemas(out []*jsonschema.Schema, subs ...*jsonschema.Schema) []*jsonschema.Schema {
	for _, s := range subs {
		if s != nil {
			out = append(out, s)
		}
	}
	return out
}

// allSchemas returns root and every schema reachable from it, each once,
// nearest first.
func allSchemas(root *jsonschema.Schema) []*jsonschema.Schema {
	seen := map[*jsonschema.Schema]bool{root: true}
	out := []*jsonschema.Schema{root}
	for i := 0; i < len(out); i++ {
		for _, c := range children(out[i]) {
			if !seen[c] {
				seen[c] = true
				out = append(out, c)
			}
		}
	}
	return out
}

// hasRef reports whether the schema value v has a $ref keyword anywhere.
func hasRef(v any) bool {
	return anyMember(v, func(k string, _ any) bool { return k == "$ref" })
}

// valueAt returns the value at the JSON pointer ptr of v, or nil.
func valueAt(v any, ptr string) any {
	if ptr == "" {
		return v
	}
	for _, tok := range strings.Split(strings.TrimPrefix(ptr, "/"), "/") {
		tok = strings.ReplaceAll(strings.ReplaceAll(tok, "~1", "/"), "~0", "~")
		switch c := v.(type) {
		case map[string]any:
			v = c[tok]
		case []any:
			i, err := strconv.Atoi(tok)
			if err != nil || i < 0 || i >= len(c) {
				return nil
			}
			v = c[i]
		default:
			return nil
		}
	}
	return v
}
