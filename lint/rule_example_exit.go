package lint

var ruleExampleExit = &Rule{ID: "example-exit", Severity: SeverityError, Category: "run",
	Title:   "ok: true answered with a non-zero exit code",
	Doc:     "The exit code is 0 when `ok` is true. With `ok: false` expected, any exit code is accepted.",
	Example: "print(json.dumps({\"ok\": True}))\nsys.exit(1)",
	Fix:     "print(json.dumps({\"ok\": True}))\nsys.exit(0)",
	run:     judgeExampleExit}

// judgeExampleExit: an example expecting ok: true exits with 0.
func judgeExampleExit(r *exampleRun, rep reporter) {
	if r.actual == nil {
		return
	}
	if ok := r.cs.Output.OK(); ok != nil && *ok && r.o.ExitCode != 0 {
		rep.withHelp("exit with 0 when the answer has ok: true").report(r.place(), r.cs.Title, "example %q: exit code %d, but ok: true needs exit code 0", r.cs.Title, r.o.ExitCode)
	}
}
