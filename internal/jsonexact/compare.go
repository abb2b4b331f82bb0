package jsonexact

import (
	"encoding/json"
	"fmt"
	"math"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/speccify/speccify-lint/internal/prose"
)

// Difference is one way an actual JSON value fails to cover the expected one.
type Difference struct {
	// Path is a JSON path into the output, such as "$.keys[0]" or `$["a b"]`.
	Path string `json:"path"`
	// Expected and Actual are the compact JSON of the two sides; empty when a
	// side is missing.
	Expected string `json:"expected,omitempty"`
	Actual   string `json:"actual,omitempty"`
	// Message says what differs: `expected "A", got "B"`, `missing`,
	// `expected 2 items, got 3`.
	Message string `json:"message"`
}

// String formats the difference as "path: message".
func (d Difference) String() string { return d.Path + ": " + d.Message }

// Covers reports how actual fails to cover expected; nil means it covers.
//
// Actual covers expected when:
//   - expected is an object, actual is an object, and every key of expected
//     is in actual with a value that covers the expected one; actual may have
//     more keys, and key order does not matter;
//   - expected is an array, actual is an array of the same length, and each
//     element covers the expected element at the same index;
//   - expected is a number and actual is a number of exactly the same value
//     (numbersEqual: 1.0 covers 1; float64 and integer values are accepted
//     too, read as the shortest decimal that gives the same float);
//   - expected is a string, true, false or null, and actual is the same.
//     true is not 1, and null is not a missing key, nor the other way round.
//
// Every difference is reported, in a fixed order (object keys in byte order,
// array elements by index). Each Path is a JSON path: "$" for the root,
// "$.name" for a key matching ^[A-Za-z_][A-Za-z0-9_]*$, `$["a b"]` (the key
// as a JSON string) for any other key, "$.items[0]" for an array element.
// Expected and Actual hold the full compact JSON (as encoding/json writes it,
// without HTML escaping) of the two
// sides; the Message has one of these forms, where a value longer than 200
// bytes is cut (at a character boundary) and ends with "…":
//
//	expected "A", got "B"      the values differ (and neither side is a container of the expected kind)
//	expected an object, got 3  expected an object, got another type
//	expected an array, got {}  expected an array, got another type
//	missing                    an expected key is absent (Actual is empty)
//	expected 2 items, got 3    array lengths differ (elements are then not compared)
//
// Covers does not panic. It recurses once per level of nesting, which for
// values from Parse is at most maxDepth; deeper nesting (possible only
// in a hand-built or cyclic value) is reported as a difference rather than
// followed.
func Covers(expected, actual any) []Difference {
	var c cmpState
	c.covers(expected, actual, 0)
	return c.diffs
}

// Equal reports whether a and b are the same JSON value: objects with the
// same keys, in any order, and equal values; arrays of equal elements in
// the same order; numbers of the same mathematical value, however spelled
// (1, 1.0 and 1e0 are equal, -0 equals 0); the same strings, booleans and
// null. Each covers the other.
func Equal(a, b any) bool {
	// Values of different kinds, and scalars other than numbers, are
	// told apart here without rendering the difference Covers describes.
	ak, av := cmpClassify(a)
	bk, bv := cmpClassify(b)
	switch {
	case ak != bk:
		return false
	case ak == cmpNull:
		return true
	case ak == cmpBool:
		return av.(bool) == bv.(bool)
	case ak == cmpString:
		return av.(string) == bv.(string)
	}
	return len(Covers(a, b)) == 0 && len(Covers(b, a)) == 0
}

// cmpMaxMsgValue is the most bytes of each value quoted in a Message.
const cmpMaxMsgValue = 200

type cmpKind int

const (
	cmpNull cmpKind = iota
	cmpBool
	cmpNumber
	cmpString
	cmpArray
	cmpObject
	cmpOther // NaN, infinities, and values encoding/json cannot render
)

// cmpSeg is one step of a path: an object key or an array index.
type cmpSeg struct {
	key   string
	index int
	isKey bool
}

type cmpState struct {
	path  []cmpSeg // rendered only when a difference is found
	diffs []Difference
}

