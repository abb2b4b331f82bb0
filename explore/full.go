package explore

// Full and deep values: boundary values keep members small (each optional
// member present alone, at its own boundary values), so a value with every
// member present at every depth, or a recursive schema followed deeper
// than the examples go, is made here. The full value is also the one the
// targeted violations break, so that they reach every depth: inside array
// items and nested objects.

// Limits of full and deep values.
const (
	// maxFullDepth bounds the nesting of a full or deep value.
	maxFullDepth = 64
	// maxFullWork bounds the subschemas visited for one full value.
	maxFullWork = 500
)

// deepRecursions are how many times the deep values follow a recursive
// schema back into itself (along the first member or item that leads
// there): nesting well past what examples show, within maxFullDepth.
var deepRecursions = []int{1, 2, 4, 8, 16, 32}

// fullWalk makes one full value.
type fullWalk struct {
	g *gen
	// active counts the nodes being made, by flat node: a node met again
	// is a recursion.
	active map[*node]int
	// recursions is how many more times a recursion may be followed; after
	// that a recursive member gets its minimal value.
	recursions int
	work       int
	// stopped is set when a recursion was not followed.
	stopped bool
}

// full returns a value of n with every property present and every array
// holding at least one item, at every depth, following recursion the
// given number of times; ok is false when none could be made. more
// reports whether it met a recursion it did not follow: a deeper value
// exists.
func (g *gen) full(n *node, recursions int) (v any, ok, more bool) {
	w := &fullWalk{g: g, active: map[*node]int{}, recursions: recursions, work: maxFullWork}
	v, ok = w.value(n, 0)
	return v, ok, w.stopped
}

// fullValues are the full value and, for a recursive schema, the deep
// ones.
func (g *gen) fullValues(root *node) []any {
	var out []any
	for _, r := range append([]int{0}, deepRecursions...) {
		v, ok, more := g.full(root, r)
		if ok {
			out = append(out, v)
		}
		if !more {
			break
		}
	}
	return dedupe(out, len(out))
}

func (w *fullWalk) value(n *node, depth int) (any, bool) {
	g := w.g
	f := g.s.flat(n)
	if w.active[f] > 0 {
		if w.recursions == 0 || w.work <= 0 || depth >= maxFullDepth {
			w.stopped = w.stopped || w.work > 0 && depth < maxFullDepth
			return g.minimal(f)
		}
		w.recursions--
	}
	if w.work <= 0 || depth >= maxFullDepth {
		return g.minimal(f)
	}
	w.work--
	w.active[f]++
	defer func() { w.active[f]-- }()
	// The first alternative of each group: for if/then/else the value
	// that matches if and then.
	n = g.resolveAlts(f, func(int) int { return 0 })
	if n.never {
		return nil, false
	}
	if n.hasConst || n.hasEnum {
		return g.minimal(n)
	}
	types := typesOf(n)
	switch {
	case typeAllowed(types, "object") && !typeAllowed(types, "array"):
		if v, ok := w.object(n, depth); ok {
			return v, true
		}
	case typeAllowed(types, "array") && !typeAllowed(types, "object"):
		if v, ok := w.array(n, depth); ok {
			return v, true
		}
	}
	return g.minimal(n)
}

// object has every property of n, and the keys required, at their full
// values.
func (w *fullWalk) object(n *node, depth int) (any, bool) {
	g := w.g
	if n.minProps > maxMembers {
		return nil, false
	}
	obj := map[string]any{}
	keys := append(append([]string{}, n.required...), n.propNames...)
	for _, k := range keys {
		if _, done := obj[k]; done {
			continue
		}
		m, ok := g.s.memberNode(n, k)
		if !ok {
			continue
		}
		v, ok := w.value(m, depth+1)
		if !ok {
			if isRequired(n, k) {
				return nil, false
			}
			continue
		}
		obj[k] = v
		if n.maxProps >= 0 && len(obj) >= n.maxProps {
			break
		}
	}
	if !g.withDependents(n, obj) {
		return nil, false
	}
	for i := 0; len(obj) < n.minProps && i < n.minProps+8; i++ {
		k := g.extraKey(n, i)
		if _, ok := obj[k]; ok {
			continue
		}
		if m, ok := g.s.memberNode(n, k); ok {
			if v, ok := g.minimal(m); ok {
				obj[k] = v
			}
		}
	}
	return obj, true
}

func isRequired(n *node, k string) bool {
	for _, r := range n.required {
		if r == k {
			return true
		}
	}
	return false
}

// array holds at least one item (the prefix, minItems, minContains), each
// at its full value.
func (w *fullWalk) array(n *node, depth int) (any, bool) {
	length := max(minLength(n), len(n.prefix), 1)
	if n.maxItems >= 0 {
		length = min(length, n.maxItems)
	}
	if length > maxMembers {
		return nil, false
	}
	out := make([]any, 0, length)
	seen := map[string]bool{}
	for i := range length {
		it, ok := w.g.itemFor(n, i)
		if !ok {
			break
		}
		v, ok := w.value(it, depth+1)
		if ok && n.unique {
			k := jsonText(v)
			ok = !seen[k]
			seen[k] = true
		}
		if !ok {
			if i < minLength(n) {
				return nil, false
			}
			break
		}
		out = append(out, v)
	}
	return out, true
}
