package lint

// skippedExamples are the examples of one tool that were all skipped for
// one reason and have nothing else to say (no run, no finding): what
// --no-run makes of every example. Lint keeps them so, a title and three
// lines each, while it checks the other tools, and makes them
// ExampleResults once all are checked (expand): an ExampleResult is 216
// bytes, and 10,000 tools' worth of them made the live heap, which every
// garbage collection marks, a third larger.
type skippedExamples struct {
	reason string
	cases  []skippedCase
}

// skippedCase is what a skipped example's result holds of its case.
type skippedCase struct {
	title                       string
	line, inputLine, outputLine int32
}

// skipped is examples as skippedExamples, and nil (with examples kept as
// they are) when one of them has more to say than its title, lines and the
// reason they all share.
func skipped(examples []ExampleResult) *skippedExamples {
	if len(examples) == 0 {
		return nil
	}
	s := &skippedExamples{reason: examples[0].SkipReason, cases: make([]skippedCase, len(examples))}
	for i := range examples {
		e := &examples[i]
		if !plainSkip(e, s.reason) || !fitsInt32(e.Line, e.InputLine, e.OutputLine) {
			return nil
		}
		s.cases[i] = skippedCase{e.Title, int32(e.Line), int32(e.InputLine), int32(e.OutputLine)}
	}
	return s
}

// plainSkip reports whether e is an example skipped for reason that has
// nothing else to say: every other field as newExampleResult leaves it.
func plainSkip(e *ExampleResult, reason string) bool {
	return e.Status == StatusSkipped && e.SkipReason == reason && e.ExitCode == -1 && e.Duration == 0 &&
		e.ExitStatus == "" && e.Stdout == "" && e.Stderr == "" && e.Differences == nil && e.Reproduce == "" &&
		e.Implementation == "" && e.Findings == nil
}

// expand makes the ExampleResults back, as skipped took them.
func (s *skippedExamples) expand() []ExampleResult {
	out := make([]ExampleResult, len(s.cases))
	for i, c := range s.cases {
		out[i] = ExampleResult{Title: c.title, Line: int(c.line), InputLine: int(c.inputLine), OutputLine: int(c.outputLine),
			Status: StatusSkipped, SkipReason: s.reason, ExitCode: -1}
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