// cmpClassify returns v's kind and v in the form Parse returns: Go
// numbers become json.Number, other types go through encoding/json.
func cmpClassify(v any) (cmpKind, any) {
	switch v.(type) { // v itself is returned: re-boxing would allocate
	case nil:
		return cmpNull, nil
	case bool:
		return cmpBool, v
	case string:
		return cmpString, v
	case json.Number:
		return cmpNumber, v
	case map[string]any:
		return cmpObject, v
	case []any:
		return cmpArray, v
	}
	if n, ok := jsonGoNumber(v); ok {
		if _, valid := numScan(string(n)); valid {
			return cmpNumber, n
		}
		return cmpOther, v
	}
	if w, ok := jsonNormalize(v); ok {
		return cmpClassify(w)
	}
	return cmpOther, v
}

func (c *cmpState) covers(expected, actual any, depth int) {
	if depth > maxDepth {
		c.add(Difference{Message: fmt.Sprintf("nesting deeper than %d levels", maxDepth)})
		return
	}
	ek, e := cmpClassify(expected)
	ak, a := cmpClassify(actual)
	if ek != ak {
		c.mismatch(ek, e, a)
		return
	}
	switch ek {
	case cmpNull:
		// null covers null
	case cmpBool:
		if e.(bool) != a.(bool) {
			c.mismatch(ek, e, a)
		}
	case cmpString:
		if e.(string) != a.(string) {
			c.mismatch(ek, e, a)
		}
	case cmpNumber:
		if !numbersEqual(e.(json.Number), a.(json.Number)) {
			c.mismatch(ek, e, a)
		}
	case cmpObject:
		eo, ao := e.(map[string]any), a.(map[string]any)
		keys := make([]string, 0, len(eo))
		for k := range eo {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		for _, k := range keys {
			c.path = append(c.path, cmpSeg{key: k, isKey: true})
			if av, ok := ao[k]; ok {
				c.covers(eo[k], av, depth+1)
			} else {
				c.add(Difference{Expected: compact(eo[k]), Message: "missing"})
			}
			c.path = c.path[:len(c.path)-1]
		}
	case cmpArray:
		ea, aa := e.([]any), a.([]any)
		if len(ea) != len(aa) {
			noun := "items"
			if len(ea) == 1 {
				noun = "item"
			}
			c.add(Difference{Expected: compact(ea), Actual: compact(aa),
				Message: fmt.Sprintf("expected %d %s, got %d", len(ea), noun, len(aa))})
			return
		}
		for i := range ea {
			c.path = append(c.path, cmpSeg{index: i})
			c.covers(ea[i], aa[i], depth+1)
			c.path = c.path[:len(c.path)-1]
		}
	default:
		if !cmpDeepEqual(e, a) {
			c.mismatch(ek, e, a)
		}
	}
}

// cmpDeepEqual compares values of no JSON kind, without panicking.
func cmpDeepEqual(a, b any) (eq bool) {
	defer func() {
		if recover() != nil {
			eq = false
		}
	}()
	return reflect.DeepEqual(a, b)
}

// mismatch records that actual is not expected: a different type, or a
// different scalar value. ek is the kind of expected.
func (c *cmpState) mismatch(ek cmpKind, expected, actual any) {
	es, as := compact(expected), compact(actual)
	var want string
	switch ek {
	case cmpObject:
		want = "an object"
	case cmpArray:
		want = "an array"
	default:
		want = cmpCut(es)
	}
	c.add(Difference{Expected: es, Actual: as, Message: "expected " + want + ", got " + cmpCut(as)})
}

// add records d at the current path.
func (c *cmpState) add(d Difference) {
	d.Path = cmpPath(c.path)
	c.diffs = append(c.diffs, d)
}

// cmpCut shortens s to at most cmpMaxMsgValue bytes, at a character
// boundary, marking the cut with "…".
func cmpCut(s string) string {
	if len(s) <= cmpMaxMsgValue {
		return s
	}
	return prose.Cut(s, cmpMaxMsgValue) + "…"
}

// cmpPath renders a path such as $.items[0]["a b"].
func cmpPath(segs []cmpSeg) string {
	b := []byte{'$'}
	for _, s := range segs {
		switch {
		case !s.isKey:
			b = append(b, '[')
			b = strconv.AppendInt(b, int64(s.index), 10)
			b = append(b, ']')
		case cmpIsIdent(s.key):
			b = append(b, '.')
			b = append(b, s.key...)
		default:
			b = append(b, '[')
			b = append(b, compact(s.key)...)
			b = append(b, ']')
		}
	}
	return string(b)
}

// cmpIsIdent reports whether key matches ^[A-Za-z_][A-Za-z0-9_]*$.
func cmpIsIdent(key string) bool {
	if key == "" {
		return false
	}
	for i := 0; i < len(key); i++ {
		c := key[i]
		switch {
		case c == '_', c >= 'A' && c <= 'Z', c >= 'a' && c <= 'z':
		case c >= '0' && c <= '9' && i > 0:
		default:
			return false
		}
	}
	return true
}

// PointerToPath turns a JSON pointer into a JSON path, written as Covers
// writes its paths: "/keys/0" -> "$.keys[0]" (numeric tokens are shown as
// indices).
func PointerToPath(pointer string) string {
	var segs []cmpSeg
	if pointer != "" {
		for _, tok := range strings.Split(strings.TrimPrefix(pointer, "/"), "/") {
			tok = strings.ReplaceAll(strings.ReplaceAll(tok, "~1", "/"), "~0", "~")
			if n, err := strconv.Atoi(tok); err == nil && isIndex(tok) {
				segs = append(segs, cmpSeg{index: n})
			} else {
				segs = append(segs, cmpSeg{key: tok, isKey: true})
			}
		}
	}
	return cmpPath(segs)
}

func isIndex(s string) bool {
	if s == "" || (len(s) > 1 && s[0] == '0') {
		return false
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// compact renders a value of Covers as compact JSON: encoding/json with HTML
// escaping off, which writes the values Parse returns exactly (object
// keys sorted, json.Number as written, strings escaped as it escapes them).
// What encoding/json cannot render, which only a hand-built value holds, is
// a JSON string: "NaN", "+Inf" or "-Inf" for those floats, else naming the
// value's type ("<unsupported chan int>").
func compact(v any) string {
	if s, ok := encodeJSON(v); ok {
		return s
	}
	if n, ok := jsonGoNumber(v); ok {
		return compact(string(n))
	}
	return compact(fmt.Sprintf("<unsupported %T>", v))
}

// encodeJSON is v as encoding/json writes it without HTML escaping and the
// final newline; ok is false when it fails, also by a panicking MarshalJSON.
func encodeJSON(v any) (s string, ok bool) {
	defer func() {
		if recover() != nil {
			s, ok = "", false
		}
	}()
	b, err := Compact(v)
	if err != nil {
		return "", false
	}
	return string(b), true
}

// jsonGoNumber formats a Go number exactly, as encoding/json does: integers
// in full, floats as the shortest decimal that reads back as the same float.
// NaN and infinities give "NaN", "+Inf" and "-Inf", which are not JSON
// numbers.
func jsonGoNumber(v any) (json.Number, bool) {
	switch v.(type) {
	case float64, float32, int, int8, int16, int32, int64, uint, uint8, uint16, uint32, uint64, uintptr:
	default:
		return "", false
	}
	b, err := json.Marshal(v)
	if err == nil {
		return json.Number(b), true
	}
	switch f := reflect.ValueOf(v).Float(); {
	case math.IsNaN(f):
		return "NaN", true
	case f > 0:
		return "+Inf", true
	}
	return "-Inf", true
}

// jsonNormalize turns a value of any other Go type into the form Parse
// returns, through encoding/json. It reports false when that fails, and never
// panics, even when a MarshalJSON method does.
func jsonNormalize(v any) (w any, ok bool) {
	defer func() {
		if recover() != nil {
			w, ok = nil, false
		}
	}()
	data, err := json.Marshal(v)
	if err != nil {
		return nil, false
	}
	w, err = Parse(data)
	return w, err == nil
}
