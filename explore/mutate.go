package explore

import (
	"encoding/json"
	"math/big"
	"slices"
	"strings"
)

// maxMutations bounds the mutated inputs made from the examples.
const maxMutations = 256

// missingFixtures are fixture paths that do not exist, put where an
// example names a fixture.
var missingFixtures = []string{"fixtures/does-not-exist.txt", "fixtures/missing/dir/file.json"}

// mutations makes values from the examples' inputs: each optional key
// dropped, then all of them; values swapped between examples; numbers moved
// to their neighbours and edges; fixture paths replaced by the other
// fixtures and by missing ones. They are interleaved across examples.
func (g *gen) mutations(root *node, examples []any, fixtures []string) []any {
	root = g.s.flat(root)
	var lists [][]any
	for i, e := range examples {
		var list []any
		obj, isObj := e.(map[string]any)
		if isObj {
			var allDropped map[string]any
			for _, k := range sortedKeys(obj) {
				if slices.Contains(root.required, k) {
					continue
				}
				if allDropped == nil {
					allDropped = clone(obj)
				}
				delete(allDropped, k)
				list = append(list, setAt(obj, []any{k}, nil, true))
			}
			if allDropped != nil {
				list = append(list, allDropped)
			}
			for j, other := range examples {
				o, ok := other.(map[string]any)
				if !ok || j == i {
					continue
				}
				for _, k := range sortedKeys(obj) {
					if w, ok := o[k]; ok && !equalJSON(w, obj[k]) {
						list = append(list, setAt(obj, []any{k}, w, false))
					}
				}
			}
		}
		walkLeaves(e, nil, func(path []any, leaf any) {
			for _, r := range leafMutations(leaf, fixtures) {
				list = append(list, setAt(e, path, r, false))
			}
		})
		lists = append(lists, list)
	}
	return dedupe(interleave(lists), maxMutations)
}

// walkLeaves calls fn for each number and string in v, keys in order.
func walkLeaves(v any, path []any, fn func(path []any, leaf any)) {
	switch c := v.(type) {
	case map[string]any:
		for _, k := range sortedKeys(c) {
			walkLeaves(c[k], appendPath(path, k), fn)
		}
	case []any:
		for i, e := range c {
			walkLeaves(e, appendPath(path, i), fn)
		}
	case json.Number, string:
		fn(path, v)
	}
}

// leafMutations are the replacements of one leaf value.
func leafMutations(leaf any, fixtures []string) []any {
	var out []any
	switch x := leaf.(type) {
	case json.Number:
		r, ok := parseRat(x)
		if !ok {
			return nil
		}
		one := big.NewRat(1, 1)
		out = append(out, json.Number("0"), json.Number("-1"),
			ratNumber(new(big.Rat).Add(r, one)), ratNumber(new(big.Rat).Sub(r, one)),
			ratNumber(new(big.Rat).Mul(r, big.NewRat(10, 1))), ratNumber(new(big.Rat).Neg(r)))
	case string:
		if strings.HasPrefix(x, "fixtures/") {
			for _, f := range fixtures {
				if f != x {
					out = append(out, f)
				}
			}
			for _, f := range missingFixtures {
				out = append(out, f)
			}
			out = append(out, "fixtures/", "fixtures")
		}
	}
	return out
}

// fixtureCombinations are the examples' fixtureOptions, interleaved across
// examples.
func (g *gen) fixtureCombinations(root *node, examples []any, fixtures []string) []any {
	var lists [][]any
	for _, e := range examples {
		lists = append(lists, g.fixtureOptions(g.s.flat(root), e, fixtures))
	}
	return dedupe(interleave(lists), maxMutations)
}

// fixtureOptions combines, in an example that names a fixture, every
// fixture the tool ships with every value of every option (a member whose
// schema is an enum or a boolean): the example with that fixture in place
// of its own and that option set to that value. The examples pair each
// fixture with a few options; a tool that breaks for one option on one
// fixture is found only this way. Fixture-major, options in key order.
func (g *gen) fixtureOptions(root *node, example any, fixtures []string) []any {
	var at [][]any // the paths of the fixtures the example names
	walkLeaves(example, nil, func(path []any, leaf any) {
		if s, ok := leaf.(string); ok && strings.HasPrefix(s, "fixtures/") {
			at = append(at, path)
		}
	})
	if len(at) == 0 || len(fixtures) == 0 {
		return nil
	}
	opts := g.options(root, example, nil)
	var out []any
	for _, fp := range at {
		for _, f := range fixtures {
			with := setAt(example, fp, f, false)
			for _, o := range opts {
				for _, v := range o.values {
					if len(out) == maxMutations {
						return out // many fixtures, or a long enum
					}
					out = append(out, setAt(with, o.path, v, false))
				}
			}
		}
	}
	return out
}

// option is a member of an input that takes one of a few values.
type option struct {
	path   []any
	values []any
}

// options are the enum and boolean members of the object v (with schema
// n), and of the objects nested in it, keys in order.
func (g *gen) options(n *node, v any, path []any) []option {
	obj, ok := v.(map[string]any)
	if !ok || len(path) > maxDepth {
		return nil
	}
	n = g.s.flat(n)
	var out []option
	for _, k := range n.propNames {
		p := g.s.flat(n.props[k])
		switch {
		case p.hasEnum && len(p.enum) > 0:
			out = append(out, option{appendPath(path, k), p.enum})
		case slices.Equal(p.types, []string{"boolean"}):
			out = append(out, option{appendPath(path, k), []any{false, true}})
		default:
			out = append(out, g.options(p, obj[k], appendPath(path, k))...)
		}
	}
	return out
}
