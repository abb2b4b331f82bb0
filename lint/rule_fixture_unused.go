package lint

import (
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/speccify/speccify-lint/contract"
	"github.com/speccify/speccify-lint/discover"
	"github.com/speccify/speccify-lint/internal/pathref"
	"github.com/speccify/speccify-lint/result"
)

var ruleFixtureUnused = &Rule{ID: "fixture-unused", Severity: result.SeverityWarning, Category: "fixtures",
	Title: "a fixture is named by no example and by no implementation",
	Doc: "Every file under `fixtures/` should be used by an example, directly or as part of a directory an " +
		"example names. An unused fixture is dead weight or a sign of a renamed example. A fixture is used when " +
		"an example's input or output names its path or its file name, or when the tool's code names it: the " +
		"text of an implementation or of any other file of the tool folder outside `fixtures/` (a `common.sh` " +
		"that `linux.sh` sources) holds its path such as `fixtures/a.json` or its file name `a.json`, as a whole " +
		"name. The rule judges only a complete picture of what names a fixture: when an example does not parse " +
		"(any `example-syntax` finding: JSON that does not parse, a missing or repeated `input:` or `output:` line, " +
		"a second `## Examples` section, whose cases are not read), the frontmatter does not parse, the " +
		"`## Examples` section is missing or holds no case, or a file of the tool's code cannot be read whole " +
		"(a link that leaves the folder or leads nowhere, a file over 1 MiB, more than 256 files), it reports " +
		"nothing, and so offers no deletion on the strength of a guess. `--fix --unsafe-fixes` deletes the file " +
		"(unsafe: it may be meant for an example still to write), unless it changed since it was linted; a symbolic " +
		"link, or a file over 1 MiB, is left to delete by hand.",
	Example: "fixtures/old.plist   (no example and no implementation names it)",
	Fix:     "input: {\"path\": \"fixtures/old.plist\"}   (or delete the file)",
	Autofix: result.UnsafeFix,
	static:  checkFixtureUnused}

// checkFixtureUnused: every file under fixtures/ is named by an example or by
// the tool's code, judged only when both are known whole.
func checkFixtureUnused(c *toolCheck, rep reporter) {
	scan := c.fixtures()
	if scan == nil || !c.examplesReadWhole() {
		return // no examples, or no folder listing, or examples not all read
	}
	var code [][]byte // the tool's code, read once a fixture is named by no example
	codeRead := false
	for _, f := range c.folder.Fixtures {
		if strings.HasPrefix(path.Base(f), ".") {
			continue // .gitkeep, .DS_Store: not fixtures
		}
		if slices.ContainsFunc(scan.named, func(n string) bool { return f == n || n == "." || strings.HasPrefix(f, n+"/") }) ||
			c.exampleNames(path.Base(f)) {
			continue
		}
		if !codeRead {
			var whole bool
			code, whole = c.codeTexts()
			if !whole {
				return // what the code names is not known: nothing is unused for sure
			}
			codeRead = true
		}
		if slices.ContainsFunc(code, func(text []byte) bool { return pathref.NamesFile(text, f) || pathref.NamesFile(text, path.Base(f)) }) {
			continue
		}
		r := rep
		if sum, ok := c.deletableSum(f); ok {
			r = rep.withFix(result.Fix{Title: "delete " + f, Delete: true, Sum: sum})
		}
		r.withHelp("use it in an example or delete it").report(inFile(c.fileIn(f), topOfFile), f, "fixture %s is named by no example and no implementation", f)
	}
}

// examplesReadWhole reports whether every example of TOOL.md was read: the
// frontmatter and every example parsed (no frontmatter or example problem:
// a case whose JSON does not parse, that lacks or repeats a line, or that
// stands in a second ## Examples section names files nobody can tell), and
// the ## Examples section holds at least one case.
func (c *toolCheck) examplesReadWhole() bool {
	for _, p := range c.spec.Problems {
		if p.Kind == contract.ProblemExample || p.Kind == contract.ProblemFrontmatter {
			return false
		}
	}
	return len(c.cases()) > 0
}

// exampleNames reports whether the JSON text of an example's input: or
// output: line names the file name as a whole name ("a.txt" in
// {"name": "a.txt"}, which the implementation may look up under fixtures/).
func (c *toolCheck) exampleNames(name string) bool {
	for _, cs := range c.cases() {
		for _, l := range []*contract.ExampleLine{cs.Input, cs.Output} {
			if l != nil && pathref.NamesFile([]byte(l.Raw), name) {
				return true
			}
		}
	}
	return false
}

// deletableSum is the Fix.Sum of the fixture f when a fix may delete it: a
// regular file (a fix writes through no link) of at most maxScriptSize
// bytes, read whole, so that it is not deleted once it changed.
func (c *toolCheck) deletableSum(f string) (string, bool) {
	name := filepath.FromSlash(f)
	if info, err := c.root.Lstat(name); err != nil || !info.Mode().IsRegular() || info.Size() > maxScriptSize {
		return "", false
	}
	data, err := discover.ReadLimited(c.root, name, maxScriptSize+1)
	if err != nil || len(data) > maxScriptSize {
		return "", false
	}
	return fileSum(data), true
}
