package lint

import (
	"github.com/speccify/speccify-lint/discover"
	"github.com/speccify/speccify-lint/result"
)

var ruleFixtureOutside = &Rule{ID: "fixture-outside", Severity: result.SeverityWarning, Category: "fixtures",
	Title: "an example names a path outside the tool folder",
	Doc: "Examples run with the tool folder as working directory and should only use files that ship in it. " +
		"An absolute path or a path with `..` depends on the machine and breaks the example elsewhere.",
	Example: "input: {\"path\": \"/etc/hosts\"}",
	Fix:     "input: {\"path\": \"fixtures/hosts\"}   (a copy in the tool folder)",
	static:  checkFixtureOutside}

// checkFixtureOutside: no example input names a path out of the tool folder,
// by an absolute path, .. or a symbolic link.
func checkFixtureOutside(c *toolCheck, rep reporter) {
	f := c.fixtures()
	if f == nil {
		return
	}
	for _, u := range f.bad {
		switch {
		case u.outside:
			rep.withHelp("ship the file under fixtures/ and name it relative to the tool folder in the input of example %q", u.cs.Title).report(atLine(u.line.Pos, u.line.Span), u.cs.Title,
				"fixture %q is outside the tool folder", u.s)
		case discover.IsEscape(u.err):
			rep.withHelp("ship the file itself in the tool folder, not a link to it (example %q)", u.cs.Title).report(atLine(u.line.Pos, u.line.Span), u.cs.Title,
				"fixture %q leads outside the tool folder through a symbolic link", u.s)
		}
	}
}
