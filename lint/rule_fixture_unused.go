package lint

import (
	"path"
	"path/filepath"
	"slices"
	"strings"
)

var ruleFixtureUnused = &Rule{ID: "fixture-unused", Severity: SeverityWarning, Category: "fixtures",
	Title: "a fixture is named by no example and by no implementation",
	Doc: "Every file under `fixtures/` should be used by an example, directly or as part of a directory an " +
		"example names. An unused fixture is dead weight or a sign of a renamed example. A fixture that an " +
		"implementation names (its path such as `fixtures/a.json`, or its file name `a.json`, appears in the " +
		"implementation's text) is used: the tool reads it. `--fix --unsafe-fixes` deletes the file (unsafe: it may " +
		"be meant for an example still to write); a symbolic link is left to delete by hand.",
	Example: "fixtures/old.plist   (no example and no implementation names it)",
	Fix:     "input: {\"path\": \"fixtures/old.plist\"}   (or delete the file)",
	Autofix: UnsafeFix,
	static:  checkFixtureUnused}

// checkFixtureUnused: every file under fixtures/ is named by an example or by
// an implementation.
func checkFixtureUnused(c *toolCheck, rep reporter) {
	scan := c.fixtures()
	if scan == nil {
		return // no examples, or no folder listing
	}
	named := scan.named
	var impls [][]byte // the implementations, read once a fixture is named by no example
	implsRead := false
	for _, f := range c.folder.Fixtures {
		if strings.HasPrefix(path.Base(f), ".") {
			continue // .gitkeep, .DS_Store: not fixtures
		}
		used := slices.ContainsFunc(named, func(n string) bool { return f == n || n == "." || strings.HasPrefix(f, n+"/") })
		if !used && !implsRead {
			impls, implsRead = c.implementationTexts(), true
		}
		if !used && !slices.ContainsFunc(impls, func(text []byte) bool { return namesFile(text, f) || namesFile(text, path.Base(f)) }) {
			r := rep
			if info, err := c.root.Lstat(filepath.FromSlash(f)); err == nil && info.Mode().IsRegular() {
				r = rep.withFix(Fix{Title: "delete " + f, Delete: true}) // not a link: a fix writes through none
			}
			r.report(inFile(c.fileIn(f), topOfFile), f, "fixture %s is named by no example and by no implementation; use it in an example or delete it", f)
		}
	}
}
