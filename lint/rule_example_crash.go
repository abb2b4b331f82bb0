package lint

import "github.com/speccify/speccify-lint/result"

var ruleExampleCrash = &Rule{ID: "example-crash", Severity: result.SeverityError, Category: "run",
	Title: "the implementation crashed or could not start",
	Doc: "An implementation killed by a signal (SIGSEGV, SIGKILL, ...) or one that could not be started (missing " +
		"interpreter, exec format error) has no answer. The error case is `ok: false` on stdout, not a crash. When implementation-runnable found why " +
		"it cannot start (an executable without a `#!` line, a `#!` line that ends with a carriage return), the " +
		"example's finding says that it fails because of that finding, and where it is.",
	Example: "#!/usr/bin/env pyhton3   (an interpreter that is not there)",
	Fix:     "#!/usr/bin/env python3",
	run:     judgeExampleCrash, errored: true, unstarted: true}

// judgeExampleCrash: the implementation started and was not killed by a
// signal.
func judgeExampleCrash(r *exampleRun, rep reporter) {
	switch r.end {
	case endNotStarted:
		rep.report(r.place(), r.cs.Title, "example %q: %s could not start: %s", r.cs.Title, r.impl.Name, r.c.localText(r.startErr.Error()))
	case endKilled:
		rep.report(r.place(), r.cs.Title, "example %q: %s was killed by signal %s%s", r.cs.Title, r.impl.Name, r.o.Signal, r.stderrNote)
	}
}
