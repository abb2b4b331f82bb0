package explore

import (
	"encoding/json"
	"math/big"
	"slices"
	"strings"
	"unicode/utf8"
)

// maxViolations bounds the targeted invalid inputs of one schema.
const maxViolations = 64

// violation is one targeted way to break the schema: the value at path
// replaced (or removed). Its name is the validator's (kindOf).
type violation struct {
	path  []any
	value any
	del   bool
}

// apply returns base with v made.
func (v violation) apply(base any) any { return setAt(base, v.path, v.value, v.del) }

// maxAltViolations bounds the alternatives (of an anyOf, oneOf,
// if/then/else, dependentSchemas) whose own violations are made.
const maxAltViolations = 4

// violations lists one-at-a-time violations of root inside the valid
// value v, at every depth: each value of v (the root, each member, the
// first items of each array) gets its own list, required keys missing
// first, then wrong types, extra keys, values out of range, broken
// patterns; the lists are interleaved, so that the first violation of
// every value comes before the second of any.
func (g *gen) violations(root *node, v any) []violation {
	w := &violationWalk{g: g}
	w.at(root, v, nil, 0)
	var out []violation
	for i := 0; len(out) < maxViolations*2; i++ {
		more := false
		for _, l := range w.lists {
			if i < len(l) {
				out = append(out, l[i])
				more = true
			}
		}
		if !more {
			break
		}
	}
	return out
}

// violationWalk collects the violations of one value, a list per place.
type violationWalk struct {
	g     *gen
	lists [][]violation
	total int
}

// at adds the violations of n inside v, the value at path, and of its
// members and items.
func (w *violationWalk) at(n *node, v any, path []any, depth int) {
	g := w.g
	n = g.s.flat(n)
	if depth > maxDepth || w.total >= maxViolations*2 || n.never {
		return
	}
	var own []violation
	add := func(vs ...violation) { own = append(own, vs...) }
	obj, isObj := v.(map[string]any)
	if isObj {
		for _, k := range n.required {
			if _, ok := obj[k]; ok {
				add(violation{path: appendPath(path, k), del: true})
			}
		}
		for _, k := range sortedKeys(n.depReq) {
			if _, ok := obj[k]; !ok {
				continue
			}
			for _, d := range n.depReq[k] {
				if _, ok := obj[d]; ok && !slices.Contains(n.required, d) {
					add(violation{path: appendPath(path, d), del: true})
				}
			}
		}
	}
	add(scalarViolations(n, v, path)...)
	switch c := v.(type) {
	case map[string]any:
		if n.addlFalse {
			add(violation{path: appendPath(path, g.extraKey(n, 0)), value: "x"})
		}
		add(w.badKeys(n, c, path)...)
	case []any:
		if n.minItems > 0 && len(c) >= n.minItems {
			add(violation{path: path, value: slices.Clone(c[:n.minItems-1])})
		}
		if long, ok := g.longer(n, c); ok {
			add(violation{path: path, value: long})
		}
		if n.unique && len(c) > 0 {
			add(violation{path: path, value: append(slices.Clone(c), c[0])})
		}
		if n.contains != nil && len(c) > 0 {
			// Without an item that matches contains (the first ones do).
			add(violation{path: appendPath(path, 0), del: true})
			if n.minItems == 0 {
				add(violation{path: path, value: []any{}})
			}
		}
	}
	if len(own) > 0 {
		w.lists = append(w.lists, own)
		w.total += len(own)
	}
	for _, group := range n.alts {
		for _, alt := range group[:min(len(group), maxAltViolations)] {
			w.at(alt, v, path, depth+1)
		}
	}
	g.eachChild(n, v, path, func(child *node, cv any, cpath []any) { w.at(child, cv, cpath, depth+1) })
}

