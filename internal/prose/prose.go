// Package prose holds how the messages of speccify-lint join words, so that
// every message that lists things lists them the same way, and how a text
// too long to show whole is cut.
package prose

import (
	"strings"
	"unicode/utf8"
)

// And joins items as a sentence lists them: "a", "a and b", "a, b and c";
// "" for none.
func And(items []string) string {
	if len(items) <= 1 {
		return strings.Join(items, "")
	}
	return strings.Join(items[:len(items)-1], ", ") + " and " + items[len(items)-1]
}

// Cut is s cut to at most n bytes at a character boundary: s itself when
// it is not longer, else its longest prefix of whole characters (of valid
// UTF-8) within n. The caller marks the cut its own way ("…", a note).
func Cut(s string, n int) string {
	if len(s) <= n {
		return s
	}
	cut := max(0, n)
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut]
}
