package lint

var ruleExampleStdout = &Rule{ID: "example-stdout", Severity: SeverityError, Category: "run",
	Title: "the implementation did not print one JSON object",
	Doc: "stdout, with surrounding whitespace trimmed, must be exactly one JSON value and that value an object. " +
		"Empty output, text, two JSON values, invalid UTF-8 or output past --max-output fail the example. " +
		"The message ends with the last line of stderr, or, when an earlier example's failure showed the same stderr " +
		"(one traceback every example prints), with that example's title: a traceback is shown once." + consequentDoc,
	Example:    "print(\"done\")",
	Fix:        "print(json.dumps({\"ok\": True}))",
	run:        judgeExampleStdout,
	consequent: true}

// judgeExampleStdout: the implementation answered with one JSON object, within
// --max-output.
func judgeExampleStdout(r *exampleRun, rep reporter) {
	switch {
	case r.end == endOverflow:
		rep.withHelp("its process group was killed: print less, or raise --max-output").report(r.place(), r.cs.Title, "example %q: %s", r.cs.Title, r.o.Status())
	case r.end == endAnswered && r.stdoutErr != "":
		rep.report(r.place(), r.cs.Title, "example %q: %s", r.cs.Title, r.stdoutErr)
	}
}
