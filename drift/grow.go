package drift

import (
	"encoding/json"
	"slices"
	"strconv"
)

// Limits of the candidates grown for an upper bound: no more than
// maxGrownMembers members, and no more than maxGrown candidates per value.
const (
	maxGrownMembers = 10_000
	maxGrown        = 8
)

// grown are values made from v to reach a change of c's keyword that the
// generator rarely reaches, at c's place: its arrays with their first item
// repeated (uniqueItems), or grown past c's bound (maxItems), its objects
// with undeclared members added past c's bound (maxProperties). They are
// candidates like any other: the wide schema must accept them and the
// narrow one reject them the way c predicts. Nil for another keyword.
func grown(v any, c *SchemaChange) []any {
	var grow func(x any) []any
	switch c.Keyword {
	case "uniqueItems":
		grow = func(x any) []any {
			if a, ok := x.([]any); ok && len(a) > 0 {
				return []any{append(slices.Clone(a), a[0])}
			}
			return nil
		}
	case "maxItems":
		grow = func(x any) []any {
			a, ok := x.([]any)
			if !ok || c.bound < len(a) || c.bound >= maxGrownMembers {
				return nil
			}
			var out []any
			for _, fill := range fillers(a) {
				b := slices.Clone(a)
				for len(b) <= c.bound {
					b = append(b, fill)
				}
				out = append(out, b)
			}
			return out
		}
	case "maxProperties":
		grow = func(x any) []any {
			m, ok := x.(map[string]any)
			if !ok || c.bound < len(m) || c.bound >= maxGrownMembers {
				return nil
			}
			var members []any
			for _, k := range sortedKeys(m) {
				members = append(members, m[k])
			}
			var out []any
			for _, fill := range fillers(members) {
				n := make(map[string]any, c.bound+1)
				for k, v := range m {
					n[k] = v
				}
				for i := 0; len(n) <= c.bound; i++ {
					if k := "extra" + strconv.Itoa(i); !has(n, k) {
						n[k] = fill
					}
				}
				out = append(out, n)
			}
			return out
		}
	default:
		return nil
	}
	var out []any
	replaceAt(v, c.at, grow, func(r any) bool {
		out = append(out, r)
		return len(out) < maxGrown
	})
	return out
}

// fillers are the values a grown array or object is filled with: a copy
// of its first member when it has one (valid where the others are), then
// the smallest value of each type.
func fillers(members []any) []any {
	var out []any
	if len(members) > 0 {
		out = append(out, members[0])
	}
	return append(out, nil, "", json.Number("0"), false, map[string]any{}, []any{})
}

// replaceAt calls yield with v where the value at the instance path at
// ("*" for any array item or object member) is replaced by each of grow's
// values, until yield returns false. v is not modified: each result is a
// copy along the path.
func replaceAt(v any, at []string, grow func(any) []any, yield func(any) bool) bool {
	if len(at) == 0 {
		for _, g := range grow(v) {
			if !yield(g) {
				return false
			}
		}
		return true
	}
	switch x := v.(type) {
	case map[string]any:
		for _, k := range sortedKeys(x) {
			if at[0] != "*" && at[0] != k {
				continue
			}
			ok := replaceAt(x[k], at[1:], grow, func(r any) bool {
				m := make(map[string]any, len(x))
				for kk, vv := range x {
					m[kk] = vv
				}
				m[k] = r
				return yield(m)
			})
			if !ok {
				return false
			}
		}
	case []any:
		for i, item := range x {
			if at[0] != "*" && at[0] != strconv.Itoa(i) {
				continue
			}
			ok := replaceAt(item, at[1:], grow, func(r any) bool {
				a := slices.Clone(x)
				a[i] = r
				return yield(a)
			})
			if !ok {
				return false
			}
		}
	}
	return true
}

func has(m map[string]any, k string) bool {
	_, ok := m[k]
	return ok
}

// sortedKeys are the keys of m, sorted.
func sortedKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
