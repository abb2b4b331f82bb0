package explore

import (
	"encoding/json"
	"math"
	"math/big"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/speccify/speccify-lint/contract"
)

// Shrink returns the smallest input it finds that still fails: fails is
// asked of candidates that are on the same side of valid and invalid as in,
// at most budget times. It returns in when no smaller candidate fails.
//
// It takes the first smaller candidate that fails, in passes until a pass
// finds none: members dropped (object keys, array items), members renamed
// to the generator's own name for an undeclared one (renameKeys), then each
// value made simpler: strings emptied, cut, rid of characters and runs of
// characters, and simplified (shrinkString), numbers moved toward zero by
// binary search (so a tool that fails for n > 100 gets exactly 101; the
// oracle stops the search at a bound), true made false. An input sent
// with its integers respelled (1.0 for 1) keeps its spelling, unless it
// fails as well with the integers plain. Candidates are ordered by a size
// that every step lowers, so it ends. An invalid input keeps the
// violations it has (as far as the generator can name them), so that its
// Kind stays true.
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
		s.schema = src.Schema
		s.violations = explain(s.schema, in.Value)
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
	schema     *contract.Schema
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
	if s.schema != nil && !slices.Equal(explain(s.schema, cand), s.violations) {
		return false
	}
	in := Input{Value: cand, Valid: s.cur.Valid, Kind: s.cur.Kind, Spelling: s.cur.Spelling}
	if in.Spelling != SpellPlain && !validText(string(in.JSON()), s.valid) {
		return false
	}
	return s.keepIfFails(in)
}

// keepIfFails spends one of the budget on asking whether in fails, and
// makes it the current input when it does.
func (s *shrinker) keepIfFails(in Input) bool {
	s.budget--
	if !s.fails(in) {
		return false
	}
	s.cur = in
	return true
}

