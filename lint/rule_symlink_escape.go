package lint

import (
	"fmt"

	"github.com/speccify/speccify-lint/discover"
	"github.com/speccify/speccify-lint/result"
)

var ruleSymlinkEscape = &Rule{ID: "symlink-escape", Severity: result.SeverityWarning, Category: "discovery",
	Title: "a symbolic link leaves the root",
	Doc: "speccify-lint follows no symbolic link to a directory, so nothing under one is checked, and reads no file " +
		"through a link that leaves its tool folder. A link that points outside the repository root makes the tool " +
		"folder depend on the machine it runs on; commit the files instead.",
	Example:   "fixtures -> /home/me/plists",
	Fix:       "fixtures/   (the files themselves, committed)",
	discovery: checkSymlinkEscape}

// checkSymlinkEscape reports the symbolic links the walk found pointing out
// of the root.
func checkSymlinkEscape(d *discoveryCheck, rep reporter) {
	for _, esc := range d.disc.Escapes {
		rel := discover.RelPath(d.cfg.Root, esc.Path)
		msg, help := escapeMessage(rel, esc)
		rep.withHelp("%s", help).report(inFile(rel, topOfFile), rel, "%s", msg)
	}
}

// escapeMessage says what the symbolic link rel, whose target lies outside
// the root, points to, and (help) what speccify-lint did with it and what to
// do.
func escapeMessage(rel string, esc discover.SymlinkEscape) (msg, help string) {
	if esc.Dir {
		return fmt.Sprintf("symbolic link %s points to the directory %s, outside the root", rel, esc.Target),
			"it is not followed, so nothing under it is checked: commit the files instead"
	}
	return fmt.Sprintf("symbolic link %s points to the file %s, outside the root", rel, esc.Target),
		"speccify-lint does not read it: commit the file instead"
}
