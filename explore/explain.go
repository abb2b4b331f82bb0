package explore

import (
	"encoding/json"
	"math/big"
	"slices"
	"unicode/utf8"
)

// explain lists the violations of v against n that generation can name
// (those it makes: required keys, types, enum and const, ranges, lengths,
// patterns Go runs, extra keys, item counts), sorted. The other keywords
// (anyOf, oneOf, not) it does not judge.
func (g *gen) explain(n *node, v any) []string {
	out := g.explainAt(n, v, nil, 0, nil)
	slices.Sort(out)
	return slices.Compact(out)
}

func (g *gen) explainAt(n *node, v any, path []any, depth int, out []string) []string {
	n = g.s.flat(n)
	if n.never || depth > maxDepth || len(out) > maxViolations {
		return out
	}
	if t := typeOf(v); len(n.types) > 0 && !typeAllowed(n.types, t) {
		if t == "number" && slices.Contains(n.types, "integer") {
			return append(out, nameInteger(path))
		}
		return append(out, nameWrongType(n, t, path))
	}
	if n.hasConst && !equalJSON(v, n.constVal) {
		out = append(out, nameConst(path))
	}
	if n.hasEnum && !slices.ContainsFunc(n.enum, func(e any) bool { return equalJSON(v, e) }) {
		out = append(out, nameEnum(path))
	}
	switch x := v.(type) {
	case json.Number:
		out = explainNumber(n, x, path, out)
	case string:
		if runes := utf8.RuneCountInString(x); runes < n.minLen {
			out = append(out, nameShort(n, path))
		} else if n.maxLen >= 0 && runes > n.maxLen {
			out = append(out, nameLong(n, path))
		}
		for _, p := range n.patterns {
			if p.re != nil && !p.re.MatchString(x) {
				out = append(out, namePattern(p, path))
			}
		}
	case map[string]any:
		for _, k := range n.required {
			if _, ok := x[k]; !ok {
				out = append(out, nameRequired(k, path))
			}
		}
		for _, k := range sortedKeys(x) {
			m, ok := memberNode(n, k)
			if !ok {
				out = append(out, nameExtra(k, path))
				continue
			}
			out = g.explainAt(m, x[k], appendPath(path, k), depth+1, out)
		}
	case []any:
		if len(x) < n.minItems {
			out = append(out, nameFewer(n, path))
		}
		if n.maxItems >= 0 && len(x) > n.maxItems {
			out = append(out, nameMore(n, path))
		}
		if n.unique && len(x) > 1 {
			seen := map[string]bool{}
			for _, e := range x {
				k := jsonText(e)
				if seen[k] {
					out = append(out, nameRepeated(path))
					break
				}
				seen[k] = true
			}
		}
		for i := range min(len(x), maxMembers) {
			if it, ok := itemNode(n, i); ok {
				out = g.explainAt(it, x[i], appendPath(path, i), depth+1, out)
			}
		}
	}
	return out
}

func explainNumber(n *node, x json.Number, path []any, out []string) []string {
	f, err := x.Float64()
	if err != nil {
		return out
	}
	if f < n.num.min || (n.num.exMin && f == n.num.min) {
		out = append(out, nameBelow(n, path))
	}
	if f > n.num.max || (n.num.exMax && f == n.num.max) {
		out = append(out, nameAbove(n, path))
	}
	if r, ok := parseRat(x); ok {
		for _, m := range n.num.multipleOf {
			if !new(big.Rat).Quo(r, m).IsInt() {
				out = append(out, nameMultiple(m, path))
			}
		}
	}
	return out
}

// typeAllowed reports whether a value of type t (typeOf) matches types.
func typeAllowed(types []string, t string) bool {
	return slices.Contains(types, t) || (t == "integer" && slices.Contains(types, "number"))
}