// badKeys are members of obj (at path) whose names break propertyNames:
// the strings that break its keywords, each with a value its member
// schema admits.
func (w *violationWalk) badKeys(n *node, obj map[string]any, path []any) []violation {
	if n.keys == nil {
		return nil
	}
	keys := w.g.s.flat(n.keys)
	good, ok := w.g.minimal(keys)
	if !ok {
		good = ""
	}
	var out []violation
	for _, bad := range scalarViolations(keys, good, nil) {
		k, ok := bad.value.(string)
		if _, taken := obj[k]; !ok || taken {
			continue
		}
		m, ok := w.g.s.memberNode(n, k)
		if !ok {
			continue
		}
		if v, ok := w.g.minimal(m); ok {
			out = append(out, violation{path: appendPath(path, k), value: v})
		}
		if len(out) == 2 {
			break
		}
	}
	return out
}

// wrongTypeValues are values of each type, to put where another is asked.
var wrongTypeValues = []any{"1", json.Number("1"), true, nil, []any{}, map[string]any{}}

// scalarViolations are the violations of v itself: wrong type, not in
// enum, not the const, out of range, wrong length, broken pattern.
func scalarViolations(n *node, v any, path []any) []violation {
	var out []violation
	add := func(value any) {
		out = append(out, violation{path: path, value: value})
	}
	if len(n.types) > 0 {
		for _, w := range wrongTypeValues {
			t := typeOf(w)
			if !typeAllowed(n.types, t) {
				add(w)
				break
			}
		}
	}
	if n.hasConst {
		add(otherThan(n.constVal))
	} else if n.hasEnum && len(n.enum) > 0 {
		add(otherThan(n.enum...))
	}
	switch x := v.(type) {
	case json.Number:
		out = append(out, numberViolations(n, x, path)...)
	case string:
		runes := utf8.RuneCountInString(x)
		if n.minLen > 0 && runes >= n.minLen {
			add(string([]rune(x)[:n.minLen-1]))
		}
		if n.maxLen >= 0 && n.maxLen < maxStringRunes {
			add(strings.Repeat("a", n.maxLen+1))
		}
		for _, p := range n.patterns {
			if b, ok := breaking(n, p); ok {
				add(b)
			}
		}
		// Near-valid strings of the format: invalid where the format is
		// asserted (else the oracle finds them valid, and they are
		// boundary values instead).
		for _, s := range nearFormatSamples[n.format][:min(2, len(nearFormatSamples[n.format]))] {
			if s, ok := fitLength(s, n.minLen, n.maxLen); ok && matchesAll(n.patterns, s) {
				add(s)
			}
		}
	}
	return out
}

// otherThan returns a value of the first value's type that none of vs is.
func otherThan(vs ...any) any {
	var cands []any
	switch vs[0].(type) {
	case string:
		cands = []any{"not-in-enum", "", "NOT-IN-ENUM"}
	case json.Number:
		cands = []any{json.Number("987654321"), json.Number("-1"), json.Number("0")}
	case bool:
		cands = []any{true, false, "true"}
	default:
		cands = []any{"not-in-enum", json.Number("987654321")}
	}
	for _, c := range cands {
		if !slices.ContainsFunc(vs, func(v any) bool { return equalJSON(v, c) }) {
			return c
		}
	}
	return "not-in-enum"
}

func numberViolations(n *node, x json.Number, path []any) []violation {
	var out []violation
	add := func(value json.Number) {
		out = append(out, violation{path: path, value: value})
	}
	r, exact := parseRat(x)
	if !exact {
		return nil
	}
	integer := slices.Contains(n.types, "integer") && !slices.Contains(n.types, "number")
	if integer {
		half := new(big.Rat).Add(new(big.Rat).SetInt(floor(r)), ratHalf)
		if !inRange(n.num, half) {
			half.Sub(half, big.NewRat(1, 1))
		}
		add(ratNumber(half))
	}
	// Out of range by one: the nearest value past the bound (with a
	// multipleOf, the nearest multiple), so that it breaks nothing else.
	st := step(n.num)
	if n.num.min != nil {
		add(beyond(n.num.min, n.num.exMin, st, -1))
	}
	if n.num.max != nil {
		add(beyond(n.num.max, n.num.exMax, st, 1))
	}
	if st != nil {
		var c *big.Rat
		switch {
		case !integer:
			c = new(big.Rat).Add(r, new(big.Rat).Mul(st, ratHalf))
		case st.IsInt() && st.Cmp(big.NewRat(1, 1)) > 0:
			c = new(big.Rat).Add(r, big.NewRat(1, 1))
		}
		if c != nil {
			if !inRange(n.num, c) {
				c.Sub(c, new(big.Rat).Mul(big.NewRat(2, 1), new(big.Rat).Sub(c, r)))
			}
			add(ratNumber(c))
		}
	}
	return out
}

