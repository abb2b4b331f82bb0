package lint

import (
	"context"
	"slices"
	"strings"
	"time"

	"github.com/speccify/speccify-lint/contract"
	"github.com/speccify/speccify-lint/coverage"
	"github.com/speccify/speccify-lint/explore"
)

// gapCases finds, while a tool is explored, the cases that close the parts
// of its contract its coverage findings name: an input of explore's that
// exercises a part (observe), else one explore.GapInputs derives (close),
// each run again and kept when its answer is a valid wire answer; then
// each finding gets its case in its help and the unsafe fix that appends
// the cases to ## Examples (attach).
type gapCases struct {
	e     *exploration
	tool  coverage.Tool
	parts []coverage.Part // those of the coverage findings, in their order
	// tried holds the inputs, by their JSON, that ran to close a part.
	tried map[string]bool
	found map[coverage.ID]*gapCase
	// confirming: the parts' inputs run again, observe takes no more.
	confirming bool
	// late: the deadline or an interruption ended the search first.
	late bool
}

// gapCase is an input that closes a part, with the implementation's answer
// to it, or why it cannot be pasted.
type gapCase struct {
	in     explore.Input
	answer any
	text   string
	why    string
}

// newGapCases is the search of the tool's coverage findings' cases; nil
// when it has none.
func newGapCases(e *exploration) *gapCases {
	var parts []coverage.Part
	cov := e.c.contractCoverage()
	for _, f := range e.out.list {
		if f.Rule != ruleCoverage.ID || cov == nil {
			continue
		}
		for _, p := range cov.Uncovered() {
			if f.Key == "coverage:"+string(p.Kind)+p.Path {
				parts = append(parts, p)
			}
		}
	}
	if len(parts) == 0 {
		return nil
	}
	return &gapCases{e: e, tool: e.c.coverageTool(), parts: parts, tried: map[string]bool{}, found: map[coverage.ID]*gapCase{}}
}

// observe takes r's input for the open parts it exercises (an input
// derived for a part, any part; one of explore's, the output parts: an
// output key its answer states, ok: false), when r is a valid input
// answered with one JSON object.
func (g *gapCases) observe(r *exploreRun) {
	if g == nil || g.confirming || !r.in.Valid || r.in.Spelling != explore.SpellPlain || r.end != endAnswered || r.actual == nil || len(g.found) == len(g.parts) {
		return
	}
	ex := coverage.Exercised(g.tool, r.in.Value, r.actual)
	for _, p := range g.parts {
		// An input part is closed by the input derived for it (an
		// example's, edited) rather than by whichever of explore's
		// inputs came first.
		derived := r.in.Kind == explore.KindGap
		if ex[p.ID()] && g.found[p.ID()] == nil && (derived || !p.IsInput()) {
			g.found[p.ID()] = &gapCase{in: r.in}
		}
	}
}

// close derives an input for each input part still open and runs it, until
// the deadline; then runs each part's input again, twice, and keeps it
// when explore finds nothing wrong with the answer. late says that the
// deadline ended explore's own runs.
func (g *gapCases) close(ctx context.Context, src explore.Source, seed uint64, deadline time.Time, pr *prober, late bool) {
	if g == nil {
		return
	}
	g.late = late
	var open []coverage.Part
	for _, p := range g.parts {
		if g.found[p.ID()] == nil {
			open = append(open, p)
		}
	}
	ins := explore.GapInputs(src, seed, g.tool, open)
	for _, p := range g.parts {
		in, ok := ins[p.ID()]
		if !ok || g.found[p.ID()] != nil || g.tried[string(in.JSON())] || g.over(ctx, deadline) {
			continue
		}
		g.tried[string(in.JSON())] = true
		r, _ := pr.Run(in, false, explore.Pace{})
		g.observe(r)
	}
	titles := make([]string, 0, len(g.e.c.cases()))
	for _, cs := range g.e.c.cases() {
		titles = append(titles, cs.Title)
	}
	g.confirming = true
	confirmed := map[string]*gapCase{}
	for _, p := range g.parts {
		gc := g.found[p.ID()]
		if gc == nil {
			continue
		}
		if prev, ok := confirmed[string(gc.in.JSON())]; ok {
			g.found[p.ID()] = prev
			continue
		}
		confirmed[string(gc.in.JSON())] = gc
		if g.over(ctx, deadline) || !g.wire(pr, gc, p) {
			delete(g.found, p.ID())
			continue
		}
		if gc.text, gc.why = explore.ProposedCase(gc.in, gc.answer, titles); gc.text != "" {
			titles = append(titles, strings.TrimPrefix(strings.SplitN(gc.text, "\n", 2)[0], "### "))
		}
	}
	// What the deadline cut short depends on the machine's speed: the
	// result cache stores none of it.
	g.e.timed = g.e.timed || g.late
}

