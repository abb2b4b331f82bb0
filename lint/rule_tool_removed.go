package lint

import (
	"errors"
	"io/fs"
	"path"
	"path/filepath"

	"github.com/speccify/speccify-lint/discover"
)

var ruleToolRemoved = &Rule{ID: "tool-removed", Severity: SeverityWarning, Category: "drift",
	Title: "a tool folder at --against REV is gone",
	Doc: "With `--against REV`, every tool folder of the git revision REV is looked for in the working tree. One " +
		"that is gone was removed or renamed (the message names the new folder when a tool that is new since REV " +
		"has its name): every caller that named it breaks. It is a warning, not an error: removing a tool is usually " +
		"deliberate, and a skill of the repository that still links to it is already an error of skill-link. The " +
		"finding is at the old TOOL.md's path; as that file is gone, disable the rule for the run " +
		"(`--disable tool-removed` or the config's `disable:`) to record a deliberate removal.",
	Example:   "git rm -r .agent/tools/fetch   (fetch had a TOOL.md at REV)",
	Fix:       "(keep the folder, or tell the tool's callers)",
	discovery: checkToolRemoved}

// checkToolRemoved: each tool folder of the revision is still a tool
// folder, looked up through the gate (a folder that became a symbolic link
// is no tool folder any more).
func checkToolRemoved(d *discoveryCheck, rep reporter) {
	a := d.cfg.Against
	if a == nil {
		return
	}
	gate := discover.NewGate(d.cfg.Root)
	for _, dir := range a.Revision.ToolDirs() {
		if stillThere(gate, filepath.Join(d.cfg.Root, filepath.FromSlash(dir))) {
			continue
		}
		spec := path.Join(dir, discover.SpecFile)
		name := ""
		if old, ok, err := a.Revision.Contract(dir, spec); err == nil && ok && old.Spec.Frontmatter != nil {
			name = old.Spec.Frontmatter.Name.Value
		}
		if to := renamedTo(d, a, name); to != "" {
			rep.withHelp("tell the tool's callers the new folder, or keep the old one").report(inFile(spec, topOfFile), dir,
				"tool folder %s was renamed to %s since %s", dir, to, a.Revision.Rev)
			continue
		}
		rep.withHelp("tell the tool's callers, or keep the folder").report(inFile(spec, topOfFile), dir,
			"tool folder %s was removed since %s", dir, a.Revision.Rev)
	}
}

// stillThere reports whether dir is a tool folder: opened through the gate,
// it holds a TOOL.md.
func stillThere(gate discover.Gate, dir string) bool {
	root, err := gate.OpenFolder(dir)
	if err != nil {
		return false
	}
	defer root.Close()
	_, err = root.Lstat(discover.SpecFile)
	return !errors.Is(err, fs.ErrNotExist)
}

// renamedTo is the folder of a tool of the result named name that the
// revision does not have, or "".
func renamedTo(d *discoveryCheck, a *Against, name string) string {
	if name == "" {
		return ""
	}
	for _, t := range d.tools {
		if t.Name == name && !a.Revision.Has(path.Join(t.Dir, discover.SpecFile)) {
			return t.Dir
		}
	}
	return ""
}
