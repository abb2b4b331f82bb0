package lint

import (
	"path/filepath"

	"github.com/speccify/speccify-lint/contract"
	"github.com/speccify/speccify-lint/discover"
)

// checkSkill checks that a skill's links to tools lead to tool folders.
func checkSkill(cfg *Config, dir string) SkillResult {
	rel := relPath(cfg.Root, dir)
	specPath := filepath.Join(dir, discover.SkillFile)
	res := SkillResult{Dir: rel, Spec: relPath(cfg.Root, specPath), Findings: []Finding{}}
	if !cfg.enabled(ruleSkillLink) {
		return res
	}
	text, err := contract.ReadText(specPath, contract.MaxSpecSize)
	if err != nil {
		return res // not a text file: nothing to follow
	}
	for _, l := range contract.SkillToolLinks(text) {
		target := contract.LinkedToolDir(dir, l)
		if _, err := osLstat(filepath.Join(target, discover.SpecFile)); err == nil {
			continue
		}
		f := ruleSkillLink.finding(res.Spec, l.Pos.Line, l.Pos.Column, l.Destination,
			"link %s leads to %s, which has no TOOL.md; fix the link or add the tool", l.Destination, relPath(cfg.Root, target))
		f.Tool = rel
		res.Findings = append(res.Findings, f)
	}
	return res
}
