package lint

var ruleFixtureOutside = &Rule{ID: "fixture-outside", Severity: SeverityWarning, Category: "fixtures",
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
			rep.report(atLine(u.line.Pos, u.line.Span), u.cs.Title,
				"example %q names %q, outside the tool folder; ship the file under fixtures/ and name it relative to the tool folder", u.cs.Title, u.s)
		case isEscape(u.err):
			rep.report(atLine(u.line.Pos, u.line.Span), u.cs.Title,
				"example %q names %q, which leads outside the tool folder through a symbolic link; ship the file itself in the tool folder", u.cs.Title, u.s)
		}
	}
}
