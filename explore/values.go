package explore

import (
	"math/rand/v2"
	"slices"
	"strconv"
)

// Limits of generation work, so that huge and recursive schemas stay cheap.
const (
	maxNodeBoundaries = 24   // boundary values kept per subschema
	maxRootBoundaries = 96   // boundary values of the whole input
	maxRandomWork     = 1000 // subschemas visited for one random value
	maxBoundaryWork   = 5000 // subschemas visited for all boundary values
	// maxMembers is the largest minItems and minProperties honoured; a
	// schema asking for more gets no value made.
	maxMembers = 256
)

// allTypes are the JSON types, in the order boundary values take them.
var allTypes = []string{"null", "boolean", "integer", "number", "string", "array", "object"}

// gen makes values of one schema document.
type gen struct {
	s    *schema
	rng  *rand.Rand
	work int // subschemas a random value may still visit

	bounds map[*node][]any // boundary values by flat node
	active map[*node]bool  // boundary values being computed (recursion)
	depth  int             // nesting of the boundary values being computed
	// boundaryWork is how many more subschemas boundary values may be
	// computed for: alternatives that recurse (anyOf of $refs to the
	// root) would otherwise multiply without end.
	boundaryWork int
}

// anyValue is the schema {} of members and items no keyword describes. It
// is one node, so that boundary values of nested "any" values find their
// recursion; nothing changes it.
var anyValue = newNode()

func newGen(s *schema, rng *rand.Rand) *gen {
	return &gen{s: s, rng: rng, bounds: map[*node][]any{}, active: map[*node]bool{}, boundaryWork: maxBoundaryWork}
}

// typesOf returns the types to make for n: its type keyword, else the
// types its keywords imply, else all.
func typesOf(n *node) []string {
	if len(n.types) > 0 {
		return n.types
	}
	var t []string
	if len(n.props) > 0 || len(n.required) > 0 || len(n.patProps) > 0 || n.addl != nil || n.addlFalse ||
		n.keys != nil || len(n.depReq) > 0 || n.minProps > 0 || n.maxProps >= 0 {
		t = append(t, "object")
	}
	if len(n.prefix) > 0 || n.items != nil || n.minItems > 0 || n.contains != nil || n.maxItems >= 0 || n.unique {
		t = append(t, "array")
	}
	if n.minLen > 0 || n.maxLen >= 0 || len(n.patterns) > 0 || n.format != "" {
		t = append(t, "string")
	}
	if n.num.hasMin() || n.num.hasMax() || len(n.num.multipleOf) > 0 {
		t = append(t, "number")
	}
	if len(t) == 0 {
		return allTypes
	}
	return t
}

// resolveAlts returns n with one alternative of each anyOf/oneOf group
// merged in: pick chooses the index.
func (g *gen) resolveAlts(n *node, pick func(int) int) *node {
	for range maxRefChain {
		if len(n.alts) == 0 || n.never {
			return n
		}
		m := *n
		m.alts = nil
		r := &m
		for _, group := range n.alts {
			alt := g.s.flat(group[pick(len(group))])
			if alt == n {
				return &node{never: true} // an alternative that is the schema itself
			}
			r = g.s.merge(r, alt)
		}
		n = r
	}
	return &node{never: true}
}

// boundaries returns n's boundary values, most telling first: for each
// alternative, type, and member, the smallest value, then the edges.
func (g *gen) boundaries(n *node) []any {
	n = g.s.flat(n)
	if b, ok := g.bounds[n]; ok {
		return b
	}
	if g.active[n] || n.never || g.depth > maxDepth || g.boundaryWork <= 0 {
		return nil // a recursive schema: its recursion is left out
	}
	g.boundaryWork--
	g.active[n] = true
	g.depth++
	out := g.computeBoundaries(n)
	g.depth--
	delete(g.active, n)
	out = dedupe(out, maxNodeBoundaries)
	g.bounds[n] = out
	return out
}

