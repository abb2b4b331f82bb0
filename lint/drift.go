package lint

import (
	"cmp"
	"fmt"
	"slices"
	"sync"

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
	// Renames are the renames git's rename detection found since the
	// revision: what pairs a tool folder of the revision with the one it
	// became (lint/rename.go).
	Renames []Rename

	// removed are the revision's tool folders that are gone, each with the
	// folder it became, found once (prepare) for the drift rules, the
	// tool-removed rule and DriftOf.
	removedOnce sync.Once
	removed     []removal
}

// driftChanges compares the tool's contract with the one at Config.Against
// once, on first use, for every drift rule: the one in the same folder, or,
// for a folder new since the revision, the one of the folder it was
// renamed from (lint/rename.go). Nil when there is no revision, the folder
// did not change, the tool is new, or its TOOL.md could not be read (the
// lint says why); a part that could not be compared is a change that says
// so (drift.NotCompared). An error of git is a panic, the engine's
// internal error: the comparison was not made, and that is not a pass.
func (c *toolCheck) driftChanges() []drift.Change {
	if c.driftLoaded {
		return c.drift
	}
	c.driftLoaded = true
	a := c.cfg.Against
	if a == nil || c.spec == nil || c.spec.FileErr != nil {
		return nil
	}
	from, renamed := a.renamedFrom(c.rel)
	if a.Changed != nil && !a.Changed[c.dir] && !renamed {
		return nil
	}
	oldDir, oldSpec := c.rel, c.specRel
	if renamed {
		oldDir, oldSpec = from.dir, from.spec
	}
	old, ok, err := a.Revision.Contract(oldDir, oldSpec)
	if err != nil {
		panic(fmt.Sprintf("reading %s at %s: %v", oldSpec, a.Revision.Rev, err))
	}
	if !ok {
		return nil // a tool that is new since the revision
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
		rep.withHelp("%s", help(ch)).report(c.driftPlace(ch), string(k)+":"+ch.What, "%s (since %s)", driftMessage(ch), c.cfg.Against.Revision.Rev)
	}
}

