package lint

import (
	"fmt"
	"strconv"

	"github.com/speccify/speccify-lint/explore"
	"github.com/speccify/speccify-lint/result"
	"github.com/speccify/speccify-lint/runner"
)

var ruleExploreCrash = &Rule{ID: "explore-crash", Severity: result.SeverityError, Category: "explore",
	Title: "explore: the implementation crashed, timed out or printed too much",
	Doc: "To every input `speccify-lint explore` sends, valid or not, the implementation answers: it is not killed " +
		"by a signal, does not run past --timeout, does not print past --max-output, and starts. A wrong input gets " +
		"`ok: false` and an error, not a crash. A timeout is reported only when the input times out again when it " +
		"is run a second time (the machine's load is no finding), and shrinking one runs at most " + strconv.Itoa(explore.MaxSlowShrinkRuns) +
		" candidates that take long. The finding gives the smallest input found that does it.",
	Example: "n = args[\"n\"]   (a KeyError when the input lacks n, and sys.exit by a signal elsewhere)",
	Fix:     "n = args.get(\"n\")\nif n is None:\n    print(json.dumps({\"ok\": False, \"error\": \"n is required\"}))",
	explore: exploreCrash}

// exploreCrash: the implementation started, was not killed by a signal and
// kept within --timeout and --max-output.
func exploreCrash(r *exploreRun) *violation {
	tail := runner.StderrTail(r.o.Stderr)
	switch r.end {
	case endNotStarted:
		return &violation{how: "start", msg: "the implementation could not start: " + r.c.localText(r.startErr.Error())}
	case endKilled:
		return &violation{how: "signal " + r.o.Signal, msg: fmt.Sprintf("the implementation was killed by signal %s%s", r.o.Signal, tail)}
	case endTimedOut:
		return &violation{how: "timeout", timed: true, msg: fmt.Sprintf("the implementation did not finish within %s; its process group was killed%s", r.o.Timeout, tail)}
	case endOverflow:
		return &violation{how: "overflow", msg: r.o.Status() + "; the process group was killed"}
	}
	return nil
}
