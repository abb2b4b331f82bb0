package lint

import (
	"github.com/speccify/speccify-lint/contract"
	"github.com/speccify/speccify-lint/internal/pyscan"
	"github.com/speccify/speccify-lint/internal/shellscan"
	"github.com/speccify/speccify-lint/result"
)

var ruleStdinTwice = &Rule{ID: "stdin-twice", Severity: result.SeverityWarning, Category: "implementations",
	Title: "an implementation reads stdin twice",
	Doc: "The input arrives once on stdin, as one line. A shell script that reads it with `$(cat)` and later again (a " +
		"second `cat`, or a `python3 - <<EOF` heredoc whose script reads `sys.stdin`) gets nothing the second time and " +
		"silently loses the JSON; so does a Python script that reads it (`json.load(sys.stdin)`, `sys.stdin.read()`, " +
		"`input()`, a loop over `sys.stdin`) and reads it again. Two reads that cannot both happen on one run are " +
		"not reported: in different functions, after a first read that returns or raises, or in `else`, `elif`, " +
		"`except` and `case` branches beside each other. Read stdin once into a variable, or write the logic as a " +
		"real .py file. An example that this implementation then fails says so in " +
		"one finding that points here, when it printed nothing on stdout.",
	Example: "in=$(cat)\npython3 - <<EOF\nimport sys, json; print(json.load(sys.stdin))\nEOF",
	Fix:     "in=$(cat)\npython3 - \"$in\" <<'EOF'\nimport sys, json; print(json.loads(sys.argv[1]))\nEOF",
	static:  checkStdinTwice}

// checkStdinTwice: a shell or Python implementation reads stdin once.
func checkStdinTwice(c *toolCheck, rep reporter) {
	if c.folder == nil {
		return
	}
	for _, im := range c.folder.Implementations {
		if _, bad := c.badLinks[im.Name]; bad {
			continue // not run: implementation-runnable
		}
		head, script := c.readHead(im.Name)
		if script == nil {
			continue
		}
		var reads []int
		help := "the second read gets nothing and the JSON input is lost: read stdin once into a variable, or move the logic into a .py file"
		switch {
		case shellscan.IsShell(im.Ext, head):
			reads = shellscan.StdinReads(script)
		case pyscan.IsPython(im.Ext, head):
			reads = pyscan.StdinReads(script)
			help = "the second read gets nothing and the JSON input is lost: read stdin once (request = json.load(sys.stdin)) and use that value"
		}
		if len(reads) > 1 {
			lines := contract.NewLines(script)
			first, second := lines.Offset(reads[0]), lines.Offset(reads[1])
			at := inFile(c.fileIn(im.Name), second)
			if rep.withHelp("%s", help).report(at, im.Name,
				"%s reads stdin again here, after line %d", im.Name, first.Line) {
				c.causeOfImpl(im.Name, cause{rule: rep.rule.ID, subject: im.Name, is: "reads stdin twice", are: "read stdin twice", at: rep.placeText(at), explains: unanswered})
			}
		}
	}
}
