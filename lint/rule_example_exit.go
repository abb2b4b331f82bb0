package lint

import "github.com/speccify/speccify-lint/result"

var ruleExampleExit = &Rule{ID: "example-exit", Severity: result.SeverityError, Category: "run",
	Title: "ok: true answered with a non-zero exit code",
	Doc: "The exit code is 0 when `ok` is true: the `ok` the implementation printed, whatever the example expects " +
		"(that the answer is not the expected one is example-failed's finding). An answer with `ok: false` may exit " +
		"with any code, as the convention asks for exit code 0 only with `ok: true`; so an implementation that " +
		"correctly answers `ok: false` with exit code 1 passes this rule even where the example expected `ok: true`." + consequentDoc,
	Example:    "print(json.dumps({\"ok\": True}))\nsys.exit(1)",
	Fix:        "print(json.dumps({\"ok\": True}))\nsys.exit(0)",
	run:        judgeExampleExit,
	consequent: true}

// judgeExampleExit: an answer that says ok: true exits with 0.
func judgeExampleExit(r *exampleRun, rep reporter) {
	obj, _ := r.actual.(map[string]any)
	if ok, _ := obj["ok"].(bool); ok && r.o.ExitCode != 0 {
		rep.withHelp("exit with 0 when the answer has ok: true (any exit code goes with ok: false)").report(r.place(), r.cs.Title,
			"example %q: exit code %d, but it answered ok: true", r.cs.Title, r.o.ExitCode)
	}
}
