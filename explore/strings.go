package explore

import (
	"math/rand/v2"
	"strings"
	"unicode/utf8"
)

// maxStringRunes bounds generated strings when maxLength allows more: long
// enough to find fixed-size buffers and line-length limits, small enough
// to send thousands.
const maxStringRunes = 10000

// maxMinLength is the largest minLength generation honours; a schema
// asking for longer strings gets none made.
const maxMinLength = 100000

// specialStrings are the boundary strings tried after the shortest one:
// what breaks quoting, escaping, line handling and byte/character
// confusion.
var specialStrings = []string{
	"a", " ", `"`, `\`, "\n", "é", "日本語", "😀", "a\"b\\c\nd\te", "-x", "../x", "null",
}

// unicodeRunes are the non-ASCII runes random strings draw from: Latin,
// CJK, Cyrillic, Hebrew (right to left), an astral emoji, a combining mark
// and a zero-width space.
var unicodeRunes = []rune{'é', 'ß', '中', '日', 'Ж', 'א', '😀', '\u0301', '\u200b', 'ﬁ'}

// randomRune draws a rune for random strings: mostly ASCII letters and
// digits, also punctuation, quotes, backslashes, control characters and
// non-ASCII.
func randomRune(rng *rand.Rand) rune {
	switch k := rng.IntN(20); {
	case k < 11:
		const alnum = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
		return rune(alnum[rng.IntN(len(alnum))])
	case k < 13:
		const punct = " !#$%&'()*+,-./:;<=>?@[]^_`{|}~"
		return rune(punct[rng.IntN(len(punct))])
	case k < 14:
		return []rune{'"', '\\'}[rng.IntN(2)]
	case k < 15:
		return []rune{'\n', '\t', '\r', 0}[rng.IntN(4)]
	default:
		return unicodeRunes[rng.IntN(len(unicodeRunes))]
	}
}

// fitLength pads s with 'a' up to minLen code points; ok is false when s
// is longer than maxLen (negative: none).
func fitLength(s string, minLen, maxLen int) (string, bool) {
	n := utf8.RuneCountInString(s)
	if n < minLen {
		if minLen > maxMinLength || (maxLen >= 0 && minLen > maxLen) {
			return "", false
		}
		s += strings.Repeat("a", minLen-n)
		n = minLen
	}
	return s, maxLen < 0 || n <= maxLen
}

// stringBoundaries are the boundary strings of n: the shortest, the
// special ones, the longest; or, with a pattern or format, the shortest
// match and samples.
func (g *gen) stringBoundaries(n *node) []any {
	var cands []string
	switch {
	case len(n.patterns) > 0:
		p := n.patterns[0]
		if s, ok := p.generate(g.rng, true, n.minLen); ok {
			cands = append(cands, s)
		}
		for range 6 {
			if s, ok := p.generate(g.rng, false, n.minLen); ok {
				cands = append(cands, s)
			}
		}
	case formatSamples[n.format] != nil:
		// The first valid sample, then the others among the near-valid
		// ones.
		f := formatSamples[n.format]
		cands = append([]string{f[0]}, interleaveStrings(f[1:], nearFormatSamples[n.format])...)
	default:
		cands = append(cands, "")
		cands = append(cands, specialStrings...)
		long := maxStringRunes
		if n.maxLen >= 0 {
			long = min(n.maxLen, maxStringRunes)
		}
		if long > 1 {
			cands = append(cands, strings.Repeat("a", long), strings.Repeat("é", long))
		}
	}
	var out []any
	for _, c := range cands {
		if s, ok := g.fitString(n, c); ok {
			out = append(out, s)
		}
	}
	return out
}

// fitString adjusts s to n's length limits (padding where the patterns
// allow) and checks the patterns Go can run.
func (g *gen) fitString(n *node, s string) (string, bool) {
	maxLen := n.maxLen
	if maxLen < 0 || maxLen > maxStringRunes {
		maxLen = max(maxStringRunes, n.minLen)
	}
	s, ok := fitLength(s, n.minLen, maxLen)
	return s, ok && matchesAll(n.patterns, s)
}

// randomString draws a string n admits: usually short, sometimes long.
func (g *gen) randomString(n *node) (string, bool) {
	if len(n.patterns) > 0 {
		p := n.patterns[0]
		for range 4 {
			s, ok := p.generate(g.rng, false, n.minLen)
			if !ok {
				break
			}
			if p.openStart && g.rng.IntN(3) == 0 {
				s = g.randomText(4) + s
			}
			if p.openEnd && g.rng.IntN(3) == 0 {
				s += g.randomText(4)
			}
			if s, ok := g.fitString(n, s); ok {
				return s, true
			}
		}
		return "", false
	}
	if f := formatSamples[n.format]; f != nil && g.rng.IntN(4) > 0 {
		if near := nearFormatSamples[n.format]; len(near) > 0 && g.rng.IntN(4) == 0 {
			f = near
		}
		return g.fitString(n, f[g.rng.IntN(len(f))])
	}
	hi := n.maxLen
	if hi < 0 || hi > maxStringRunes {
		hi = maxStringRunes
	}
	lo := min(n.minLen, hi)
	var length int
	switch k := g.rng.IntN(10); {
	case k < 7:
		length = lo + g.rng.IntN(min(hi-lo, 12)+1)
	case k < 9:
		length = lo + g.rng.IntN(min(hi-lo, 100)+1)
	default:
		length = lo + g.rng.IntN(hi-lo+1)
	}
	return g.fitString(n, g.randomText(length))
}

// randomText is a random string of n code points.
func (g *gen) randomText(n int) string {
	var b strings.Builder
	for range n {
		b.WriteRune(randomRune(g.rng))
	}
	return b.String()
}

// interleaveStrings takes the first of a and of b, then the second of
// each, and so on.
func interleaveStrings(a, b []string) []string {
	out := make([]string, 0, len(a)+len(b))
	for i := 0; i < max(len(a), len(b)); i++ {
		if i < len(a) {
			out = append(out, a[i])
		}
		if i < len(b) {
			out = append(out, b[i])
		}
	}
	return out
}
