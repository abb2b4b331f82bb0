package lint

import "github.com/speccify/speccify-lint/result"

var ruleImplementationMissing = &Rule{ID: "implementation-missing", Severity: result.SeverityWarning, Category: "implementations",
	Title: "the tool has no implementation",
	Doc: "Beside TOOL.md there should be one implementation per platform, named `<platform>.<ext>` " +
		"(`linux.py`, `macos.sh`, `windows.ps1`). `reference.*` files are not implementations.",
	Example: "TOOL.md   (alone in .agent/tools/check-keys/)",
	Fix:     "TOOL.md\nlinux.py",
	static:  checkImplementationMissing}

// checkImplementationMissing: the tool has an implementation.
func checkImplementationMissing(c *toolCheck, rep reporter) {
	if c.folder != nil && len(c.folder.Implementations) == 0 {
		rep.withHelp("add one per platform named <platform>.<ext>, e.g. linux.py or macos.sh").report(atPos(topOfFile), "implementations",
			"no implementation beside TOOL.md")
	}
}