// driftMessage is a change in words, with its witness.
func driftMessage(ch drift.Change) string {
	if ch.Kind == drift.KindNotCompared {
		if ch.Entry != "" {
			return ch.Entry + " not compared: " + ch.What
		}
		return "not compared: " + ch.What
	}
	if ch.Schema != nil && ch.Schema.HasWitness {
		return fmt.Sprintf("%s: %s; witness %s", ch.Kind.Field(), ch.What, ch.Schema.WitnessJSON())
	}
	if ch.Schema != nil {
		return ch.Kind.Field() + ": " + ch.What
	}
	return ch.What
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

// ToolDrift is what changed in one tool's contract since Config.Against:
// what `speccify-lint diff` and the step summary show.
type ToolDrift struct {
	// Dir is the tool folder relative to the root (the old one for a
	// removed or renamed tool); Spec its TOOL.md.
	Dir  string `json:"dir"`
	Spec string `json:"spec"`
	// Name is the tool's name (at the revision for a removed one).
	Name string `json:"name,omitempty"`
	// Status is "changed", "removed" or "renamed" (to RenamedTo).
	Status    string `json:"status"`
	RenamedTo string `json:"renamed_to,omitempty"`
	// RenamedFrom is, for a changed tool in a folder new since the
	// revision, the folder it was renamed from, whose contract it is
	// compared with.
	RenamedFrom string `json:"renamed_from,omitempty"`
	// Changes are in the order of their lines in the TOOL.md.
	Changes []DriftChange `json:"changes"`
}

// Breaking counts the breaking changes (a removal or rename is one).
func (t *ToolDrift) Breaking() int { return t.Count(drift.Breaking) }

// Count counts the changes of the verdict v.
func (t *ToolDrift) Count(v drift.Verdict) int {
	n := 0
	for _, c := range t.Changes {
		if c.VerdictOf() == v {
			n++
		}
	}
	return n
}

// DriftChange is one change of a tool's contract.
type DriftChange struct {
	// Rule is the rule that reports a change that is not compatible.
	Rule string `json:"rule,omitempty"`
	// Field is the frontmatter field changed: inputs, outputs, platforms,
	// effects, requires; "" for the folder or the whole TOOL.md.
	Field string `json:"field,omitempty"`
	// Verdict is what the change means for a caller that was right at the
	// revision: breaking, warning, compatible or "not compared"; Breaking
	// says whether it is breaking.
	Verdict  drift.Verdict `json:"verdict,omitempty"`
	Breaking bool          `json:"breaking"`
	What     string        `json:"what"`
	// Witness is the JSON text of a breaking schema change's witness.
	Witness string `json:"witness,omitempty"`
	// Line and Column are the place in the TOOL.md (0 for none).
	Line   int `json:"line,omitempty"`
	Column int `json:"column,omitempty"`
}

// VerdictOf is the change's verdict; for a change of a report written
// before verdicts were recorded, breaking or compatible as Breaking says.
func (c DriftChange) VerdictOf() drift.Verdict {
	switch {
	case c.Verdict != "":
		return c.Verdict
	case c.Breaking:
		return drift.Breaking
	}
	return drift.Compatible
}

// driftRules are the rules of the changes of each kind that are not
// compatible.
var driftRules = map[drift.Kind]*Rule{
	drift.KindInput: ruleBreakingInput, drift.KindOutput: ruleBreakingOutput, drift.KindPlatform: rulePlatformDropped,
	drift.KindEffects: ruleEffectsWidened, drift.KindRequires: ruleRequiresAdded, drift.KindRemoved: ruleToolRemoved,
	drift.KindNotCompared: ruleContractNotCompared,
}

// driftResult is the tool's drift changes for its result, in the order of
// their lines (a change with no line last).
func (c *toolCheck) driftResult() []DriftChange {
	var out []DriftChange
	for _, ch := range c.driftChanges() {
		dc := DriftChange{Field: ch.Kind.Field(), Verdict: ch.Verdict, Breaking: ch.Verdict == drift.Breaking, What: ch.What}
		if ch.Kind == drift.KindNotCompared {
			dc.Field = ch.Entry // the part not compared
		}
		if ch.Verdict != drift.Compatible {
			dc.Rule = driftRules[ch.Kind].ID
		}
		if ch.Schema != nil {
			dc.Witness = ch.Schema.WitnessJSON()
		}
		if p := c.driftPlace(ch); p.pos.Line > 0 {
			dc.Line, dc.Column = p.pos.Line, p.pos.Column
		}
		out = append(out, dc)
	}
	slices.SortStableFunc(out, func(a, b DriftChange) int {
		if (a.Line == 0) != (b.Line == 0) {
			return cmp.Compare(b.Line, a.Line) // the one with a line first
		}
		return cmp.Or(cmp.Compare(a.Line, b.Line), cmp.Compare(a.Column, b.Column))
	})
	return out
}

// DriftOf lists the contract changes of a result of Lint with
// cfg.Against set (which must be set): the tools with a change in the
// result's order, then the tool folders of the revision removed or renamed
// since.
func DriftOf(res *Result, cfg Config) []ToolDrift {
	var out []ToolDrift
	a := cfg.Against
	for _, t := range res.Tools {
		if len(t.Drift) > 0 {
			td := ToolDrift{Dir: t.Dir, Spec: t.Spec, Name: t.Name, Status: "changed", Changes: t.Drift}
			if r, ok := a.renamedFrom(t.Dir); ok {
				td.RenamedFrom = r.dir
			}
			out = append(out, td)
		}
	}
	for _, r := range a.removals() {
		td := ToolDrift{Dir: r.dir, Spec: r.spec, Name: r.name, Status: "removed"}
		what := "tool folder removed"
		if r.to != "" {
			td.Status, td.RenamedTo, what = "renamed", r.to, "tool folder renamed to "+r.to+r.nameChange()
		}
		td.Changes = []DriftChange{{Rule: ruleToolRemoved.ID, Verdict: drift.Breaking, Breaking: true, What: what}}
		out = append(out, td)
	}
	return out
}
