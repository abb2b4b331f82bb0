package drift

import (
	"cmp"
	"slices"
)

// ToolDrift is what changed in one tool's contract since the revision:
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
	Changes []ToolChange `json:"changes"`
}

// Breaking counts the breaking changes (a removal or rename is one).
func (t *ToolDrift) Breaking() int { return t.Count(Breaking) }

// Count counts the changes of the verdict v.
func (t *ToolDrift) Count(v Verdict) int {
	n := 0
	for _, c := range t.Changes {
		if c.VerdictOf() == v {
			n++
		}
	}
	return n
}

// ToolChange is one change of a tool's contract, as a tool's result and
// ToolDrift list it.
type ToolChange struct {
	// Rule is the rule that reports a change that is not compatible.
	Rule string `json:"rule,omitempty"`
	// Field is the frontmatter field changed: inputs, outputs, platforms,
	// effects, requires; "" for the folder or the whole TOOL.md.
	Field string `json:"field,omitempty"`
	// Verdict is what the change means for a caller that was right at the
	// revision: breaking, warning, compatible or "not compared"; Breaking
	// says whether it is breaking.
	Verdict  Verdict `json:"verdict,omitempty"`
	Breaking bool    `json:"breaking"`
	What     string  `json:"what"`
	// Witness is the JSON text of a breaking schema change's witness.
	Witness string `json:"witness,omitempty"`
	// Line and Column are the place in the TOOL.md (0 for none).
	Line   int `json:"line,omitempty"`
	Column int `json:"column,omitempty"`
}

// VerdictOf is the change's verdict; for a change of a report written
// before verdicts were recorded, breaking or compatible as Breaking says.
func (c ToolChange) VerdictOf() Verdict {
	switch {
	case c.Verdict != "":
		return c.Verdict
	case c.Breaking:
		return Breaking
	}
	return Compatible
}

// ToolChanges are the changes of one tool as its result lists them, in
// the order of their lines (a change with no line last): each with the
// rule that reports it when it is not compatible (rule, given by the lint
// package) and its place in the new TOOL.md (place: line 0 for none).
func ToolChanges(changes []Change, rule func(Kind) string, place func(Change) (line, column int)) []ToolChange {
	var out []ToolChange
	for _, ch := range changes {
		tc := ToolChange{Field: ch.Kind.Field(), Verdict: ch.Verdict, Breaking: ch.Verdict == Breaking, What: ch.What}
		if ch.Kind == KindNotCompared {
			tc.Field = ch.Entry // the part not compared
		}
		if ch.Verdict != Compatible {
			tc.Rule = rule(ch.Kind)
		}
		if ch.Schema != nil {
			tc.Witness = ch.Schema.WitnessJSON()
		}
		if line, column := place(ch); line > 0 {
			tc.Line, tc.Column = line, column
		}
		out = append(out, tc)
	}
	slices.SortStableFunc(out, func(a, b ToolChange) int {
		if (a.Line == 0) != (b.Line == 0) {
			return cmp.Compare(b.Line, a.Line) // the one with a line first
		}
		return cmp.Or(cmp.Compare(a.Line, b.Line), cmp.Compare(a.Column, b.Column))
	})
	return out
}

// ChangedTool is the drift of the tool in the folder dir (slash, relative to
// the root) with its TOOL.md spec, named name, whose changes are changes
// (ToolChanges): with the folder it was renamed from, if it was.
func (a *Against) ChangedTool(dir, spec, name string, changes []ToolChange) ToolDrift {
	td := ToolDrift{Dir: dir, Spec: spec, Name: name, Status: "changed", Changes: changes}
	if r, ok := a.RenamedFrom(dir); ok {
		td.RenamedFrom = r.Dir
	}
	return td
}

// GoneTools is the drift of the revision's tool folders removed or renamed
// since (Removals), each one breaking change reported by rule.
func (a *Against) GoneTools(rule string) []ToolDrift {
	var out []ToolDrift
	for _, r := range a.Removals() {
		td := ToolDrift{Dir: r.Dir, Spec: r.Spec, Name: r.Name, Status: "removed"}
		what := "tool folder removed"
		if r.To != "" {
			td.Status, td.RenamedTo, what = "renamed", r.To, "tool folder renamed to "+r.To+r.NameChange()
		}
		td.Changes = []ToolChange{{Rule: rule, Verdict: Breaking, Breaking: true, What: what}}
		out = append(out, td)
	}
	return out
}
