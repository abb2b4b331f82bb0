package explore

import (
	"math/big"
	"slices"
)

// merge returns the node whose values satisfy both a and b (as far as
// generation reads keywords; the oracle decides the rest). a and b are
// flat; neither is changed.
func (s *schema) merge(a, b *node) *node {
	m := *a
	m.never = a.never || b.never
	m.types = mergeTypes(a.types, b.types)
	if len(a.types) > 0 && len(b.types) > 0 && len(m.types) == 0 {
		m.never = true
	}
	switch {
	case a.hasEnum && b.hasEnum:
		m.enum = nil
		for _, v := range a.enum {
			if slices.ContainsFunc(b.enum, func(w any) bool { return equalJSON(v, w) }) {
				m.enum = append(m.enum, v)
			}
		}
	case b.hasEnum:
		m.enum, m.hasEnum = b.enum, true
	}
	if b.hasConst {
		if a.hasConst && !equalJSON(a.constVal, b.constVal) {
			m.never = true
		}
		m.constVal, m.hasConst = b.constVal, true
	}
	m.num = mergeRange(a.num, b.num)
	m.minLen = max(a.minLen, b.minLen)
	m.maxLen = minLimit(a.maxLen, b.maxLen)
	m.patterns = append(slices.Clip(a.patterns), b.patterns...)
	if m.format == "" {
		m.format = b.format
	}

	if len(b.props) > 0 {
		m.props = map[string]*node{}
		for k, v := range a.props {
			m.props[k] = v
		}
		for _, k := range b.propNames {
			if av, ok := m.props[k]; ok {
				m.props[k] = s.conj(av, b.props[k])
			} else {
				m.props[k] = b.props[k]
			}
		}
		m.propNames = sortedKeys(m.props)
	}
	m.required = append(slices.Clip(a.required), b.required...)
	slices.Sort(m.required)
	m.required = slices.Compact(m.required)
	switch {
	case a.addl != nil && b.addl != nil:
		m.addl = s.conj(a.addl, b.addl)
	case b.addl != nil:
		m.addl = b.addl
	}
	m.addlFalse = a.addlFalse || b.addlFalse
	m.patProps = append(slices.Clip(a.patProps), b.patProps...)
	if len(b.depReq) > 0 {
		m.depReq = map[string][]string{}
		for k, v := range a.depReq {
			m.depReq[k] = v
		}
		for _, k := range sortedKeys(b.depReq) {
			m.depReq[k] = append(slices.Clip(m.depReq[k]), b.depReq[k]...)
		}
	}
	switch {
	case a.keys != nil && b.keys != nil:
		m.keys = s.conj(a.keys, b.keys)
	case b.keys != nil:
		m.keys = b.keys
	}
	m.minProps = max(a.minProps, b.minProps)
	m.maxProps = minLimit(a.maxProps, b.maxProps)

	if len(b.prefix) > len(a.prefix) {
		m.prefix = slices.Clone(b.prefix)
		for i, p := range a.prefix {
			m.prefix[i] = s.conj(p, b.prefix[i])
		}
	} else if len(b.prefix) > 0 {
		m.prefix = slices.Clone(a.prefix)
		for i, p := range b.prefix {
			m.prefix[i] = s.conj(a.prefix[i], p)
		}
	}
	switch {
	case a.items != nil && b.items != nil:
		m.items = s.conj(a.items, b.items)
	case b.items != nil:
		m.items = b.items
	}
	m.itemsFalse = a.itemsFalse || b.itemsFalse
	m.minItems = max(a.minItems, b.minItems)
	m.maxItems = minLimit(a.maxItems, b.maxItems)
	m.unique = a.unique || b.unique
	switch {
	case a.contains != nil && b.contains != nil:
		m.contains = s.conj(a.contains, b.contains) // stricter than both: one item matches both
	case b.contains != nil:
		m.contains = b.contains
	}
	m.minContains = max(a.minContains, b.minContains)
	m.maxContains = minLimit(a.maxContains, b.maxContains)
	m.alts = append(slices.Clip(a.alts), b.alts...)
	return &m
}

func mergeTypes(a, b []string) []string {
	if len(a) == 0 {
		return b
	}
	if len(b) == 0 {
		return a
	}
	var out []string
	for _, t := range a {
		switch {
		case slices.Contains(b, t):
			out = append(out, t)
		case t == "integer" && slices.Contains(b, "number"):
			out = append(out, t)
		case t == "number" && slices.Contains(b, "integer"):
			out = append(out, "integer")
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

func mergeRange(a, b numRange) numRange {
	r := a
	if b.min != nil {
		if c := cmpRat(b.min, a.min, -1); c > 0 || (c == 0 && b.exMin) {
			r.min, r.exMin = b.min, b.exMin
		}
	}
	if b.max != nil {
		if c := cmpRat(b.max, a.max, 1); c < 0 || (c == 0 && b.exMax) {
			r.max, r.exMax = b.max, b.exMax
		}
	}
	r.multipleOf = append(slices.Clip(a.multipleOf), b.multipleOf...)
	return r
}

// cmpRat compares x with y, where a nil y is infinite: -Inf for inf < 0,
// +Inf for inf > 0.
func cmpRat(x, y *big.Rat, inf int) int {
	if y == nil {
		return -inf
	}
	return x.Cmp(y)
}

// minLimit is the smaller of two limits where a negative one means none.
func minLimit(a, b int) int {
	switch {
	case a < 0:
		return b
	case b < 0:
		return a
	}
	return min(a, b)
}

// conj is the unflattened node of the values both a and b admit: one
// node per pair, so that its flat form and boundary values are computed
// once.
func (s *schema) conj(a, b *node) *node {
	k := [2]*node{a, b}
	if n, ok := s.conjs[k]; ok {
		return n
	}
	n := newNode()
	n.allOf = []*node{a, b}
	s.conjs[k] = n
	return n
}
