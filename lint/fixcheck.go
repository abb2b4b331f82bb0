package lint

import (
	"math"
	"slices"

	"github.com/speccify/speccify-lint/contract"
)

// verifyRules is the registry for verified: set by init, as the checks that
// call verified are in the registry themselves.
var verifyRules []*Rule

func init() { verifyRules = registry }

// verified is fix, a fix of TOOL.md, when the fixed TOOL.md has no finding
// of a static rule that had none before: a fix takes findings away, it
// never brings a kind the file did not have (a renamed key's value checked
// for the first time, an example that no longer matches outputs, a quoted
// value that is no good description). It is nil otherwise, and while a fix
// is being verified (the checks of the fixed text offer no fixes).
func (c *toolCheck) verified(fix *Fix) *Fix {
	if fix == nil || c.verifying || len(fix.Edits) == 0 || fix.Delete || fix.ToLF {
		return nil
	}
	if c.staticBefore == nil {
		c.staticBefore = c.staticRuleIDs(c.spec)
	}
	lines := c.spec.Lines
	text := []byte(lines.Text(contract.Span{Start: lines.Point(0), End: lines.Point(math.MaxInt)}))
	edits := slices.Clone(fix.Edits)
	slices.SortFunc(edits, func(a, b Edit) int { return b.Start.Offset - a.Start.Offset })
	for _, e := range edits {
		text = slices.Concat(text[:e.Start.Offset], []byte(e.New), text[e.End.Offset:])
	}
	for id := range c.staticRuleIDs(contract.ParseText(c.spec.Path, text)) {
		if !c.staticBefore[id] {
			return nil
		}
	}
	return fix
}

// staticRuleIDs are the rules whose static checks find something in spec,
// a text of this tool's TOOL.md, suppression comments left out.
func (c *toolCheck) staticRuleIDs(spec *contract.Spec) map[string]bool {
	alt := &toolCheck{cfg: c.cfg, dir: c.dir, rel: c.rel, specRel: c.specRel, spec: spec, folder: c.folder,
		root: c.root, badLinks: c.badLinks, verifying: true}
	out := &toolFindings{cfg: c.cfg, tool: c.rel, spec: c.specRel}
	rep := func(r *Rule) reporter {
		return reporter{rule: r, cfg: c.cfg, tool: c.rel, file: c.specRel, out: &out.list}
	}
	alt.patterns = rep(c.patterns.rule)
	for _, r := range verifyRules {
		if r.static != nil {
			r.static(alt, rep(r))
		}
	}
	ids := map[string]bool{}
	for _, f := range out.list {
		ids[f.Rule] = true
	}
	return ids
}
