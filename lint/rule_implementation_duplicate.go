package lint

import (
	"github.com/speccify/speccify-lint/discover"
	"github.com/speccify/speccify-lint/result"
)

var ruleImplementationDuplicate = &Rule{ID: "implementation-duplicate", Severity: result.SeverityError, Category: "implementations",
	Title: "two implementations for one platform",
	Doc: "One platform has one implementation: with `linux.py` and `linux.sh` side by side nobody knows which one " +
		"runs. Remove or rename one of them.",
	Example: "linux.py\nlinux.sh",
	Fix:     "linux.py",
	static:  checkImplementationDuplicate}

// checkImplementationDuplicate: one implementation per platform.
func checkImplementationDuplicate(c *toolCheck, rep reporter) {
	if c.folder == nil {
		return
	}
	for _, p := range discover.Platforms {
		same := c.folder.ImplementationsFor(p)
		for _, extra := range same[min(1, len(same)):] {
			rep.withHelp("keep one of them").report(inFile(c.fileIn(extra.Name), topOfFile), extra.Name,
				"%s and %s both implement %s", same[0].Name, extra.Name, p)
		}
	}
}
