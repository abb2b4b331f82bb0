package lint

import (
	"path/filepath"
	"strings"

	"github.com/speccify/speccify-lint/contract"
	"github.com/speccify/speccify-lint/result"

	"github.com/speccify/speccify-lint/discover"
)

var ruleToolRemoved = &Rule{ID: "tool-removed", Severity: result.SeverityWarning, Category: "drift",
	Title: "a tool folder at --against REV is gone",
	Doc: "With `--against REV`, every tool folder of the git revision REV is looked for in the working tree. One " +
		"that is gone was removed or renamed: renamed when git's rename detection moved its files into a folder new " +
		"since REV, or a tool new since REV has its name; then the message names the new folder (and the new name), " +
		"and the drift rules compare the new folder's contract with the old one. Every caller that named it breaks. " +
		"It is a warning, since removing a tool is usually " +
		"deliberate and its callers outside the repository cannot be known; it is an error when a skill of the " +
		"repository still links to the folder (the message names the skills), a caller that breaks for sure. " +
		"The finding is at the old TOOL.md's path; as that file is gone, disable the rule for the run " +
		"(`--disable tool-removed` or the config's `disable:`) to record a deliberate removal. With `--shard`, " +
		"shard 1 reports it.",
	Example:   "git rm -r .agent/tools/fetch   (fetch had a TOOL.md at REV)",
	Fix:       "(keep the folder, or tell the tool's callers)",
	discovery: checkToolRemoved}

// checkToolRemoved: each tool folder of the revision is still a tool
// folder, looked up through the gate (a folder that became a symbolic link
// is no tool folder any more).
func checkToolRemoved(d *discoveryCheck, rep reporter) {
	if d.cfg.Against == nil {
		return
	}
	if d.cfg.Shard != "" && !strings.HasPrefix(d.cfg.Shard, "1/") {
		return // one shard reports it, as one checks the skills
	}
	rev := d.cfg.Against.Revision.Rev
	for _, r := range d.cfg.Against.Removals() {
		what, help := "removed", "tell the tool's callers, or keep the folder"
		if r.To != "" {
			what, help = "renamed to "+r.To+r.NameChange(), "tell the tool's callers the new folder, or keep the old one"
		}
		links, rep := "", rep
		if skills := linkingSkills(d, r.Dir); len(skills) > 0 {
			rep = rep.asError()
			links = "; " + strings.Join(skills, ", ") + " still links to it"
			help = "fix the skills' links, or keep the folder"
		}
		rep.withHelp("%s", help).report(inFile(r.Spec, topOfFile), r.Dir, "tool folder %s was %s since %s%s", r.Dir, what, rev, links)
	}
}

// linkingSkills are the SKILL.md files (relative to the root) of the skills
// found whose links lead to the tool folder dir (slash, relative to the
// root).
func linkingSkills(d *discoveryCheck, dir string) []string {
	target := filepath.Join(d.cfg.Root, filepath.FromSlash(dir))
	var out []string
	for _, skill := range d.disc.Skills {
		spec := filepath.Join(skill, discover.SkillFile)
		text, err := contract.ReadText(spec, contract.MaxSpecSize)
		if err != nil {
			continue
		}
		for _, l := range contract.SkillToolLinks(text) {
			if filepath.Clean(contract.LinkedToolDir(skill, l)) == target {
				out = append(out, discover.RelPath(d.cfg.Root, spec))
				break
			}
		}
	}
	return out
}
