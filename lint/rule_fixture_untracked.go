package lint

import "github.com/speccify/speccify-lint/result"

var ruleFixtureUntracked = &Rule{ID: "fixture-untracked", Severity: result.SeverityError, Category: "fixtures",
	Title: "an example names a fixture that git ignores or does not track",
	Doc: "A file an example's input names must reach a fresh checkout with its tool. When it is on disk but git does " +
		"not track it, the examples pass here and fail in CI, where the file is missing. A file that a `.gitignore` " +
		"pattern (or `.git/info/exclude`, or the `core.excludesFile` of git's configuration) excludes is reported with " +
		"the file and line of the pattern, and the pattern itself when that file is a `.gitignore` of the work tree " +
		"or `.git/info/exclude` (the file `core.excludesFile` names could be any file of the machine, so its lines " +
		"are not quoted); a file nothing ignores is reported when TOOL.md is tracked and the file is not (it was not " +
		"added), not in a tool folder git does not track yet. A named directory counts as tracked when a file under " +
		"it is. The finding is at the `input:` line of the first example that names the " +
		"file, where fixture-missing reports the same file on the fresh checkout: that line is in the repository, " +
		"so code scanning and a review can show it, and a suppression comment can sit beside it; the file itself is " +
		"not in the repository, so a finding placed on it could be shown nowhere but here. The rule asks git (one " +
		"`git ls-files` per run, one `git check-ignore` per tool with such a file), with nothing the repository " +
		"configures that starts a program; it says nothing when the root is in no git work tree, when the tool folder " +
		"is in another one (a submodule), or when git does not answer, and the language server does not run it.",
	Example: "input: {\"csv\": \"fixtures/orders.csv\"}   (fixtures/.gitignore has the line *.csv)",
	Fix:     "input: {\"csv\": \"fixtures/orders.csv\"}   (fixtures/orders.csv committed: git add -f)",
	static:  checkFixtureUntracked}

// checkFixtureUntracked: the files the example inputs name that are there
// are tracked by git, or at least not ignored while TOOL.md is untracked
// (a new tool folder). One finding per file, at the first input that
// names it. git is not asked when the rule is disabled: the check records
// nothing another rule reads.
func checkFixtureUntracked(c *toolCheck, rep reporter) {
	g, f := c.cfg.git, c.fixtures()
	if g == nil || f == nil || len(f.present) == 0 || !c.cfg.enabled(rep.rule) || !g.Covers(c.dir) {
		return
	}
	var untracked []namedPath
	var rels []string
	seen := map[string]bool{}
	for _, p := range f.present {
		rel := c.fileIn(p.ref)
		if seen[rel] || g.Tracks(rel) {
			continue
		}
		seen[rel] = true
		untracked = append(untracked, p)
		rels = append(rels, rel)
	}
	if len(untracked) == 0 {
		return
	}
	specTracked := g.Tracks(c.specRel)
	sources := g.Ignored(rels)
	for i, p := range untracked {
		at := atLine(p.line.Pos, p.line.Span)
		if src, ok := sources[rels[i]]; ok {
			rep.withHelp("commit it with git add -f, or change %s:%d so that it does not match", src.File, src.Line).report(at, p.ref,
				"fixture %q is ignored by git (%s), so a fresh checkout, as in CI, does not have it", p.s, src)
			continue
		}
		if specTracked {
			rep.withHelp("commit it with TOOL.md: git add it").report(at, p.ref,
				"fixture %q is not tracked by git while TOOL.md is, so a fresh checkout, as in CI, does not have it", p.s)
		}
	}
}
