package lint

import (
	"slices"

	"github.com/speccify/speccify-lint/contract"
	"github.com/speccify/speccify-lint/drift"
	"github.com/speccify/speccify-lint/result"
)

// driftChanges compares the tool's contract with its old one
// (drift.Against.Old) once, on first use, for every drift rule. Nil when
// there is no revision, the folder did not change, the tool is new, or its
// TOOL.md could not be read (the lint says why); a part that could not be
// compared is a change that says so (drift.NotCompared). An error of git
// is a panic, the engine's internal error: the comparison was not made, and
// that is not a pass.
func (c *toolCheck) driftChanges() []drift.Change {
	if c.driftLoaded {
		return c.drift
	}
	c.driftLoaded = true
	a := c.cfg.Against
	if a == nil || c.spec == nil || c.spec.FileErr != nil {
		return nil
	}
	old, ok, err := a.Old(c.dir, c.rel, c.specRel)
	if err != nil {
		panic(err.Error())
	}
	if !ok {
		return nil
	}
	inputs, outputs := c.schemas()
	var implementations []string
	if c.folder != nil {
		var names []string
		for _, im := range c.folder.Implementations {
			names = append(names, im.Name)
		}
		implementations = drift.ImplementationPlatforms(names)
	}
	c.drift = drift.Compare(old, drift.Built(c.spec, compiled(inputs), compiled(outputs), implementations))
	return c.drift
}

// compiled is the compiled schema of a field; nil when it has none.
func compiled(f *schemaField) *contract.Schema {
	if f == nil {
		return nil
	}
	return f.schema
}

// reportDrift reports the changes of the kind k that are not compatible
// (breaking, warnings, parts not compared), each at its place
// (driftPlace), with help's words.
func (c *toolCheck) reportDrift(rep reporter, k drift.Kind, help func(drift.Change) string) {
	for _, ch := range c.driftChanges() {
		if ch.Kind != k || ch.Verdict == drift.Compatible {
			continue
		}
		rep.withHelp("%s", help(ch)).report(c.driftPlace(ch), string(k)+":"+ch.What, "%s (since %s)", ch.Message(), c.cfg.Against.Revision.Rev)
	}
}

// driftPlace is where a change is in the new TOOL.md: the changed schema
// keyword, the platforms key, the effects value, the requires entry.
func (c *toolCheck) driftPlace(ch drift.Change) place {
	fm := c.spec.Frontmatter
	inputs, outputs := c.schemas()
	switch ch.Kind {
	case drift.KindInput:
		return schemaPlace(inputs, ch)
	case drift.KindOutput:
		return schemaPlace(outputs, ch)
	case drift.KindEffects:
		return over(fm.Effects.Span)
	case drift.KindRequires:
		return c.entryPlace(fm.Requires, "requires", ch.Entry)
	case drift.KindNotCompared:
		if ch.Entry == "" || fm == nil {
			return inFile(c.specRel, topOfFile)
		}
		return c.frontmatterPlace(ch.Entry)
	}
	return c.frontmatterPlace("platforms")
}

// schemaPlace is the place, in the new TOOL.md, of a schema change of the
// field f.
func schemaPlace(f *schemaField, ch drift.Change) place {
	if f == nil {
		return place{}
	}
	sc := ch.Schema
	ptr := sc.Pointer
	switch {
	case sc.Keyword == "":
	case sc.Keyword == "properties":
	case sc.Keyword == "additionalProperties" && sc.Member != "":
		ptr += "/properties"
	default:
		ptr += "/" + sc.Keyword
	}
	return f.place(ptr)
}

// frontmatterPlace is the place of the key name of the frontmatter, or of
// the frontmatter when it has none.
func (c *toolCheck) frontmatterPlace(name string) place {
	fm := c.spec.Frontmatter
	if k := fm.Key(name); k != nil {
		return over(k.Span)
	}
	return atPos(fm.Pos)
}

// entryPlace is the place of the entry value among entries, or of the key
// name.
func (c *toolCheck) entryPlace(entries []contract.String, name, value string) place {
	if i := slices.IndexFunc(entries, func(s contract.String) bool { return s.Value == value }); i >= 0 {
		return over(entries[i].Span)
	}
	return c.frontmatterPlace(name)
}

// driftRules are the rules of the changes of each kind that are not
// compatible.
var driftRules = map[drift.Kind]*Rule{
	drift.KindInput: ruleBreakingInput, drift.KindOutput: ruleBreakingOutput, drift.KindPlatform: rulePlatformDropped,
	drift.KindEffects: ruleEffectsWidened, drift.KindRequires: ruleRequiresAdded, drift.KindRemoved: ruleToolRemoved,
	drift.KindNotCompared: ruleContractNotCompared,
}

// driftResult is the tool's drift changes for its result (drift.ToolChanges),
// each with its rule and place.
func (c *toolCheck) driftResult() []drift.ToolChange {
	rule := func(k drift.Kind) string { return driftRules[k].ID }
	place := func(ch drift.Change) (int, int) {
		p := c.driftPlace(ch)
		return p.pos.Line, p.pos.Column
	}
	return drift.ToolChanges(c.driftChanges(), rule, place)
}

// DriftOf lists the contract changes of a result of Lint with
// cfg.Against set (which must be set): the tools with a change in the
// result's order, then the tool folders of the revision removed or renamed
// since.
func DriftOf(res *result.Result, cfg Config) []drift.ToolDrift {
	var out []drift.ToolDrift
	for _, t := range res.Tools {
		if len(t.Drift) > 0 {
			out = append(out, cfg.Against.ChangedTool(t.Dir, t.Spec, t.Name, t.Drift))
		}
	}
	return append(out, cfg.Against.GoneTools(ruleToolRemoved.ID)...)
}
