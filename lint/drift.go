package lint

import (
	"fmt"
	"slices"

	"github.com/speccify/speccify-lint/contract"
	"github.com/speccify/speccify-lint/drift"
)

// Against is the git revision whose contracts the tools' are compared with
// (--against REV): the drift rules' input.
type Against struct {
	// Revision is the revision's tree.
	Revision *drift.Revision
	// Changed holds the tool folders (as discovered) with a file changed
	// since the revision; only they are compared (an unchanged folder has
	// the same contract). Nil compares every folder.
	Changed map[string]bool
}

// driftChanges compares the tool's contract with the one at Config.Against
// once, on first use, for every drift rule: nil when there is no revision,
// the folder did not change, the tool is new, or either TOOL.md could not
// be read. An error of git is a panic, the engine's internal error: the
// comparison was not made, and that is not a pass.
func (c *toolCheck) driftChanges() []drift.Change {
	if c.driftLoaded {
		return c.drift
	}
	c.driftLoaded = true
	a := c.cfg.Against
	if a == nil || c.spec == nil || c.spec.FileErr != nil || a.Changed != nil && !a.Changed[c.dir] {
		return nil
	}
	old, ok, err := a.Revision.Contract(c.rel, c.specRel)
	if err != nil {
		panic(fmt.Sprintf("reading %s at %s: %v", c.specRel, a.Revision.Rev, err))
	}
	if !ok {
		return nil // a tool that is new since the revision
	}
	inputs, outputs := c.schemas()
	cur := &drift.Contract{Spec: c.spec, Inputs: compiled(inputs), Outputs: compiled(outputs)}
	if c.folder != nil {
		var names []string
		for _, im := range c.folder.Implementations {
			names = append(names, im.Name)
		}
		cur.Implementations = drift.ImplementationPlatforms(names)
	}
	c.drift = drift.Compare(old, cur)
	return c.drift
}

// compiled is the compiled schema of a field; nil when it has none.
func compiled(f *schemaField) *contract.Schema {
	if f == nil {
		return nil
	}
	return f.schema
}

// reportDrift reports the breaking changes of the kind k, each at the place
// where returns.
func (c *toolCheck) reportDrift(rep reporter, k drift.Kind, where func(drift.Change) place, help func(drift.Change) string) {
	for _, ch := range c.driftChanges() {
		if ch.Kind != k || !ch.Breaking {
			continue
		}
		msg := ch.What
		if ch.Schema != nil {
			msg = fmt.Sprintf("%s: %s; witness %s", ch.Kind.Field(), ch.What, ch.Schema.WitnessJSON())
		}
		rep.withHelp("%s", help(ch)).report(where(ch), string(k)+":"+ch.What, "%s (since %s)", msg, c.cfg.Against.Revision.Rev)
	}
}

// schemaPlace is the place, in the new TOOL.md, of a schema change of the
// field f.
func schemaPlace(f *schemaField, ch drift.Change) place {
	sc := ch.Schema
	ptr := sc.Pointer
	switch {
	case sc.Keyword == "":
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
