// Package prose holds how the messages of speccify-lint join words, so that
// every message that lists things lists them the same way.
package prose

import "strings"

// And joins items as a sentence lists them: "a", "a and b", "a, b and c";
// "" for none.
func And(items []string) string {
	if len(items) <= 1 {
		return strings.Join(items, "")
	}
	return strings.Join(items[:len(items)-1], ", ") + " and " + items[len(items)-1]
}