func (g *gen) computeBoundaries(n *node) []any {
	if len(n.alts) > 0 {
		rest := *n
		rest.alts = n.alts[1:]
		var lists [][]any
		for _, alt := range n.alts[0] {
			lists = append(lists, g.boundaries(g.s.merge(&rest, g.s.flat(alt))))
		}
		return interleave(lists)
	}
	if n.hasConst {
		return []any{n.constVal}
	}
	if n.hasEnum {
		return slices.Clone(n.enum)
	}
	var lists [][]any
	for _, t := range typesOf(n) {
		switch t {
		case "null":
			lists = append(lists, []any{nil})
		case "boolean":
			lists = append(lists, []any{false, true})
		case "integer":
			lists = append(lists, integerBoundaries(n.num))
		case "number":
			lists = append(lists, numberBoundaries(n.num))
		case "string":
			lists = append(lists, g.stringBoundaries(n))
		case "array":
			lists = append(lists, g.arrayBoundaries(n))
		case "object":
			lists = append(lists, g.objectBoundaries(n))
		}
	}
	return interleave(lists)
}

// interleave takes the first of each list, then the second of each, and so on.
func interleave(lists [][]any) []any {
	var out []any
	for i := 0; ; i++ {
		more := false
		for _, l := range lists {
			if i < len(l) {
				out = append(out, l[i])
				more = true
			}
		}
		if !more {
			return out
		}
	}
}

// dedupe drops repeated values (by JSON text) and keeps at most limit.
func dedupe(vs []any, limit int) []any {
	seen := map[string]bool{}
	var out []any
	for _, v := range vs {
		k := jsonText(v)
		if seen[k] {
			continue
		}
		seen[k] = true
		out = append(out, v)
		if len(out) == limit {
			break
		}
	}
	return out
}

// minimal is the first boundary value of n.
func (g *gen) minimal(n *node) (any, bool) {
	b := g.boundaries(n)
	if len(b) == 0 {
		return nil, false
	}
	return b[0], true
}

// itemNode is the schema of array item i.
func itemNode(n *node, i int) (*node, bool) {
	if i < len(n.prefix) {
		return n.prefix[i], true
	}
	if n.itemsFalse {
		return nil, false
	}
	if n.items != nil {
		return n.items, true
	}
	return anyValue, true
}

// itemFor is the schema of item i of the arrays generation makes: the
// first minContains items also match contains.
func (g *gen) itemFor(n *node, i int) (*node, bool) {
	it, ok := itemNode(n, i)
	if ok && n.contains != nil && i < n.minContains {
		return g.s.conj(it, n.contains), true
	}
	return it, ok
}

// minLength is the length of the shortest array n admits, as far as
// generation goes: minItems, and minContains items that match contains.
func minLength(n *node) int {
	if n.contains != nil {
		return max(n.minItems, n.minContains)
	}
	return n.minItems
}

func (g *gen) arrayBoundaries(n *node) []any {
	var out []any
	// The shortest array, of minimal items.
	shortest := []any{}
	seen := map[string]bool{}
	for i := range minLength(n) {
		it, ok := g.itemFor(n, i)
		if !ok || i >= maxMembers {
			return nil
		}
		// The first boundary value, or with uniqueItems the first not
		// taken yet.
		var v any
		found := false
		for _, b := range g.boundaries(it) {
			if k := jsonText(b); !n.unique || !seen[k] {
				v, found = b, true
				seen[k] = true
				break
			}
		}
		if !found {
			return nil
		}
		shortest = append(shortest, v)
	}
	out = append(out, shortest)
	// One array per boundary value of the first free item.
	if n.maxItems < 0 || n.maxItems > len(shortest) {
		if it, ok := itemNode(n, len(shortest)); ok {
			for _, b := range g.boundaries(it) {
				out = append(out, append(slices.Clone(shortest), b))
			}
		}
	}
	// The longest array of distinct boundary items, within maxItems.
	if n.maxItems > len(shortest) && n.maxItems <= 16 {
		long := slices.Clone(shortest)
		for i := len(long); i < n.maxItems; i++ {
			it, ok := g.itemFor(n, i)
			if !ok {
				break
			}
			b := g.boundaries(it)
			if len(b) == 0 {
				break
			}
			long = append(long, b[i%len(b)])
		}
		out = append(out, long)
	}
	return out
}

