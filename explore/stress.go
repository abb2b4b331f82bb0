package explore

import (
	"strings"
	"unicode/utf8"
)

// Stress values: what boundary, full and random values do not reach, each
// put into the full value at one place (a member or an item of it, at any
// depth), the rest of the value as it is.
//
//   - Almost-matches: for each pattern, strings that match it up to a long
//     run of one of its repetitions and then break it (pattern.almostMatches),
//     and likewise for each format, a sample with one of its runs of
//     letters and digits made long and a character after it that the
//     format does not take there: the inputs on which a backtracking
//     regular expression in the implementation takes exponential time, for
//     explore-crash's timeout and explore-slow to find.
//   - Deep values: in each open object (additionalProperties true, absent
//     or a schema; patternProperties), a member nested 4, 16 and 64 levels
//     deep through members the schema leaves open, which a recursive $ref
//     through additionalProperties follows too; the full values follow
//     only declared properties.
//   - Unusual strings: strings of tab, CR, non-ASCII letters, an astral
//     emoji and a combining mark, and strings of astral characters only
//     (4 UTF-8 bytes and 2 UTF-16 units each), at and one past each length
//     bound of the schema (minLength, maxLength), or, without maxLength, at
//     and twice the length of the longest string the examples give there:
//     what breaks an implementation that counts bytes, UTF-16 units or
//     graphemes where JSON Schema counts code points.
//
// The three kinds take turns, and so do the places within each kind, so
// that each kind and place comes early. Making them takes no random
// numbers: the random values after them are the same with or without them.

// Limits of stress values.
const (
	// maxStressPlaces bounds the places of each kind.
	maxStressPlaces = 16
	// maxStress bounds the stress values of one schema.
	maxStress = 96
)

// almostRuns are the lengths of the runs of an almost-match: one that
// exponential backtracking cannot finish (2^32 steps), one that polynomial
// backtracking cannot either.
var almostRuns = []int{32, 4000}

// deepLevels are how deep a deep value nests its members below the open
// object it is put in.
var deepLevels = []int{4, 16, 64}

// unusualText is the cycle the mixed unusual strings are cut from: a
// tab, e with an acute accent as one code point, a carriage return, e and
// a combining acute accent (two code points, one character on screen), a
// CJK ideograph (3 UTF-8 bytes) and an astral emoji (4 bytes, 2 UTF-16
// units).
var unusualText = []rune("\té\re\u0301日😀")

// astralRune is the character of the astral unusual strings.
const astralRune = '😀'

// Kinds of the stress values that are valid.
const (
	kindAlmost  = "almost-matching string"
	kindDeep    = "deep value"
	kindUnusual = "unusual string"
)

// stressValue is a stress value: the whole input, and the kind of what
// was put into it.
type stressValue struct {
	value any
	kind  string
}

// stressWalk collects the stress values of a base value, a list per place
// and kind.
type stressWalk struct {
	g    *gen
	base any
	// examples are the longest string the examples give at each place,
	// in code points, by the place's key (stressKey).
	examples map[string]int
	almost   [][]any
	deep     [][]any
	unusual  [][]any
}

