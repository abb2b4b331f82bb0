package report

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/speccify/speccify-lint/result"
)

// writeExploreBlocks writes, for a tool that `speccify-lint explore`
// explored, why it was skipped, or a block per broken property: the
// shrunk input, the run as an example's block shows it, and the example
// case to paste; with -v a line per property that held.
func writeExploreBlocks(b *bytes.Buffer, t *result.ToolResult, opt Options) {
	x := t.Explore
	if x == nil {
		return
	}
	color := opt.Color
	if x.Skipped != "" {
		if !opt.Quiet {
			fmt.Fprintf(b, "%s: %s: not explored: %s\n", paintPlace(color, t.Spec, 0), paint(color, ansiYellow, "skipped"), cleanLine(x.Skipped))
		}
		return
	}
	if x.OutOfTime && !opt.Quiet {
		fmt.Fprintf(b, "%s: %s: explored %s before --time-budget ran out\n", paintPlace(color, t.Spec, 0), paint(color, ansiYellow, "note"), Plural(x.Runs, "input"))
	}
	for _, p := range x.Properties {
		ce := p.Counterexample
		if ce == nil {
			if opt.Verbose {
				fmt.Fprintf(b, "%s: %s: %s held over %s\n", paintPlace(color, t.Spec, 0), paintVerdict(color, p.Status), p.Rule, Plural(x.Runs, "input"))
			}
			continue
		}
		side := "valid"
		if !ce.Valid {
			side = "invalid"
		}
		fmt.Fprintf(b, "  %s %s at %s, input %d of %d (%s, shrunk):\n", p.Rule, paintVerdict(color, p.Status), paintPlace(color, t.Spec, ce.Run.Line), ce.Tried, x.Runs, side)
		fmt.Fprintf(b, "    input: %s\n", cleanLine(ce.Input))
		writeRunDetails(b, &ce.Run, "")
		b.WriteString("    add it as an example (complete its output line):\n")
		for _, l := range strings.Split(strings.TrimRight(cleanText(ce.Case), "\n"), "\n") {
			fmt.Fprintf(b, "      %s\n", l)
		}
	}
}

// exploreSummary is the explore part of the summary line: "explored: 100
// inputs, properties: 7 held, 1 failed, 0 skipped".
func exploreSummary(r *result.Result) string {
	inputs, held, failed, skipped := 0, 0, 0, 0
	for i := range r.Tools {
		x := r.Tools[i].Explore
		if x == nil {
			continue
		}
		inputs += x.Runs
		for _, p := range x.Properties {
			switch p.Status {
			case result.StatusPassed:
				held++
			case result.StatusFailed:
				failed++
			default:
				skipped++
			}
		}
	}
	return fmt.Sprintf("explored: %s, properties: %d held, %d failed, %d skipped", Plural(inputs, "input"), held, failed, skipped)
}