// memberNode is the schema of the object member k: its property schema,
// the matching patternProperties, else additionalProperties.
func (s *schema) memberNode(n *node, k string) (*node, bool) {
	var r *node
	if p, ok := n.props[k]; ok {
		r = p
	}
	matched := false
	for _, pp := range n.patProps {
		if pp.pat.re != nil && pp.pat.re.MatchString(k) {
			matched = true
			if r == nil {
				r = pp.node
			} else {
				r = s.conj(r, pp.node)
			}
		}
	}
	if r != nil || matched {
		return r, true
	}
	if n.addlFalse {
		return nil, false
	}
	if n.addl != nil {
		return n.addl, true
	}
	return anyValue, true
}

// withDependents adds the keys dependentRequired asks for, at their
// minimal values; false when one cannot be made.
func (g *gen) withDependents(n *node, obj map[string]any) bool {
	for range len(n.depReq) + 1 {
		added := false
		for _, k := range sortedKeys(n.depReq) {
			if _, ok := obj[k]; !ok {
				continue
			}
			for _, d := range n.depReq[k] {
				if _, ok := obj[d]; ok {
					continue
				}
				m, ok := g.s.memberNode(n, d)
				if !ok {
					return false
				}
				v, ok := g.minimal(m)
				if !ok {
					return false
				}
				obj[d] = v
				added = true
			}
		}
		if !added {
			return true
		}
	}
	return true
}

// extraKey is a member name no property of n names: the i-th boundary
// string of propertyNames, when it has one, else extra<i>.
func (g *gen) extraKey(n *node, i int) string {
	if n.keys != nil {
		for _, b := range g.boundaries(n.keys) {
			if k, ok := b.(string); ok && n.props[k] == nil {
				if i == 0 {
					return k
				}
				i--
			}
		}
	}
	for j := i; ; j++ {
		k := "extra" + strconv.Itoa(j)
		if _, ok := n.props[k]; !ok {
			return k
		}
	}
}

func (g *gen) objectBoundaries(n *node) []any {
	if n.minProps > maxMembers {
		return nil
	}
	base := map[string]any{}
	for _, k := range n.required {
		m, ok := g.s.memberNode(n, k)
		if !ok {
			return nil
		}
		v, ok := g.minimal(m)
		if !ok {
			return nil
		}
		base[k] = v
	}
	finish := func(obj map[string]any) (map[string]any, bool) {
		if !g.withDependents(n, obj) {
			return nil, false
		}
		for i := 0; len(obj) < n.minProps && i < n.minProps+len(n.propNames); i++ {
			k := g.extraKey(n, i)
			if i < len(n.propNames) {
				k = n.propNames[i]
			}
			if _, ok := obj[k]; ok {
				continue
			}
			m, ok := g.s.memberNode(n, k)
			if !ok {
				continue
			}
			if v, ok := g.minimal(m); ok {
				obj[k] = v
			}
		}
		return obj, n.maxProps < 0 || len(obj) <= n.maxProps
	}
	var out []any
	add := func(obj map[string]any) {
		if obj, ok := finish(obj); ok {
			out = append(out, obj)
		}
	}
	add(clone(base))
	// Every property present, at its smallest value.
	all := clone(base)
	for _, k := range n.propNames {
		if _, ok := all[k]; !ok {
			if v, ok := g.minimal(n.props[k]); ok {
				all[k] = v
			}
		}
	}
	add(all)
	// Each property at each of its boundary values, the others as in base.
	var lists [][]any
	for _, k := range n.propNames {
		var list []any
		for _, b := range g.boundaries(n.props[k]) {
			obj := clone(base)
			obj[k] = b
			if obj, ok := finish(obj); ok {
				list = append(list, obj)
			}
		}
		lists = append(lists, list)
	}
	out = append(out, interleave(lists)...)
	return out
}

