package contract

import "strings"

// WritesNothing reports whether an effects line promises no writes
// ("none", "read-only", "writes nothing", ...): the one reading of that
// promise, for the effects rule and for contract drift.
func WritesNothing(effects string) bool {
	e := strings.ToLower(strings.TrimSpace(effects))
	switch e {
	case "none", "nothing", "read-only", "read only", "pure", "no side effects":
		return true
	}
	return strings.Contains(e, "writes nothing") ||
		strings.Contains(e, "no writes") || strings.Contains(e, "read-only")
}
