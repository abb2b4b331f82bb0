package report

import (
	"bytes"
	"cmp"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/speccify/speccify-lint/result"
)

// WriteToolVerdict writes the lines a run prints when one tool is done,
// before the report (the CLI streams them on stderr in CI): with
// Options.Verbose the -v line of each example that ran, as the text report
// has it, then the tool's verdict line:
//
//	t/TOOL.md: failed: examples: 2 passed, 1 failed (1.2s)
//	skip/TOOL.md: skipped: not on PATH: speccify-no-such-program
//	x/TOOL.md: passed: explored 100 inputs, properties: 7 held (2.5s)
//
// The verdict is that of the examples (explore: of the properties):
// failed, else errored, else passed, else skipped. What is written passes
// the guard of the text format.
func WriteToolVerdict(w io.Writer, t *result.ToolResult, opt Options) error {
	var b bytes.Buffer
	writeToolVerdict(&b, t, opt)
	_, err := w.Write(humanGuard(b.Bytes()))
	return err
}

// writeToolVerdict renders WriteToolVerdict's lines.
func writeToolVerdict(b *bytes.Buffer, t *result.ToolResult, opt Options) {
	color := opt.Color
	place := paintPlace(color, t.Spec, 0)
	if x := t.Explore; x != nil {
		if x.Skipped != "" {
			fmt.Fprintf(b, "%s: %s: not explored: %s\n", place, paint(color, ansiYellow, "skipped"), cleanLine(x.Skipped))
			return
		}
		var n counts
		for _, p := range x.Properties {
			n.add(p.Status)
		}
		fmt.Fprintf(b, "%s: %s: explored %s, properties: %s (%s)\n", place, paintVerdict(color, n.verdict()), Plural(x.Runs, "input"),
			n.String(map[result.Status]string{result.StatusPassed: "held"}), opt.duration(t.Duration).Round(time.Millisecond))
		return
	}
	if t.Skipped != "" {
		fmt.Fprintf(b, "%s: %s: %s\n", place, paint(color, ansiYellow, "skipped"), cleanLine(t.Skipped))
		return
	}
	var n counts
	for i := range t.Examples {
		e := &t.Examples[i]
		if opt.Verbose {
			writeExampleLine(b, t, e, opt)
		}
		n.add(verdict(e))
	}
	if len(t.Examples) == 0 {
		fmt.Fprintf(b, "%s: %s: no examples to run\n", place, paint(color, ansiYellow, "skipped"))
		return
	}
	fmt.Fprintf(b, "%s: %s: examples: %s (%s)\n", place, paintVerdict(color, n.verdict()), n.String(nil), opt.duration(t.Duration).Round(time.Millisecond))
}

// counts counts verdicts.
type counts map[result.Status]int

func (n *counts) add(s result.Status) {
	if *n == nil {
		*n = counts{}
	}
	(*n)[s]++
}

// verdict is the verdict of a tool whose examples (or properties) have
// these verdicts: failed, else errored, else passed, else baselined, else
// skipped.
func (n counts) verdict() result.Status {
	for _, s := range []result.Status{result.StatusFailed, result.StatusErrored, result.StatusPassed, statusBaselined} {
		if n[s] > 0 {
			return s
		}
	}
	return result.StatusSkipped
}

// String lists the verdicts counted, "2 passed, 1 failed", in the order of
// the summary line ("none" when none); words renames some ("held" for a
// property that passed).
func (n counts) String(words map[result.Status]string) string {
	var parts []string
	for _, s := range []result.Status{result.StatusPassed, result.StatusFailed, result.StatusErrored, result.StatusSkipped, statusBaselined} {
		if n[s] > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", n[s], cmp.Or(words[s], string(s))))
		}
	}
	if parts == nil {
		return "none"
	}
	return strings.Join(parts, ", ")
}

// ToolOrder returns the order the text report lists tool folders in: the
// indices of dirs (ToolResult.Dir values) sorted by folder.
func ToolOrder(dirs []string) []int {
	idx := make([]int, len(dirs))
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(a, b int) int { return strings.Compare(dirs[a], dirs[b]) })
	return idx
}
