package lint

import (
	"github.com/speccify/speccify-lint/contract"
	"github.com/speccify/speccify-lint/result"
)

var ruleFrontmatter = &Rule{ID: "frontmatter", Severity: result.SeverityError, Category: "contract",
	Title: "frontmatter is missing or is not a YAML mapping",
	Doc: "The contract lives in YAML frontmatter: the file starts with a `---` line and the frontmatter ends at the " +
		"next `---` line. It must parse as YAML (no tabs for indentation, no duplicate keys, aliases that do not " +
		"explode) and be a mapping of keys. An empty frontmatter is not this finding: it is a contract with every " +
		"required field missing. The most common syntax error is a `: ` inside a plain value " +
		"(`description: Lists keys: every entry`); the finding is at that colon and shows the value quoted. After a " +
		"syntax error the other top-level entries are still read (the lines of the broken entry, from its key to the " +
		"next top-level key, are left out), so every check that does not need the broken entry still runs, and its " +
		"key is not reported missing; when the entries after it do not parse either, only those before it are " +
		"checked and no field is reported missing. The examples section is checked either way. The fix (safe) puts " +
		"that value in double quotes (escaping `\"` and `\\`; a comment after it stays outside), with the lines a " +
		"wrapped value goes on on: their line breaks and indentation are kept, so it stays wrapped and YAML folds " +
		"it as it would have plain. It does so when quoting takes the error away and no comment or tab leaves the " +
		"value's end uncertain; what the entries it lets YAML read have wrong is reported after the fix. A line indented " +
		"with a tab (`found character that cannot start any token`) gets the help to indent with spaces, and the fix " +
		"(safe) replaces each tab of the indentation of the frontmatter's lines by as many spaces as the other lines' " +
		"smallest indentation (2 when there is none), when that takes the error away.",
	Example: "---\nname: check-keys\n\tdescription: Lists keys.   (a tab indents it)\n---",
	Fix:     "---\nname: check-keys\ndescription: Lists keys.\n---",
	Autofix: result.SafeFix,
	static:  checkFrontmatter}

// checkFrontmatter reports the parser's problems with the frontmatter as a
// whole.
func checkFrontmatter(c *toolCheck, rep reporter) {
	c.reportProblems(rep, contract.ProblemFrontmatter)
}
