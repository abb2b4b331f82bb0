package lint

import (
	"slices"
	"strings"

	"github.com/speccify/speccify-lint/result"
)

var ruleImplementationPlatform = &Rule{ID: "implementation-platform", Severity: result.SeverityWarning, Category: "implementations",
	Title: "an implementation for a platform outside platforms",
	Doc: "`platforms` limits where the tool runs; an implementation for another platform is never run. Add the " +
		"platform to `platforms` or remove the file.",
	Example: "platforms: [macos]   (beside linux.sh)",
	Fix:     "platforms: [macos, linux]",
	static:  checkImplementationPlatform}

// checkImplementationPlatform: no implementation for a platform that
// platforms leaves out.
func checkImplementationPlatform(c *toolCheck, rep reporter) {
	fm := c.spec.Frontmatter
	if c.folder == nil || fm == nil {
		return
	}
	declared := values(fm.Platforms)
	if len(declared) == 0 {
		return
	}
	for _, im := range c.folder.Implementations {
		if !slices.Contains(declared, im.Platform) {
			rep.withHelp("add %s to platforms or remove the file", im.Platform).report(inFile(c.fileIn(im.Name), topOfFile), im.Name,
				"%s implements %s, but platforms: lists only %s",
				im.Name, im.Platform, strings.Join(declared, ", "))
		}
	}
}
