package lint

import (
	"github.com/speccify/speccify-lint/discover"
	"github.com/speccify/speccify-lint/result"
)

var ruleFixtureMissing = &Rule{ID: "fixture-missing", Severity: result.SeverityError, Category: "fixtures",
	Title: "an example names a fixture that does not exist",
	Doc: "A string in an example input that is a relative path under `fixtures/`, or whose first segment is a " +
		"directory of the tool folder, names a file that must ship with the tool. In an example that expects " +
		"`ok: false` a missing file is usually the point, so it is not reported there, nor in one whose `output:` line " +
		"does not parse (example-syntax's finding), whose expectation is not known. When an example then fails, " +
		"its run's findings about the answer are one that says it fails because the file is missing: the example " +
		"that names it, and an example expecting `ok: false` that names a file reported missing for another one.",
	Example: "input: {\"path\": \"fixtures/a.plist\"}   (no fixtures/a.plist in the tool folder)",
	Fix:     "input: {\"path\": \"fixtures/a.plist\"}   (fixtures/a.plist committed beside TOOL.md)",
	static:  checkFixtureMissing}

// checkFixtureMissing: the files the example inputs name are in the tool
// folder, except in the cases that expect ok: false, and those whose
// output: line does not parse (what they expect is not known; example-syntax
// says why). Such a case that names
// a file reported missing for another case fails because of it too: its
// error is about the missing file, not the one it expects.
func checkFixtureMissing(c *toolCheck, rep reporter) {
	f := c.fixtures()
	if f == nil {
		return
	}
	reported := map[string]cause{}
	for _, u := range f.bad {
		if !u.outside && !discover.IsEscape(u.err) && !u.cs.ExpectsFailure() && (u.cs.Output == nil || u.cs.Output.Err == nil) {
			at := atLine(u.line.Pos, u.line.Span)
			if rep.withHelp("add it (fixtures ship beside TOOL.md) or fix the path in the input of example %q", u.cs.Title).report(at, u.cs.Title,
				"fixture %q is not in the tool folder", u.s) {
				k := cause{rule: rep.rule.ID, subject: u.s, is: "is missing", are: "are missing", at: rep.placeText(at)}
				c.causeOfCase(u.cs, k)
				if _, ok := reported[u.s]; !ok {
					reported[u.s] = k
				}
			}
		}
	}
	for _, u := range f.bad {
		if k, ok := reported[u.s]; ok && u.cs.ExpectsFailure() {
			c.causeOfCase(u.cs, k)
		}
	}
}
