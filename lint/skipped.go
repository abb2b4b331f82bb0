package lint

import (
	"strings"

	"github.com/speccify/speccify-lint/result"
)

// skippedExamples are the examples of one tool that were all skipped for
// one reason and have nothing else to say (no run, no finding): what
// --no-run makes of every example. Lint keeps them so, a title and three
// lines each, while it checks the other tools, and makes them
// ExampleResults once all are checked (expand): an ExampleResult is 216
// bytes, and 10,000 tools' worth of them made the live heap, which every
// garbage collection marks, a third larger.
type skippedExamples struct {
	reason string
	// titles are the cases' titles one after the other; each case has the
	// end of its own, so that the cases hold no pointer for the collector
	// to follow and the titles are one allocation.
	titles string
	cases  []skippedCase
}

// skippedCase is what a skipped example's result holds of its case: where
// its title ends in skippedExamples.titles, and its lines.
type skippedCase struct {
	titleEnd, line, inputLine, outputLine int32
}

// skipped is examples as skippedExamples, and nil (with examples kept as
// they are) when one of them has more to say than its title, lines and the
// reason they all share.
func skipped(examples []result.ExampleResult) *skippedExamples {
	if len(examples) == 0 {
		return nil
	}
	s := &skippedExamples{reason: examples[0].SkipReason, cases: make([]skippedCase, len(examples))}
	size := 0
	for i := range examples {
		e := &examples[i]
		size += len(e.Title)
		if !plainSkip(e, s.reason) || !fitsInt32(e.Line, e.InputLine, e.OutputLine, size) {
			return nil
		}
		s.cases[i] = skippedCase{int32(size), int32(e.Line), int32(e.InputLine), int32(e.OutputLine)}
	}
	var titles strings.Builder
	titles.Grow(size)
	for i := range examples {
		titles.WriteString(examples[i].Title)
	}
	s.titles = titles.String()
	return s
}

// plainSkip reports whether e is an example skipped for reason that has
// nothing else to say: every other field as newExampleResult leaves it.
func plainSkip(e *result.ExampleResult, reason string) bool {
	return e.Status == result.StatusSkipped && e.SkipReason == reason && e.ExitCode == -1 && e.Duration == 0 &&
		e.ExitStatus == "" && e.Stdout == "" && e.Stderr == "" && e.Differences == nil && e.Reproduce == "" &&
		e.Implementation == "" && e.Findings == nil
}

// expand makes the ExampleResults back, as skipped took them.
func (s *skippedExamples) expand() []result.ExampleResult {
	out := make([]result.ExampleResult, len(s.cases))
	start := 0
	for i, c := range s.cases {
		out[i] = result.ExampleResult{Title: s.titles[start:c.titleEnd], Line: int(c.line), InputLine: int(c.inputLine), OutputLine: int(c.outputLine),
			Status: result.StatusSkipped, SkipReason: s.reason, ExitCode: -1}
		start = int(c.titleEnd)
	}
	return out
}

func fitsInt32(ns ...int) bool {
	for _, n := range ns {
		if int(int32(n)) != n {
			return false
		}
	}
	return true
}