// over reports whether the search is to end: the deadline passed or ctx
// ended (late records it).
func (g *gapCases) over(ctx context.Context, deadline time.Time) bool {
	g.late = g.late || !time.Now().Before(deadline) || ctx.Err() != nil
	return g.late
}

// wire runs gc's input twice and reports whether it is answered with a
// valid wire answer (one JSON object, the same twice) that breaks no
// explore property and still exercises p; it records the answer.
func (g *gapCases) wire(pr *prober, gc *gapCase, p coverage.Part) bool {
	r, _ := pr.Run(gc.in, true, explore.Pace{})
	if r.end != endAnswered || r.actual == nil || r.again == nil {
		return false
	}
	for _, rule := range registry {
		if rule.explore != nil && rule.explore(r) != nil {
			return false
		}
	}
	gc.answer = r.actual
	return coverage.Exercised(g.tool, gc.in.Value, r.actual)[p.ID()]
}

// attach gives each coverage finding its case, in its help, and the fix
// that appends every case found to ## Examples (one fix for all, so that
// --fix makes them in one pass: each would insert at the same place).
func (g *gapCases) attach() {
	if g == nil {
		return
	}
	c := g.e.c
	var all strings.Builder
	for _, p := range g.parts {
		if gc := g.found[p.ID()]; gc != nil && gc.text != "" && !strings.Contains(all.String(), gc.text) {
			all.WriteString(gc.text)
		}
	}
	var fix *Fix
	if ex := c.spec.Examples; all.Len() > 0 && ex != nil {
		edit := contract.AppendCase(c.spec.Lines, ex, strings.ReplaceAll(strings.TrimSuffix(all.String(), "\n"), "\n###", "\n\n###"))
		fix = &Fix{Title: "add the example cases explore ran (their outputs are the implementation's answers: check them)",
			Safety: ruleCoverage.Autofix, File: c.specRel, Edits: []contract.Edit{edit}, Sum: c.specSum()}
	}
	for i := range g.e.out.list {
		f := &g.e.out.list[i]
		if f.Rule != ruleCoverage.ID {
			continue
		}
		for _, p := range g.parts {
			if f.Key != "coverage:"+string(p.Kind)+p.Path {
				continue
			}
			switch gc := g.found[p.ID()]; {
			case gc == nil && g.late:
				f.Help = coverageHelp + "; explore's time ran out before it found a case that closes it"
			case gc == nil:
				f.Help = coverageHelp + "; explore found no case that closes it"
			case gc.text == "":
				f.Help = coverageHelp + "; explore's case that closes it is not proposed: " + gc.why
			default:
				f.Help = coverageHelp + "; explore ran this case (its output is the implementation's answer: check it):\n" + strings.TrimSuffix(gc.text, "\n")
				if fix != nil {
					cp := *fix
					cp.Edits = slices.Clone(fix.Edits)
					f.Fix = &cp
				}
			}
		}
	}
}
