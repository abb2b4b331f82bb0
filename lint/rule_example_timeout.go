package lint

import "github.com/speccify/speccify-lint/result"

var ruleExampleTimeout = &Rule{ID: "example-timeout", Severity: result.SeverityError, Category: "run",
	Title:   "the implementation ran past --timeout",
	Doc:     "Each example has --timeout (default " + DefaultTimeoutText + ") to answer; after that its whole process group is killed.",
	Example: "input = sys.stdin.read()\ntime.sleep(3600)",
	Fix:     "input = sys.stdin.read()\nprint(json.dumps({\"ok\": True}))",
	run:     judgeExampleTimeout, errored: true}

// judgeExampleTimeout: the implementation finished within --timeout.
func judgeExampleTimeout(r *exampleRun, rep reporter) {
	if r.end == endTimedOut {
		rep.withHelp("its process group was killed: make it finish sooner, or raise --timeout").report(r.place(), r.cs.Title, "example %q did not finish within %s%s", r.cs.Title, r.o.Timeout, r.stderrNote)
	}
}
