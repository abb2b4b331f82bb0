package explore

import (
	"encoding/json"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Shrink returns the smallest input it finds that still fails: fails is
// asked of candidates that are on the same side of valid and invalid as in,
// at most budget times. It returns in when no smaller candidate fails.
//
// It takes the first smaller candidate that fails, in passes until a pass
// finds none: members dropped (object keys, array items), then each value
// made simpler: strings emptied, shortened and made ASCII, numbers moved
// toward zero by binary search (so a tool that fails for n > 100 gets
// exactly 101; the oracle stops the search at a bound), true made false.
// Candidates are ordered by a size that every step lowers, so it ends. An
// invalid input keeps the violations it has (as far as the generator can
// name them), so that its Kind stays true.
func Shrink(in Input, src Source, fails func(Input) bool, budget int) Input {
	valid := src.Valid
	if valid == nil {
		valid = func(any) bool { return true }
	}
	s := &shrinker{cur: in, valid: valid, fails: fails, budget: budget, checks: maxChecksPerCall * max(budget, 1)}
	if !in.Valid {
		// An invalid input stays invalid the same way: the violations the
		// generator can name stay the ones it has, so that its Kind still
		// says why it is invalid.
		s.gen = newGen(newSchema(src.Schema), nil)
		s.root = s.gen.s.at("")
		s.violations = s.gen.explain(s.root, in.Value)
	}
	for s.budget > 0 && s.checks > 0 && s.pass() {
	}
	return s.cur
}

// maxChecksPerCall bounds the candidates the oracle judges per call of
// fails in the budget: most candidates of a large value are on the other
// side and cost no call, but they cost the oracle's time.
const maxChecksPerCall = 50

type shrinker struct {
	cur    Input
	valid  func(any) bool
	fails  func(Input) bool
	budget int
	checks int // candidates the oracle may still judge

	// For an invalid input: the schema and the violations it names.
	gen        *gen
	root       *node
	violations []string
}

// try makes the value at path v (del: removes it) when that is smaller,
// on the same side and still fails.
func (s *shrinker) try(path []any, v any, del bool) bool {
	if s.budget <= 0 || s.checks <= 0 {
		return false
	}
	s.checks--
	cand := setAt(s.cur.Value, path, v, del)
	if !smaller(cand, s.cur.Value) || s.valid(cand) != s.cur.Valid {
		return false
	}
	if s.gen != nil && !slices.Equal(s.gen.explain(s.root, cand), s.violations) {
		return false
	}
	in := Input{Value: cand, Valid: s.cur.Valid, Kind: s.cur.Kind}
	s.budget--
	if !s.fails(in) {
		return false
	}
	s.cur = in
	return true
}

// pass tries every simplification once; true when one was taken.
func (s *shrinker) pass() bool {
	progress := false
	// Structure first: fewer members makes everything after cheaper.
	for _, path := range paths(s.cur.Value) {
		if len(path) > 0 && s.try(path, nil, true) {
			progress = true
		}
	}
	for _, path := range paths(s.cur.Value) {
		v, ok := valueAt(s.cur.Value, path)
		if !ok {
			continue
		}
		switch x := v.(type) {
		case []any:
			progress = s.shortenArray(path, x) || progress
		case string:
			progress = s.shrinkString(path, x) || progress
		case json.Number:
			progress = s.shrinkNumber(path, x) || progress
		case bool:
			progress = (x && s.try(path, false, false)) || progress
		}
	}
	return progress
}

// paths lists the paths of v's values, outer first, keys sorted; the
// paths of items of a long array are not all listed.
func paths(v any) [][]any {
	var out [][]any
	var walk func(v any, path []any)
	walk = func(v any, path []any) {
		out = append(out, path)
		if len(out) > 512 {
			return
		}
		switch c := v.(type) {
		case map[string]any:
			for _, k := range sortedKeys(c) {
				walk(c[k], appendPath(path, k))
			}
		case []any:
			for i := range min(len(c), 64) {
				walk(c[i], appendPath(path, i))
			}
		}
	}
	walk(v, nil)
	return out
}

// shortenArray keeps the shortest failing prefix (binary search).
func (s *shrinker) shortenArray(path []any, a []any) bool {
	if len(a) == 0 {
		return false
	}
	if s.try(path, []any{}, false) {
		return true
	}
	lo, hi := 0, len(a) // a[:lo] does not fail (or was not tried); a[:hi] fails
	changed := false
	for hi-lo > 1 {
		mid := lo + (hi-lo)/2
		if s.try(path, a[:mid:mid], false) {
			hi, changed = mid, true
		} else {
			lo = mid
		}
	}
	return changed
}

// shrinkString tries "", the shortest failing prefix, then ASCII.
func (s *shrinker) shrinkString(path []any, str string) bool {
	if str == "" {
		return false
	}
	if s.try(path, "", false) {
		return true
	}
	r := []rune(str)
	changed := false
	lo, hi := 0, len(r)
	for hi-lo > 1 {
		mid := lo + (hi-lo)/2
		if s.try(path, string(r[:mid]), false) {
			hi, changed = mid, true
		} else {
			lo = mid
		}
	}
	cur, _ := valueAt(s.cur.Value, path)
	if cs, ok := cur.(string); ok {
		if a := toASCII(cs, false); a != cs && s.try(path, a, false) {
			changed = true
			cs = a
		}
		if a := toASCII(cs, true); a != cs && s.try(path, a, false) {
			changed = true
		}
	}
	return changed
}

// toASCII replaces non-ASCII runes with 'a'; all: also every other rune
// that is not a letter or digit.
func toASCII(s string, all bool) string {
	return strings.Map(func(r rune) rune {
		alnum := (r >= 'a' && r <= 'z') || (r >= 'A' && r <= 'Z') || (r >= '0' && r <= '9')
		if r >= utf8.RuneSelf || (all && !alnum) {
			return 'a'
		}
		return r
	}, s)
}

// shrinkNumber moves n toward zero: zero itself, then for a non-integer its
// integer part, then a binary search between zero and n for the failing
// integer nearest zero.
func (s *shrinker) shrinkNumber(path []any, n json.Number) bool {
	f, err := n.Float64()
	if err != nil || f == 0 {
		return false
	}
	if s.try(path, json.Number("0"), false) {
		return true
	}
	changed := false
	if t := math.Trunc(f); t != f && math.Abs(t) < maxSafe {
		if s.try(path, json.Number(strconv.FormatInt(int64(t), 10)), false) {
			changed = true
			f = t
		}
	}
	if f != math.Trunc(f) || math.Abs(f) > maxSafe {
		return changed
	}
	sign := int64(1)
	if f < 0 {
		sign = -1
	}
	lo, hi := int64(0), int64(math.Abs(f)) // |lo| does not fail, |hi| fails
	for hi-lo > 1 {
		mid := lo + (hi-lo)/2
		if s.try(path, json.Number(strconv.FormatInt(sign*mid, 10)), false) {
			hi, changed = mid, true
		} else {
			lo = mid
		}
	}
	return changed
}

// smaller orders values for shrinking: fewer members, then shorter
// strings, fewer non-ASCII runes, smaller numbers, fewer trues.
func smaller(a, b any) bool {
	sa, sb := sizeOf(a), sizeOf(b)
	for i := range sa.counts {
		if sa.counts[i] != sb.counts[i] {
			return sa.counts[i] < sb.counts[i]
		}
	}
	if sa.magnitude != sb.magnitude {
		return sa.magnitude < sb.magnitude
	}
	return sa.trues < sb.trues
}

type size struct {
	counts    [3]int  // members, runes, non-ASCII and non-alphanumeric runes
	magnitude float64 // sum of the numbers' absolute values
	trues     int
}

func sizeOf(v any) size {
	var s size
	var walk func(v any)
	walk = func(v any) {
		switch x := v.(type) {
		case map[string]any:
			s.counts[0] += len(x)
			for _, e := range x {
				walk(e)
			}
		case []any:
			s.counts[0] += len(x)
			for _, e := range x {
				walk(e)
			}
		case string:
			for _, r := range x {
				s.counts[1]++
				if r >= utf8.RuneSelf || !((r >= 'a' && r <= 'z') || (r >= 'A' && r <= 'Z') || (r >= '0' && r <= '9')) {
					s.counts[2]++
				}
			}
		case json.Number:
			if f, err := x.Float64(); err == nil || math.IsInf(f, 0) {
				s.magnitude += math.Abs(f)
			}
		case bool:
			if x {
				s.trues++
			}
		}
	}
	walk(v)
	return s
}
