package explore

import (
	"math/rand/v2"
	"regexp"
	"regexp/syntax"
	"strings"
	"unicode/utf8"
)

// maxPatternRunes bounds a string generated from a pattern.
const maxPatternRunes = 4096

// compilePattern reads a pattern keyword. A pattern RE2 parses gives both
// the program (to filter candidates) and the tree; an ECMA-262 one RE2
// cannot parse gets a tree of its RE2-readable approximation (lookarounds
// and backreferences left out, \uXXXX rewritten), best effort: the oracle
// decides whether a string made from it matches.
func compilePattern(src string) *pattern {
	p := &pattern{src: src}
	if re, err := regexp.Compile(src); err == nil {
		p.re = re
	}
	if t, err := syntax.Parse(src, syntax.Perl); err == nil {
		p.tree = t
	} else if t, err := syntax.Parse(approximateECMA(src), syntax.Perl); err == nil {
		p.tree = t
	}
	if p.tree != nil {
		p.openStart = !anchored(p.tree, true)
		p.openEnd = !anchored(p.tree, false)
	}
	return p
}

// anchored reports whether re starts (start) or ends with an anchor, so
// that text added before or after a match would break it.
func anchored(re *syntax.Regexp, start bool) bool {
	for {
		switch re.Op {
		case syntax.OpBeginText, syntax.OpBeginLine:
			return start
		case syntax.OpEndText, syntax.OpEndLine:
			return !start
		case syntax.OpCapture:
			re = re.Sub[0]
		case syntax.OpConcat:
			if len(re.Sub) == 0 {
				return false
			}
			if start {
				re = re.Sub[0]
			} else {
				re = re.Sub[len(re.Sub)-1]
			}
		default:
			return false
		}
	}
}