// stressValues are the stress values of root in the valid value base,
// the three kinds interleaved; examples are the examples' inputs.
func (g *gen) stressValues(root *node, base any, examples []any) []stressValue {
	if base == nil {
		return nil
	}
	w := &stressWalk{g: g, base: base, examples: map[string]int{}}
	for _, e := range examples {
		walkLeaves(e, nil, func(path []any, leaf any) {
			if s, ok := leaf.(string); ok {
				k := stressKey(path)
				w.examples[k] = max(w.examples[k], utf8.RuneCountInString(s))
			}
		})
	}
	w.at(root, base, nil, 0)
	kinds := []struct {
		lists [][]any
		kind  string
	}{{w.almost, kindAlmost}, {w.deep, kindDeep}, {w.unusual, kindUnusual}}
	var each [][]stressValue
	for _, k := range kinds {
		var list []stressValue
		for _, v := range interleave(k.lists) {
			list = append(list, stressValue{value: v, kind: k.kind})
		}
		each = append(each, list)
	}
	var out []stressValue
	for i := 0; len(out) < maxStress; i++ {
		more := false
		for _, l := range each {
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

// stressKey is the key of a place by its path, array indexes left out:
// the examples' strings at any item of an array suggest the length of
// every item's.
func stressKey(path []any) string {
	var b strings.Builder
	for _, p := range path {
		if k, ok := p.(string); ok {
			b.WriteString("/" + pointerEscaper.Replace(k))
		} else {
			b.WriteString("/*")
		}
	}
	return b.String()
}

// pointerEscaper writes a member name as a JSON pointer's token.
var pointerEscaper = strings.NewReplacer("~", "~0", "/", "~1")

// at adds the stress values of the place path, whose schema is n and
// value v, and of its members and items.
func (w *stressWalk) at(n *node, v any, path []any, depth int) {
	g := w.g
	n = g.s.flat(n)
	if depth > maxDepth || n.never {
		return
	}
	n = g.resolveAlts(n, func(int) int { return 0 })
	if n.never {
		return
	}
	types := typesOf(n)
	if s, ok := v.(string); ok && typeAllowed(types, "string") {
		w.stringPlace(n, s, path)
	}
	if len(w.deep) < maxStressPlaces && typeAllowed(types, "object") && !n.hasConst && !n.hasEnum {
		var list []any
		for _, levels := range deepLevels {
			if d, ok := w.g.deepObject(n, v, levels); ok {
				list = append(list, setAt(w.base, path, d, false))
			}
		}
		if len(list) > 0 {
			w.deep = append(w.deep, list)
		}
	}
	g.eachChild(n, v, path, func(child *node, cv any, cpath []any) { w.at(child, cv, cpath, depth+1) })
}

// stringPlace adds the almost-matches and unusual strings of the string place
// path, whose schema is n and value s.
func (w *stressWalk) stringPlace(n *node, s string, path []any) {
	put := func(ss []string) []any {
		var out []any
		for _, x := range ss {
			if x != s {
				out = append(out, setAt(w.base, path, x, false))
			}
		}
		return out
	}
	if len(w.almost) < maxStressPlaces {
		var ss []string
		for _, run := range almostRuns {
			for _, p := range n.patterns {
				ss = append(ss, p.almostMatches(run, n.maxLen)...)
			}
			if f := formatSamples[n.format]; len(f) > 0 {
				ss = append(ss, almostFormat(f[0], run, n.maxLen)...)
			}
		}
		if list := put(ss); len(list) > 0 {
			w.almost = append(w.almost, list)
		}
	}
	if len(w.unusual) < maxStressPlaces && len(n.patterns) == 0 && n.format == "" {
		if list := put(unusualStrings(n, w.examples[stressKey(path)])); len(list) > 0 {
			w.unusual = append(w.unusual, list)
		}
	}
}

// maxFormatRuns is how many runs of a format sample get their own
// almost-matches.
const maxFormatRuns = 3

// almostFormat are strings that almost have the format of sample: for
// each of its first runs of ASCII letters and digits, the sample up to
// that run, the run made run code points long (its first character
// repeated), and "!", which no format takes after a letter or a digit
// there (a@eeee...e!); within maxLen code points (negative: no limit).
func almostFormat(sample string, run, maxLen int) []string {
	var out []string
	for i := 0; i < len(sample) && len(out) < maxFormatRuns; {
		if !isASCIIAlnum(sample[i]) {
			i++
			continue
		}
		j := i
		for j < len(sample) && isASCIIAlnum(sample[j]) {
			j++
		}
		if maxLen >= 0 {
			run = min(run, maxLen-utf8.RuneCountInString(sample[:i])-1)
		}
		if run > 1 {
			out = append(out, sample[:i]+strings.Repeat(sample[i:i+1], run)+"!")
		}
		i = j
	}
	return out
}

func isASCIIAlnum(b byte) bool {
	return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9'
}

// unusualStrings are the unusual strings of n: mixed and astral, at and
// one past each length bound, or, without maxLength, at and twice the
// length example (the longest string the examples give there, 0: none).
func unusualStrings(n *node, example int) []string {
	var lengths []int
	if n.maxLen >= 0 {
		if n.maxLen > 0 && n.maxLen < maxStringRunes {
			lengths = append(lengths, n.maxLen, n.maxLen+1)
		}
	} else if example > 0 && 2*example <= maxStringRunes {
		lengths = append(lengths, example, 2*example)
	}
	if n.minLen > 1 && n.minLen <= maxStringRunes {
		lengths = append(lengths, n.minLen, n.minLen-1)
	}
	var out []string
	for _, l := range lengths {
		out = append(out, mixedText(l), strings.Repeat(string(astralRune), l))
	}
	return out
}

// mixedText is the first n code points of unusualText repeated.
func mixedText(n int) string {
	rs := make([]rune, n)
	for i := range rs {
		rs[i] = unusualText[i%len(unusualText)]
	}
	return string(rs)
}

// deepObject is v, an object of n (or, when v is none, n's smallest
// object), with a member nested levels deep through members n and the
// schemas below it leave open: additionalProperties, or else a
// patternProperties name. ok is false when n has no open member.
func (g *gen) deepObject(n *node, v any, levels int) (any, bool) {
	n = g.s.flat(n)
	if n.never || levels <= 0 {
		return nil, false
	}
	n = g.resolveAlts(n, func(int) int { return 0 })
	if n.never || n.hasConst || n.hasEnum || !typeAllowed(typesOf(n), "object") || n.minProps > maxMembers {
		return nil, false
	}
	obj, isObj := v.(map[string]any)
	if isObj {
		obj = clone(obj)
	} else if obj, isObj = g.smallestObject(n); !isObj {
		return nil, false
	}
	k, m, ok := g.openMember(n, obj)
	if !ok {
		return nil, false
	}
	if d, ok := g.deepObject(m, nil, levels-1); ok {
		obj[k] = d
		return obj, true
	}
	if levels > 1 {
		return nil, false // the open member leads no deeper
	}
	leaf, ok := g.minimal(m)
	if !ok {
		return nil, false
	}
	obj[k] = leaf
	return obj, true
}

// smallestObject is n's object of the required members at their smallest
// values.
func (g *gen) smallestObject(n *node) (map[string]any, bool) {
	obj := map[string]any{}
	for _, k := range n.required {
		m, ok := g.s.memberNode(n, k)
		if !ok {
			return nil, false
		}
		v, ok := g.minimal(m)
		if !ok {
			return nil, false
		}
		obj[k] = v
	}
	return obj, true
}

// openMember is a name obj does not have that no property of n declares,
// and its schema: extraKey's, or the shortest name of a patternProperties
// pattern.
func (g *gen) openMember(n *node, obj map[string]any) (string, *node, bool) {
	for i := range 4 {
		k := g.extraKey(n, i)
		if _, taken := obj[k]; taken {
			continue
		}
		if m, ok := g.s.memberNode(n, k); ok {
			return k, m, true
		}
		break
	}
	for _, pp := range n.patProps {
		w := &patternWalk{minimal: true}
		if pp.pat.tree == nil || !w.walk(pp.pat.tree) {
			continue
		}
		k := w.b.String()
		if _, taken := obj[k]; taken || n.props[k] != nil {
			continue
		}
		if m, ok := g.s.memberNode(n, k); ok {
			return k, m, true
		}
	}
	return "", nil, false
}
