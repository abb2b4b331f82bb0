// Package suggest finds the "did you mean" candidate for a near miss: a rule
// id, a subcommand, a configuration key, a frontmatter key, a JSON Schema type
// name, a property name or a heading. It is the one place that decides what
// is near enough to suggest.
package suggest

import (
	"slices"
	"strings"
)

// Nearest returns the candidate nearest to s, or "" when none is near
// enough. Case and surrounding blanks are ignored. A candidate is near enough
// when its edit distance to s is at most MaxDistance(s), or, when s has at
// least 3 characters and no candidate is that near, when one is a prefix of
// the other ("descr" for "description"). Of candidates equally near, the
// first wins, so the answer does not depend on anything but the order of
// candidates. A candidate equal to s is returned as it is.
func Nearest(s string, candidates []string) string {
	if near := Close(s, candidates); len(near) > 0 {
		return near[0]
	}
	low := strings.ToLower(strings.TrimSpace(s))
	if len([]rune(low)) < 3 {
		return ""
	}
	for _, cand := range candidates {
		c := strings.ToLower(cand)
		if strings.HasPrefix(low, c) || strings.HasPrefix(c, low) {
			return cand
		}
	}
	return ""
}

// Close returns the candidates within MaxDistance(s) of s, case and
// surrounding blanks ignored: the near misses of a typo, nearest first
// (equally near ones in the order of candidates). An autofix renames only
// when there is exactly one; a prefix, which Nearest still suggests, is no
// typo.
func Close(s string, candidates []string) []string {
	low := strings.ToLower(strings.TrimSpace(s))
	if low == "" {
		return nil
	}
	type near struct {
		cand string
		d    int
	}
	var within []near
	for _, cand := range candidates {
		if d := Distance(low, strings.ToLower(cand)); d <= MaxDistance(low) {
			within = append(within, near{cand, d})
		}
	}
	slices.SortStableFunc(within, func(a, b near) int { return a.d - b.d })
	out := make([]string, len(within))
	for i, n := range within {
		out[i] = n.cand
	}
	return out
}

// Typo returns the one candidate s is a typo of: the only one within
// MaxDistance(s) of it, or "" when none is or several are ("tputs" is as
// near inputs as outputs). What an autofix may rename s to: a prefix, which
// Nearest still suggests, is no typo (outputs_gone is another name).
func Typo(s string, candidates []string) string {
	if near := Close(s, candidates); len(near) == 1 {
		return near[0]
	}
	return ""
}

// Meant returns the one candidate s surely means: its Typo, or, when no
// candidate is that near, the only candidate that s (of at least 3
// characters) abbreviates, case ignored ("int" for integer, "descr" for
// description); "" otherwise. What an autofix may rename a name to.
func Meant(s string, candidates []string) string {
	if len(Close(s, candidates)) > 0 {
		return Typo(s, candidates)
	}
	low := strings.ToLower(strings.TrimSpace(s))
	if len([]rune(low)) < 3 {
		return ""
	}
	meant := ""
	for _, cand := range candidates {
		if c := strings.ToLower(cand); strings.HasPrefix(c, low) && c != low {
			if meant != "" {
				return ""
			}
			meant = cand
		}
	}
	return meant
}

// MaxDistance is the largest edit distance at which a candidate is still a
// near miss of s: 1 for a word of up to 3 characters (where 2 edits leave
// little of it: "ok" is not "id"), else a third of its length and at least 2
// ("eror" is 1 from "error", "intger" 1 from "integer", "error-cse" 1 from
// "error-case").
func MaxDistance(s string) int {
	n := len([]rune(s))
	if n <= 3 {
		return 1
	}
	return max(2, n/3)
}

// Distance is the optimal-string-alignment (Damerau-Levenshtein) distance of
// a and b in runes: the number of insertions, deletions, substitutions and
// swaps of two adjacent characters that turn a into b ("teh" is 1 from "the").
func Distance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	// rows i-2, i-1 and i of the table.
	prev2 := make([]int, len(rb)+1)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(rb)]
}
