package lint

import "github.com/speccify/speccify-lint/result"

var ruleErrorCase = &Rule{ID: "error-case", Severity: result.SeverityWarning, Category: "examples",
	Title: "no example expects ok: false",
	Doc: "The error case is part of the contract: at least one example should show a failing call answering " +
		"`ok: false` with an `error` string, so that the implementation is tested to fail cleanly.",
	Example: "## Examples\n\n### a plist\ninput: {\"path\": \"fixtures/a.plist\"}\noutput: {\"ok\": true}",
	Fix:     "## Examples\n\n### a plist\ninput: {\"path\": \"fixtures/a.plist\"}\noutput: {\"ok\": true}\n\n### a missing file\ninput: {\"path\": \"nope.plist\"}\noutput: {\"ok\": false, \"error\": \"no such file: nope.plist\"}",
	static:  checkErrorCase}

// checkErrorCase: some example expects ok: false.
func checkErrorCase(c *toolCheck, rep reporter) {
	cases := c.cases()
	if len(cases) == 0 {
		return // examples-missing
	}
	for i := range cases {
		if cases[i].ExpectsFailure() {
			return
		}
	}
	rep.withHelp("add a case for a failing call (e.g. a missing file) answering {\"ok\": false, \"error\": \"...\"}").report(atPos(c.spec.Examples.Pos), "examples", "no example expects ok: false")
}