// beyond returns the multiple of step (nil: any number) nearest to bound
// on the far side (dir -1: below a minimum, 1: above a maximum), exactly;
// exclusive: the bound itself is already beyond.
func beyond(bound *big.Rat, exclusive bool, step *big.Rat, dir int) json.Number {
	d := big.NewRat(int64(dir), 1)
	if step == nil { // the bound itself when exclusive, else one past it
		if exclusive {
			return ratNumber(bound)
		}
		return ratNumber(new(big.Rat).Add(bound, d))
	}
	past := func(c *big.Rat) bool {
		cmp := c.Cmp(bound) * dir
		return cmp > 0 || (cmp == 0 && exclusive)
	}
	c := new(big.Rat).Mul(new(big.Rat).SetInt(floor(new(big.Rat).Quo(bound, step))), step)
	delta := new(big.Rat).Mul(step, d)
	for !past(c) {
		c.Add(c, delta)
	}
	for { // nearest: step back while still beyond
		back := new(big.Rat).Sub(c, delta)
		if !past(back) {
			return ratNumber(c)
		}
		c = back
	}
}

// breaking returns a string that does not match p but keeps n's length
// limits (when Go can run p; else one the oracle decides about).
func breaking(n *node, p *pattern) (string, bool) {
	for _, c := range []string{"", "!", "~~~", " ", "\n", "0", "a", "A-1"} {
		s, ok := fitLength(c, n.minLen, n.maxLen)
		if ok && (p.re == nil || !p.re.MatchString(s)) {
			return s, true
		}
	}
	return "", false
}

// longer returns a, with items added past maxItems: copies of its items,
// or, with uniqueItems, distinct boundary values of the items' schema.
func (g *gen) longer(n *node, a []any) ([]any, bool) {
	if n.maxItems < 0 || n.maxItems >= maxMembers || len(a) == 0 {
		return nil, false
	}
	long := slices.Clone(a)
	seen := map[string]bool{}
	for _, e := range a {
		seen[jsonText(e)] = true
	}
	for len(long) <= n.maxItems {
		it, ok := itemNode(n, len(long))
		if !ok {
			return nil, false
		}
		added := false
		for _, b := range append(slices.Clone(a), g.boundaries(it)...) {
			if k := jsonText(b); !n.unique || !seen[k] {
				seen[k] = true
				long = append(long, b)
				added = true
				break
			}
		}
		if !added {
			return nil, false
		}
	}
	return long, true
}

// typeAllowed reports whether a value of type t (typeOf) matches types.
func typeAllowed(types []string, t string) bool {
	return slices.Contains(types, t) || (t == "integer" && slices.Contains(types, "number"))
}

// eachChild calls visit with the schema, value and path of each member of
// the object v and of the first three items of the array v, as n describes
// them: the places below v that the violation and stress walks visit.
func (g *gen) eachChild(n *node, v any, path []any, visit func(child *node, v any, path []any)) {
	switch c := v.(type) {
	case map[string]any:
		for _, k := range sortedKeys(c) {
			if m, ok := g.s.memberNode(n, k); ok {
				visit(m, c[k], appendPath(path, k))
			}
		}
	case []any:
		for i := range min(len(c), 3) {
			if it, ok := itemNode(n, i); ok {
				visit(it, c[i], appendPath(path, i))
			}
		}
	}
}