func clone(m map[string]any) map[string]any {
	c := make(map[string]any, len(m))
	for k, v := range m {
		c[k] = v
	}
	return c
}

// random draws a value of n; false when it cannot make one (a schema that
// admits nothing, recursion too deep, or its work budget spent).
func (g *gen) random(n *node, depth int) (any, bool) {
	g.work--
	if g.work < 0 || depth > maxDepth {
		return nil, false
	}
	n = g.resolveAlts(g.s.flat(n), g.rng.IntN)
	if n.never {
		return nil, false
	}
	if n.hasConst {
		return n.constVal, true
	}
	if n.hasEnum {
		if len(n.enum) == 0 {
			return nil, false
		}
		return n.enum[g.rng.IntN(len(n.enum))], true
	}
	types := typesOf(n)
	switch types[g.rng.IntN(len(types))] {
	case "null":
		return nil, true
	case "boolean":
		return g.rng.IntN(2) == 0, true
	case "integer":
		return randomInteger(n.num, g.rng)
	case "number":
		return randomNumber(n.num, g.rng)
	case "string":
		return g.randomString(n)
	case "array":
		return g.randomArray(n, depth)
	default:
		return g.randomObject(n, depth)
	}
}

// randomKey draws a member name no property of n names: from
// propertyNames when there is one, else extra0 to extra2.
func (g *gen) randomKey(n *node) string {
	if n.keys != nil {
		if k, ok := g.random(n.keys, maxDepth); ok {
			if s, ok := k.(string); ok && n.props[s] == nil {
				return s
			}
		}
	}
	return g.extraKey(n, g.rng.IntN(3))
}

func (g *gen) randomArray(n *node, depth int) (any, bool) {
	lo := minLength(n)
	hi := n.maxItems
	if hi < 0 {
		hi = lo + 16
	}
	if n.itemsFalse {
		hi = min(hi, len(n.prefix))
	}
	if lo > hi || lo > maxMembers {
		return nil, false
	}
	span := min(hi-lo, 4)
	if g.rng.IntN(10) == 0 {
		span = min(hi-lo, 16)
	}
	length := lo + g.rng.IntN(span+1)
	out := make([]any, 0, length)
	seen := map[string]bool{}
	for i := range length {
		it, _ := g.itemFor(n, i)
		var v any
		ok := false
		for range 3 {
			if v, ok = g.random(it, depth+1); !ok {
				break
			}
			if !n.unique || !seen[jsonText(v)] {
				break
			}
			ok = false
		}
		if !ok {
			if i >= lo && i >= len(n.prefix) {
				break
			}
			return nil, false
		}
		if n.unique {
			seen[jsonText(v)] = true
		}
		out = append(out, v)
	}
	return out, true
}

func (g *gen) randomObject(n *node, depth int) (any, bool) {
	if n.minProps > maxMembers {
		return nil, false
	}
	obj := map[string]any{}
	set := func(k string) bool {
		m, ok := g.s.memberNode(n, k)
		if !ok {
			return false
		}
		v, ok := g.random(m, depth+1)
		if ok {
			obj[k] = v
		}
		return ok
	}
	for _, k := range n.required {
		if !set(k) {
			return nil, false
		}
	}
	for _, k := range n.propNames {
		if _, ok := obj[k]; !ok && g.rng.IntN(2) == 0 {
			set(k)
		}
	}
	for _, pp := range n.patProps {
		if g.rng.IntN(3) == 0 {
			if k, ok := pp.pat.generate(g.rng, false, 0); ok {
				set(k)
			}
		}
	}
	if !n.addlFalse && g.rng.IntN(8) == 0 {
		set(g.randomKey(n))
	}
	for i := 0; len(obj) < n.minProps && i < n.minProps+8; i++ {
		set(g.extraKey(n, i))
	}
	if !g.withDependents(n, obj) {
		return nil, false
	}
	return obj, true
}
