package lint

import "strings"

// nearest finds the candidate closest to s by edit distance (at most a third
// of its length, and at least 2), or by prefix; aliases map common other
// names. unknown-field and platforms suggest with it.
func nearest(s string, candidates []string, aliases map[string]string) string {
	low := strings.ToLower(strings.TrimSpace(s))
	if a, ok := aliases[low]; ok {
		return a
	}
	best, bestD := "", max(2, len(low)/3)+1
	for _, cand := range candidates {
		d := editDistance(low, cand)
		if d < bestD {
			best, bestD = cand, d
		}
	}
	if best != "" {
		return best
	}
	for _, cand := range candidates {
		if len(low) >= 4 && (strings.HasPrefix(low, cand) || strings.HasPrefix(cand, low)) {
			return cand
		}
	}
	return ""
}

// editDistance is the Levenshtein distance of two short strings.
func editDistance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
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
		}
		prev, cur = cur, prev
	}
	return prev[len(rb)]
}
