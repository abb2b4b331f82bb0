package explore

import (
	"fmt"
	"math/big"
	"strings"
)

// The names of violations, for Input.Kind: the same for a violation made
// (invalid.go) and one found in a shrunk input (explain.go).

func nameRequired(k string, path []any) string {
	return fmt.Sprintf("required key %q missing%s", k, where(path))
}

func nameExtra(k string, path []any) string {
	return fmt.Sprintf("extra key %q%s (additionalProperties: false)", k, where(path))
}

func nameFewer(n *node, path []any) string {
	return fmt.Sprintf("fewer items than minItems %d%s", n.minItems, where(path))
}

func nameMore(n *node, path []any) string {
	return fmt.Sprintf("more items than maxItems %d%s", n.maxItems, where(path))
}

func nameRepeated(path []any) string { return "repeated item (uniqueItems)" + where(path) }

func nameWrongType(n *node, got string, path []any) string {
	return fmt.Sprintf("wrong type: %s instead of %s%s", got, strings.Join(n.types, " or "), where(path))
}

func nameConst(path []any) string   { return "not the const" + where(path) }
func nameEnum(path []any) string    { return "not in the enum" + where(path) }
func nameInteger(path []any) string { return "not an integer" + where(path) }

func nameBelow(n *node, path []any) string {
	return fmt.Sprintf("below minimum %s%s", formatBound(n.num.min, n.num.exMin), where(path))
}

func nameAbove(n *node, path []any) string {
	return fmt.Sprintf("above maximum %s%s", formatBound(n.num.max, n.num.exMax), where(path))
}

func nameMultiple(m *big.Rat, path []any) string {
	return "not a multiple of " + m.RatString() + where(path)
}

func nameShort(n *node, path []any) string {
	return fmt.Sprintf("shorter than minLength %d%s", n.minLen, where(path))
}

func nameLong(n *node, path []any) string {
	return fmt.Sprintf("longer than maxLength %d%s", n.maxLen, where(path))
}

func namePattern(p *pattern, path []any) string {
	return fmt.Sprintf("breaks pattern %q%s", p.src, where(path))
}
