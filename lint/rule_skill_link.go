package lint

import (
	"path/filepath"

	"github.com/speccify/speccify-lint/contract"
	"github.com/speccify/speccify-lint/discover"
	"github.com/speccify/speccify-lint/result"
)

var ruleSkillLink = &Rule{ID: "skill-link", Severity: result.SeverityError, Category: "skills",
	Title: "a skill links to a tool folder without TOOL.md",
	Doc: "A skill links the tools it uses as `../../tools/<name>/` (or a file in that folder). The link must lead " +
		"to a tool folder with a TOOL.md; a broken link sends the agent to a tool that does not exist.",
	Example: "[check the keys](../../tools/chek-keys/)",
	Fix:     "[check the keys](../../tools/check-keys/)",
	skill:   checkSkillLink}

// checkSkillLink: each link of a SKILL.md to a tool leads to a folder with a
// TOOL.md.
func checkSkillLink(s *skillCheck, rep reporter) {
	text, err := s.readText()
	if err != nil {
		return // not a text file: nothing to follow
	}
	for _, l := range contract.SkillToolLinks(text) {
		target := contract.LinkedToolDir(s.dir, l)
		if _, err := osLstat(filepath.Join(target, discover.SpecFile)); err == nil {
			continue
		}
		rep.withHelp("fix the link or add the tool").report(atPos(l.Pos), l.Destination,
			"link %s leads to %s, which has no TOOL.md", l.Destination, discover.RelPath(s.cfg.Root, target))
	}
}
