package explore

import (
	"encoding/json"
	"math"
)

// jsonText is v as compact JSON with sorted keys: the identity of an input
// (inputs are deduplicated by it).
func jsonText(v any) string {
	return string(Input{Value: v}.JSON())
}

// equalJSON reports whether a and b are the same JSON value (numbers
// compared by value).
func equalJSON(a, b any) bool {
	switch x := a.(type) {
	case json.Number:
		y, ok := b.(json.Number)
		if !ok {
			return false
		}
		if x == y {
			return true
		}
		fx, ex := x.Float64()
		fy, ey := y.Float64()
		return ex == nil && ey == nil && fx == fy
	case map[string]any:
		y, ok := b.(map[string]any)
		if !ok || len(x) != len(y) {
			return false
		}
		for k, v := range x {
			w, ok := y[k]
			if !ok || !equalJSON(v, w) {
				return false
			}
		}
		return true
	case []any:
		y, ok := b.([]any)
		if !ok || len(x) != len(y) {
			return false
		}
		for i := range x {
			if !equalJSON(x[i], y[i]) {
				return false
			}
		}
		return true
	}
	return a == b
}

// typeOf is the JSON Schema type name of v ("integer" for whole numbers).
func typeOf(v any) string {
	switch x := v.(type) {
	case nil:
		return "null"
	case bool:
		return "boolean"
	case string:
		return "string"
	case json.Number:
		if isInteger(x) {
			return "integer"
		}
		return "number"
	case []any:
		return "array"
	case map[string]any:
		return "object"
	}
	return "unknown"
}

func isInteger(n json.Number) bool {
	if r, ok := parseRat(n); ok {
		return r.IsInt()
	}
	f, err := n.Float64()
	return err == nil && f == math.Trunc(f)
}

// setAt returns root with the value at path replaced by v (del: removed),
// copying the containers along the path; root itself is not changed.
func setAt(root any, path []any, v any, del bool) any {
	if len(path) == 0 {
		return v
	}
	switch c := root.(type) {
	case map[string]any:
		k, _ := path[0].(string)
		m := make(map[string]any, len(c))
		for kk, vv := range c {
			m[kk] = vv
		}
		if len(path) == 1 && del {
			delete(m, k)
		} else {
			m[k] = setAt(c[k], path[1:], v, del)
		}
		return m
	case []any:
		i, _ := path[0].(int)
		if i < 0 || i >= len(c) {
			return root
		}
		if len(path) == 1 && del {
			out := make([]any, 0, len(c)-1)
			out = append(out, c[:i]...)
			return append(out, c[i+1:]...)
		}
		out := make([]any, len(c))
		copy(out, c)
		out[i] = setAt(c[i], path[1:], v, del)
		return out
	}
	return root
}

// valueAt returns the value at path in root.
func valueAt(root any, path []any) (any, bool) {
	for _, p := range path {
		switch c := root.(type) {
		case map[string]any:
			k, _ := p.(string)
			v, ok := c[k]
			if !ok {
				return nil, false
			}
			root = v
		case []any:
			i, _ := p.(int)
			if i < 0 || i >= len(c) {
				return nil, false
			}
			root = c[i]
		default:
			return nil, false
		}
	}
	return root, true
}

// appendPath returns path with p appended, never sharing path's array.
func appendPath(path []any, p any) []any {
	out := make([]any, len(path), len(path)+1)
	copy(out, path)
	return append(out, p)
}
