package lint

import (
	"strconv"

	"github.com/speccify/speccify-lint/explore"
	"github.com/speccify/speccify-lint/result"
)

var ruleExploreSlow = &Rule{ID: "explore-slow", Severity: result.SeverityWarning, Category: "explore",
	Title: "explore: an input took far longer than the examples",
	Doc: "An input that `speccify-lint explore` sends, valid or not, is answered in about the time the examples take: " +
		"a run that takes over " + strconv.Itoa(explore.SlowFactor) + " times as long as the slowest of the examples' inputs (without examples, " +
		"as the middle run so far) and over " + explore.SlowMin.String() + " is a finding. The classic cause is a regular expression that " +
		"backtracks catastrophically on a long near-match of a `pattern`; another is work that grows with the " +
		"size of a value the examples keep small. A slow run is run again and reported only when it is slow " +
		"again, and shrinking runs at most " + strconv.Itoa(explore.MaxSlowShrinkRuns) + " slow candidates, so that the machine's load does not make a " +
		"finding and the time budget is not spent chasing one. A run past --timeout is explore-crash.",
	Example: "re.fullmatch(r\"(\\w+\\s?)+\", text)   (seconds on a long line of words that ends in a comma)",
	Fix:     "re.fullmatch(r\"[\\w\\s]+\", text)",
	explore: exploreSlow}

// exploreSlow: the run did not take far longer than the examples.
func exploreSlow(r *exploreRun) *violation {
	if r.slowAfter <= 0 || r.end != endAnswered || r.o.Duration <= r.slowAfter {
		return nil
	}
	than := "the slowest example's"
	if !r.paceOfExamples {
		than = "the middle run's"
	}
	return &violation{how: "slow", timed: true,
		msg: "the run took over " + strconv.Itoa(explore.SlowFactor) + " times as long as " + than + " and over " + explore.SlowMin.String() + ", and again when repeated"}
}