// approximateECMA rewrites the ECMA-262 constructs RE2 lacks: lookaround
// groups are dropped, backreferences dropped, \uXXXX becomes \x{XXXX}.
func approximateECMA(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '\\' && i+1 < len(s):
			d := s[i+1]
			switch {
			case d >= '1' && d <= '9':
				i++
			case d == 'u' && i+5 < len(s):
				b.WriteString(`\x{` + s[i+2:i+6] + `}`)
				i += 5
			default:
				b.WriteByte(c)
				b.WriteByte(d)
				i++
			}
		case c == '(' && (strings.HasPrefix(s[i:], "(?=") || strings.HasPrefix(s[i:], "(?!") ||
			strings.HasPrefix(s[i:], "(?<=") || strings.HasPrefix(s[i:], "(?<!")):
			i = groupEnd(s, i)
		case c == '(' && strings.HasPrefix(s[i:], "(?<") && !strings.HasPrefix(s[i:], "(?<=") && !strings.HasPrefix(s[i:], "(?<!"):
			b.WriteString("(?P<") // named group, RE2 spelling
			i += 2
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// groupEnd returns the index of the parenthesis closing the group opened
// at s[i].
func groupEnd(s string, i int) int {
	depth := 0
	for j := i; j < len(s); j++ {
		switch s[j] {
		case '\\':
			j++
		case '(':
			depth++
		case ')':
			depth--
			if depth == 0 {
				return j
			}
		}
	}
	return len(s) - 1
}

// matches reports whether s matches every pattern Go can run; ECMA-only
// ones are left to the oracle.
func matchesAll(pats []*pattern, s string) bool {
	for _, p := range pats {
		if p.re != nil && !p.re.MatchString(s) {
			return false
		}
	}
	return true
}

// patternWalk makes one string matching a pattern tree: minimal takes no
// optional parts, the first alternative and the first printable character
// of each class; otherwise choices are random.
type patternWalk struct {
	rng     *rand.Rand
	minimal bool
	want    int // code points wanted (minLength): repetitions go on to reach it
	b       strings.Builder
	runes   int

	// An almost-match (almostMatches): the longAt-th repetition that can
	// repeat without end (1-based, in the order the walk meets them) is
	// repeated to a run of run code points, or until the string reaches
	// limit code points (negative: no limit), and the walk stops after it
	// (done). longAt 0: none, a whole match.
	longAt, reps, run, limit int
	done                     bool
}

// generate makes a string matching p, of at least want code points when
// a repetition can make it that long.
func (p *pattern) generate(rng *rand.Rand, minimal bool, want int) (string, bool) {
	if p.tree == nil {
		return "", false
	}
	w := &patternWalk{rng: rng, minimal: minimal, want: min(want, maxPatternRunes)}
	if !w.walk(p.tree) {
		return "", false
	}
	return w.b.String(), true
}

func (w *patternWalk) put(r rune) bool {
	if w.runes >= maxPatternRunes {
		return false
	}
	if r == utf8.RuneError || (r >= 0xD800 && r <= 0xDFFF) {
		r = 'a'
	}
	w.b.WriteRune(r)
	w.runes++
	return true
}

func (w *patternWalk) walk(re *syntax.Regexp) bool {
	if w.done {
		return true
	}
	switch re.Op {
	case syntax.OpNoMatch:
		return false
	case syntax.OpLiteral:
		for _, r := range re.Rune {
			if !w.put(r) {
				return false
			}
		}
	case syntax.OpCharClass:
		return w.put(w.classRune(re.Rune))
	case syntax.OpAnyCharNotNL, syntax.OpAnyChar:
		if w.minimal {
			return w.put('a')
		}
		r := randomRune(w.rng)
		if r == '\n' && re.Op == syntax.OpAnyCharNotNL {
			r = ' '
		}
		return w.put(r)
	case syntax.OpCapture:
		return w.walk(re.Sub[0])
	case syntax.OpConcat:
		for _, s := range re.Sub {
			if !w.walk(s) {
				return false
			}
		}
	case syntax.OpAlternate:
		i := 0
		if !w.minimal {
			i = w.rng.IntN(len(re.Sub))
		}
		return w.walk(re.Sub[i])
	case syntax.OpStar:
		return w.repeat(re.Sub[0], 0, -1)
	case syntax.OpPlus:
		return w.repeat(re.Sub[0], 1, -1)
	case syntax.OpQuest:
		return w.repeat(re.Sub[0], 0, 1)
	case syntax.OpRepeat:
		return w.repeat(re.Sub[0], re.Min, re.Max)
	}
	// Empty matches and assertions (^, $, \b) add nothing; a string that
	// breaks an assertion is dropped by the filter or the oracle.
	return true
}

func (w *patternWalk) repeat(sub *syntax.Regexp, lo, hi int) bool {
	if w.longAt > 0 && (hi < 0 || hi >= minLongRepeat) {
		if w.reps++; w.reps == w.longAt {
			return w.longRun(sub, hi)
		}
	}
	n := lo
	if !w.minimal {
		extra := 3
		if w.rng.IntN(8) == 0 {
			extra = 12
		}
		if hi >= 0 {
			extra = min(extra, hi-lo)
		}
		n += w.rng.IntN(extra + 1)
	}
	for range n {
		if !w.walk(sub) {
			return false
		}
	}
	// Short of minLength: more repetitions, as far as the pattern allows.
	for ; w.runes < w.want && (hi < 0 || n < hi); n++ {
		before := w.runes
		if !w.walk(sub) {
			return false
		}
		if w.runes == before {
			break // the repeated part matches the empty string
		}
	}
	return true
}

// classRune picks a rune of a character class given as range pairs:
// printable ASCII when the class has some (minimal: the first), else any.
func (w *patternWalk) classRune(ranges []rune) rune {
	if len(ranges) == 0 {
		return 'a'
	}
	in := func(r rune) bool {
		for i := 0; i+1 < len(ranges); i += 2 {
			if r >= ranges[i] && r <= ranges[i+1] {
				return true
			}
		}
		return false
	}
	if w.minimal {
		for _, r := range "a0A_-. " {
			if in(r) {
				return r
			}
		}
		for r := rune(0x21); r < 0x7f; r++ {
			if in(r) {
				return r
			}
		}
		return ranges[0]
	}
	if w.rng.IntN(5) > 0 {
		for range 8 {
			if r := rune(0x20 + w.rng.IntN(0x5f)); in(r) {
				return r
			}
		}
	}
	i := 2 * w.rng.IntN(len(ranges)/2)
	lo, hi := ranges[i], ranges[i+1]
	return lo + rune(w.rng.Int64N(int64(hi-lo)+1))
}

// minLongRepeat is the smallest upper bound of a repetition that an
// almost-match makes long: a{1,3} is no run.
const minLongRepeat = 16

// longRun repeats sub (at most hi times, hi < 0: any) until the run
// reaches w.run code points or the repetition makes no progress, and ends
// the walk.
func (w *patternWalk) longRun(sub *syntax.Regexp, hi int) bool {
	start := w.runes
	for n := 0; w.runes-start < w.run && (w.limit < 0 || w.runes < w.limit) && (hi < 0 || n < hi); n++ {
		before := w.runes
		if !w.walk(sub) {
			return false
		}
		if w.runes == before {
			break // the repeated part matches the empty string
		}
	}
	w.done = true
	return w.runes > start
}

// maxAlmostRepeats is how many of a pattern's repetitions get their own
// almost-matches (the first ones the walk meets).
const maxAlmostRepeats = 3

// almostMatches are strings that almost match p: for each of its first
// repetitions that can repeat without end (+, *, {n,}), the shortest
// match up to it, that repetition run to run code points, then one
// character that breaks the match. A backtracking matcher (Python's re,
// PCRE, JavaScript's RegExp) given a nested repetition such as (a+)+ tries
// every way to split the run before it gives up, which takes exponential
// time: such a string is what makes an implementation's own check of the
// pattern, or a careless variant of it, hang. Go's RE2 does not backtrack,
// so p.re filters the breaking character in linear time; a pattern Go
// cannot run gets "!" and the oracle decides. maxLen (negative: none)
// bounds the strings, the breaking character included, so that they break
// the pattern and nothing else.
func (p *pattern) almostMatches(run, maxLen int) []string {
	if p.tree == nil {
		return nil
	}
	var out []string
	for at := 1; at <= maxAlmostRepeats; at++ {
		limit := -1
		if maxLen >= 0 {
			limit = max(maxLen-1, 0)
		}
		w := &patternWalk{minimal: true, longAt: at, run: run, limit: limit}
		if !w.walk(p.tree) || !w.done {
			break // no repetition left to make long
		}
		s := w.b.String()
		for _, c := range breakingRunes {
			if p.re == nil || !p.re.MatchString(s+c) {
				out = append(out, s+c)
				break
			}
		}
	}
	return out
}

// breakingRunes are the characters tried, in order, to end an
// almost-match with one the pattern does not accept there.
var breakingRunes = []string{"!", " ", "~", "\u00a0", "\n", "0", "a", "A", "-", "."}
