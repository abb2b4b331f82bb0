package lint

import "github.com/speccify/speccify-lint/result"

var ruleRequiresMissing = &Rule{ID: "requires-missing", Severity: result.SeverityWarning, Category: "implementations",
	Title: "an executable in requires is not on PATH, so the examples did not run",
	Doc: "A tool whose `requires:` names an executable that is not on PATH is skipped: its examples verify nothing " +
		"on this machine. The finding is a warning so that the skip shows; install the executable in CI, or make the " +
		"finding fail the run (`--fail-on warning`, or `severity: {requires-missing: error}`) where every tool must run. " +
		"It is reported only when the examples would otherwise run (not with `--no-run`, not on a platform the tool " +
		"excludes or has no implementation for).",
	Example: "requires: [codesign]   (codesign is not on PATH here)",
	Fix:     "requires: [codesign]   (installed in CI, or run with --fail-on warning where every tool must run)",
	static:  checkRequiresMissing}

// checkRequiresMissing: every executable requires names is on PATH, when
// the examples are to run here.
func checkRequiresMissing(c *toolCheck, rep reporter) {
	for _, it := range c.runPlan().missing {
		rep.withHelp("install it, or run the examples where it is installed").report(over(it.Span), "requires."+it.Value,
			"%q in requires is not on PATH, so the examples did not run", it.Value)
	}
}
