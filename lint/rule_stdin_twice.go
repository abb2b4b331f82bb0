package lint

import (
	"github.com/speccify/speccify-lint/contract"
)

var ruleStdinTwice = &Rule{ID: "stdin-twice", Severity: SeverityWarning, Category: "implementations",
	Title: "a shell implementation reads stdin twice",
	Doc: "The input arrives once on stdin. A shell script that reads it with `$(cat)` and later again (a second " +
		"`cat`, or a `python3 - <<EOF` heredoc whose script reads `sys.stdin`) gets nothing the second time and " +
		"silently loses the JSON. Read stdin once into a variable, or write the logic as a real .py file. An " +
		"example that this implementation then fails without answering a JSON object says so in one finding that " +
		"points here.",
	Example: "in=$(cat)\npython3 - <<EOF\nimport sys, json; print(json.load(sys.stdin))\nEOF",
	Fix:     "in=$(cat)\npython3 - \"$in\" <<'EOF'\nimport sys, json; print(json.loads(sys.argv[1]))\nEOF",
	static:  checkStdinTwice}

// checkStdinTwice: a shell implementation reads stdin once.
func checkStdinTwice(c *toolCheck, rep reporter) {
	if c.folder == nil {
		return
	}
	for _, im := range c.folder.Implementations {
		if _, bad := c.badLinks[im.Name]; bad {
			continue // not run: implementation-runnable
		}
		head, script := c.readHead(im.Name)
		if !isShellScript(im.Ext, head) || script == nil {
			continue
		}
		if reads := stdinReads(script); len(reads) > 1 {
			lines := contract.NewLines(script)
			first, second := lines.Offset(reads[0]), lines.Offset(reads[1])
			at := inFile(c.fileIn(im.Name), second)
			if rep.withHelp("the second read gets nothing and the JSON input is lost: read stdin once into a variable, or move the logic into a .py file").report(at, im.Name,
				"%s reads stdin again here, after line %d", im.Name, first.Line) {
				c.causeOfImpl(im.Name, cause{rule: rep.rule.ID, subject: im.Name, is: "reads stdin twice", are: "read stdin twice", at: rep.placeText(at), explains: unanswered})
			}
		}
	}
}