// pass tries every simplification once; true when one was taken.
func (s *shrinker) pass() bool {
	progress := s.plainSpelling()
	// Structure first: fewer members makes everything after cheaper.
	for _, path := range paths(s.cur.Value) {
		if len(path) > 0 && s.try(path, nil, true) {
			progress = true
		}
	}
	for _, path := range paths(s.cur.Value) {
		if v, ok := valueAt(s.cur.Value, path); ok {
			if m, ok := v.(map[string]any); ok {
				progress = s.renameKeys(path, m) || progress
			}
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

// plainSpelling writes the integers of an input sent respelled as they
// are, when it still fails that way: the spelling did not matter.
func (s *shrinker) plainSpelling() bool {
	if s.cur.Spelling == SpellPlain || s.budget <= 0 {
		return false
	}
	in := s.cur
	in.Spelling = SpellPlain
	if string(in.JSON()) == string(s.cur.JSON()) {
		s.cur = in
		return false
	}
	return s.keepIfFails(in)
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

// renameKeys gives each member of the object at path whose name does not
// matter the generator's name for an undeclared member: the first of
// extra0, extra1, ... the object does not have, when that is a simpler
// name (see smaller). A long or odd key a witness carried ("X-Trace-Id",
// "a\nb") becomes extra0; a name the failure needs stays.
func (s *shrinker) renameKeys(path []any, m map[string]any) bool {
	changed := false
	for _, k := range sortedKeys(m) {
		v, _ := valueAt(s.cur.Value, path)
		cur, ok := v.(map[string]any)
		if !ok {
			return changed
		}
		if _, ok := cur[k]; !ok {
			continue
		}
		name := ""
		for i := 0; name == ""; i++ {
			if n := "extra" + strconv.Itoa(i); !hasKey(cur, n) {
				name = n
			}
		}
		renamed := make(map[string]any, len(cur))
		for kk, vv := range cur {
			renamed[kk] = vv
		}
		delete(renamed, k)
		renamed[name] = cur[k]
		if s.try(path, renamed, false) {
			changed = true
		}
	}
	return changed
}

func hasKey(m map[string]any, k string) bool {
	_, ok := m[k]
	return ok
}

// shortenArray keeps the shortest failing prefix (binary search).
func (s *shrinker) shortenArray(path []any, a []any) bool {
	if len(a) == 0 {
		return false
	}
	if s.try(path, []any{}, false) {
		return true
	}
	return lowestFailing(0, len(a), func(n int) bool { return s.try(path, a[:n:n], false) })
}

// lowestFailing searches between lo, which does not fail (or was not
// tried), and hi, which does, for the lowest that fails: fails(n) tries n
// (and keeps it when it fails). True when one was kept.
func lowestFailing[T int | int64 | rune](lo, hi T, fails func(T) bool) bool {
	changed := false
	for hi-lo > 1 {
		mid := lo + (hi-lo)/2
		if fails(mid) {
			hi, changed = mid, true
		} else {
			lo = mid
		}
	}
	return changed
}

// lowestFailingInt is lowestFailing for integers of any size.
func lowestFailingInt(lo, hi *big.Int, fails func(*big.Int) bool) bool {
	changed := false
	for new(big.Int).Sub(hi, lo).Cmp(bigOne) > 0 {
		mid := new(big.Int).Add(lo, hi)
		mid.Rsh(mid, 1)
		if fails(mid) {
			hi, changed = mid, true
		} else {
			lo = mid
		}
	}
	return changed
}

// shrinkString makes the string at path shorter, then simpler: "" first;
// the shortest failing prefix (a binary search, so that a failure that
// needs some length gets there in a few runs); each character and run of
// characters deleted (deleteRuns); then the characters simplified
// (simplifyRunes). Numbers written in the string shrink as numbers
// first (shrinkDigitRuns). "2640ms", where any duration fails, becomes
// "0ms"; where a duration of at least 5 fails, "5ms".
func (s *shrinker) shrinkString(path []any, str string) bool {
	if str == "" {
		return false
	}
	if s.try(path, "", false) {
		return true
	}
	r := []rune(str)
	changed := lowestFailing(0, len(r), func(n int) bool { return s.try(path, string(r[:n]), false) })
	if r, _ := s.stringAt(path); len(r) > longString {
		// Each step after this costs a run per character: a long string
		// is made plain in one first, where that still fails.
		if a := simplest(string(r), true); a != string(r) && s.try(path, a, false) {
			changed = true
		}
	}
	changed = s.shrinkDigitRuns(path) || changed
	changed = s.deleteRuns(path) || changed
	return s.simplifyRunes(path) || changed
}

// shrinkDigitRuns moves each number written in the string at path (a run
// of ASCII digits, up to 18 of them) toward zero: zero, then a binary
// search for the failing number nearest zero, written without leading
// zeros.
func (s *shrinker) shrinkDigitRuns(path []any) bool {
	changed := false
	r, ok := s.stringAt(path)
	for i := 0; ; {
		if !ok || i >= len(r) {
			return changed
		}
		if r[i] < '0' || r[i] > '9' {
			i++
			continue
		}
		j := i
		for j < len(r) && r[j] >= '0' && r[j] <= '9' {
			j++
		}
		n, err := strconv.ParseInt(string(r[i:j]), 10, 64)
		if err != nil || j-i > 18 || n == 0 {
			i = j
			continue
		}
		with := func(m int64) string { return string(r[:i]) + strconv.FormatInt(m, 10) + string(r[j:]) }
		if s.try(path, with(0), false) {
			changed = true
		} else {
			changed = lowestFailing(0, n, func(m int64) bool { return s.try(path, with(m), false) }) || changed
		}
		r, ok = s.stringAt(path)
		for i < len(r) && r[i] >= '0' && r[i] <= '9' {
			i++
		}
	}
}

// stringAt is the string at path in the current input.
func (s *shrinker) stringAt(path []any) ([]rune, bool) {
	v, _ := valueAt(s.cur.Value, path)
	str, ok := v.(string)
	return []rune(str), ok
}

// longString is the length (in runes) above which a string is made plain
// in one step before it is shrunk character by character, and after
// which many characters in a row that cannot be deleted end the deletions
// (a string at the shortest length a bound allows has none to delete: its
// characters would cost a run each).
const longString = 64

// deleteRuns deletes each character of the string at path that can go,
// left to right; when one can, the run deleted from there grows (doubling,
// then a binary search) to the longest that can, so that a long deletable
// run costs a few runs rather than one per character. After longString
// characters in a row that could not go, it stops.
func (s *shrinker) deleteRuns(path []any) bool {
	changed := false
	kept := 0
	for i := 0; ; i++ {
		r, ok := s.stringAt(path)
		if !ok || i >= len(r) || kept >= longString {
			return changed
		}
		without := func(k int) string { return string(r[:i]) + string(r[i+k:]) }
		if !s.try(path, without(1), false) {
			kept++
			continue
		}
		kept = 0
		changed = true
		lo, hi := 1, len(r)-i+1 // deleting lo runes fails, hi does not (or was not tried)
		for k := 2; k < hi; k *= 2 {
			if !s.try(path, without(k), false) {
				hi = k
				break
			}
			lo = k
		}
		for hi-lo > 1 {
			mid := lo + (hi-lo)/2
			if s.try(path, without(mid), false) {
				lo = mid
			} else {
				hi = mid
			}
		}
		// The rune now at i is r[i+lo]: deleting it too is deleting lo+1
		// runes of r, which did not fail (or is past the end).
	}
}

// simplifyRunes makes the characters of the string at path simpler: all at
// once to their simplest (digits to 0, every other character to a), then
// only the non-ASCII ones to a, then one by one: first to the simplest of
// its kind, then, for a digit or letter, the smallest of its kind that
// still fails (a binary search between it and the simplest).
func (s *shrinker) simplifyRunes(path []any) bool {
	r, ok := s.stringAt(path)
	if !ok {
		return false
	}
	changed := false
	for _, all := range []bool{true, false} {
		if a := simplest(string(r), all); a != string(r) && s.try(path, a, false) {
			changed = true
			r, _ = s.stringAt(path)
		}
	}
	for i := range r {
		if i < len(r) && (r[i] == '0' || r[i] == 'a') {
			continue // the simplest of its kind: nothing to try
		}
		r, ok = s.stringAt(path)
		if !ok || i >= len(r) {
			break
		}
		c := r[i]
		with := func(d rune) string {
			out := slices.Clone(r)
			out[i] = d
			return string(out)
		}
		done := false
		for _, d := range simplerRunes(c) {
			if s.try(path, with(d), false) {
				changed, done = true, true
				break
			}
		}
		if done {
			continue
		}
		if first, ok := kindStart(c); ok { // first failed above
			changed = lowestFailing(first, c, func(d rune) bool { return s.try(path, with(d), false) }) || changed
		}
	}
	return changed
}

// simplest maps the runes of s to the simplest of their kind: a digit to 0
// and, with all, every other rune to a; without all, only the non-ASCII
// runes to a.
func simplest(s string, all bool) string {
	return strings.Map(func(r rune) rune {
		switch {
		case r >= utf8.RuneSelf:
			return 'a'
		case !all:
			return r
		case r >= '0' && r <= '9':
			return '0'
		}
		return 'a'
	}, s)
}

// simplerRunes are the runes tried in place of c, simplest first: 0 for a
// digit, a for a lower-case letter, a and A for an upper-case one, and a,
// 0 and A for any other rune.
func simplerRunes(c rune) []rune {
	switch {
	case c == '0' || c == 'a':
		return nil
	case c >= '1' && c <= '9':
		return []rune{'0'}
	case c >= 'b' && c <= 'z':
		return []rune{'a'}
	case c == 'A':
		return []rune{'a'}
	case c >= 'B' && c <= 'Z':
		return []rune{'a', 'A'}
	}
	return []rune{'a', '0', 'A'}
}

// kindStart is the first rune of c's kind (0, a or A) when c is a digit or
// an ASCII letter.
func kindStart(c rune) (rune, bool) {
	switch {
	case c >= '0' && c <= '9':
		return '0', true
	case c >= 'a' && c <= 'z':
		return 'a', true
	case c >= 'A' && c <= 'Z':
		return 'A', true
	}
	return 0, false
}

// runeCost is how far an ASCII letter is from the simplest of its kind,
// for the order of candidates: a costs nothing, A less than the other
// capitals; within a kind, the earlier letter is simpler. Digits count as
// the numbers they write (figures).
func runeCost(c rune) int {
	switch {
	case c >= 'a' && c <= 'z':
		return int(c - 'a')
	case c >= 'A' && c <= 'Z':
		return 1 + int(c-'A')
	}
	return 0
}

// shrinkNumber moves n toward zero, exactly (integers of any size): zero
// itself, then for a non-integer its integer part, then a binary search
// between zero and n for the failing integer nearest zero.
func (s *shrinker) shrinkNumber(path []any, n json.Number) bool {
	r, ok := parseRat(n)
	if !ok || r.Sign() == 0 {
		return false
	}
	if s.try(path, json.Number("0"), false) {
		return true
	}
	changed := false
	if !r.IsInt() {
		t := new(big.Int).Quo(r.Num(), r.Denom()) // toward zero
		if !s.try(path, json.Number(t.String()), false) {
			return false
		}
		changed = true
		r = new(big.Rat).SetInt(t)
	}
	abs := new(big.Int).Abs(r.Num())
	return lowestFailingInt(new(big.Int), abs, func(m *big.Int) bool {
		if r.Sign() < 0 {
			m = new(big.Int).Neg(m)
		}
		return s.try(path, json.Number(m.String()), false)
	}) || changed
}

// smaller orders values for shrinking: fewer members, then shorter
// strings, fewer runes that are no ASCII letter or digit, smaller numbers,
// smaller numbers written in strings, simpler letters (runeCost), fewer
// trues.
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
	if sa.figures != sb.figures {
		return sa.figures < sb.figures
	}
	if sa.runeCost != sb.runeCost {
		return sa.runeCost < sb.runeCost
	}
	return sa.trues < sb.trues
}

type size struct {
	counts    [3]int  // members, runes (of strings and member names), non-ASCII and non-alphanumeric runes
	magnitude float64 // sum of the numbers' absolute values
	figures   float64 // sum of the numbers written in strings (digit runs)
	runeCost  int     // sum of the letters' runeCost
	trues     int
}

// figures is the sum of the numbers the runs of ASCII digits in s write.
func figures(s string) float64 {
	sum := 0.0
	for i := 0; i < len(s); {
		j := i
		for j < len(s) && s[j] >= '0' && s[j] <= '9' {
			j++
		}
		if j == i {
			i++
			continue
		}
		f, _ := strconv.ParseFloat(s[i:j], 64)
		sum += f
		i = j
	}
	return sum
}

// text adds a string's runes (a string value's or a member name's).
func (s *size) text(x string) {
	for _, r := range x {
		s.counts[1]++
		if r >= utf8.RuneSelf || !((r >= 'a' && r <= 'z') || (r >= 'A' && r <= 'Z') || (r >= '0' && r <= '9')) {
			s.counts[2]++
		}
		s.runeCost += runeCost(r)
	}
	s.figures += figures(x)
}

func sizeOf(v any) size {
	var s size
	var walk func(v any)
	walk = func(v any) {
		switch x := v.(type) {
		case map[string]any:
			s.counts[0] += len(x)
			for k, e := range x {
				s.text(k)
				walk(e)
			}
		case []any:
			s.counts[0] += len(x)
			for _, e := range x {
				walk(e)
			}
		case string:
			s.text(x)
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
