package lint

import "github.com/speccify/speccify-lint/result"

var ruleSpecFile = &Rule{ID: "spec-file", Severity: result.SeverityError, Category: "contract",
	Title: "TOOL.md is not a readable text file",
	Doc: "A TOOL.md must be a regular UTF-8 text file of at most 1 MiB. A directory, a symbolic link, a binary " +
		"file or a file in another encoding (UTF-16 with or without a byte-order mark and UTF-32 with one are named as such) " +
		"cannot be read as a contract, so nothing else in the folder is checked. " +
		"Save the file as UTF-8 Markdown and keep data in fixtures/.",
	Example: "TOOL.md -> ../shared/TOOL.md   (a symbolic link, or a file saved as UTF-16)",
	Fix:     "TOOL.md   (a regular file, saved as UTF-8)",
	read:    checkSpecFile}

// checkSpecFile reports why the tool's TOOL.md could not be read; nothing
// else in the folder is checked then.
func checkSpecFile(c *toolCheck, rep reporter) {
	if u := c.unreadable; u != nil {
		rep.report(atPos(u.pos), "TOOL.md", "%s", u.msg)
	}
}
