package lint

import (
	"fmt"
	"strings"
)

// exploreCaseTODO marks the output line of a suggested example case: the
// user writes the output the contract requires in its place. It is no JSON,
// so an example pasted unfinished fails example-syntax.
const exploreCaseTODO = "TODO"

// exampleCaseText is a ready-to-paste `### ` example case of the input of r,
// which broke property p: its title, the input, and an output line for the
// user to complete, so that the counterexample can become a permanent
// example.
func exampleCaseText(p *Rule, r *exploreRun) string {
	var b strings.Builder
	fmt.Fprintf(&b, "### %s that broke %s (found by speccify-lint explore)\n", caseTitle(r), p.ID)
	fmt.Fprintf(&b, "input: %s\n", r.in.JSON())
	if r.in.Valid {
		fmt.Fprintf(&b, "output: %s: the output the contract requires for this input\n", exploreCaseTODO)
	} else {
		fmt.Fprintf(&b, "output: %s: the error answer, e.g. {\"ok\": false, \"error\": \"...\"}\n", exploreCaseTODO)
	}
	return b.String()
}

// caseTitle is a short title for the input: what made it.
func caseTitle(r *exploreRun) string {
	kind := strings.TrimSpace(r.in.Kind)
	switch {
	case kind == "":
		kind = "generated input"
	case !r.in.Valid:
		kind = "invalid input: " + kind
	default:
		kind += " input" // "random input", "boundary input", "mutated example input"
	}
	return cleanTitle(kind)
}

// cleanTitle keeps a title on one line.
func cleanTitle(s string) string {
	return strings.Join(strings.Fields(s), " ")
}
