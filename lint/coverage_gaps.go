package lint

import (
	"context"
	"slices"
	"time"

	"github.com/speccify/speccify-lint/contract"
	"github.com/speccify/speccify-lint/coverage"
	"github.com/speccify/speccify-lint/explore"
	"github.com/speccify/speccify-lint/result"
)

// gapCases is the glue of explore.GapSearch, the search of the cases that
// close the parts of a tool's contract its coverage findings name: the
// prober hands it its runs (observe), the search's inputs run through the
// prober and are judged by every explore rule (close), and each finding
// gets its case in its help and the unsafe fix that appends the cases to
// ## Examples (attach).
type gapCases struct {
	e *exploration
	s *explore.GapSearch
	// parts are those of the coverage findings, by finding key.
	parts map[string]coverage.Part
}

// newGapCases is the search of the tool's coverage findings' cases; nil
// when it has none.
func newGapCases(e *exploration) *gapCases {
	cov := e.c.contractCoverage()
	if cov == nil {
		return nil
	}
	g := &gapCases{e: e, parts: map[string]coverage.Part{}}
	var parts []coverage.Part
	for _, p := range cov.Uncovered() {
		key := coverageKey(p)
		if slices.ContainsFunc(e.out.list, func(f result.Finding) bool { return f.Rule == ruleCoverage.ID && f.Key == key }) {
			g.parts[key] = p
			parts = append(parts, p)
		}
	}
	if len(parts) == 0 {
		return nil
	}
	g.s = explore.NewGapSearch(e.c.coverageTool(), parts)
	return g
}

// observe hands the search r, when it answered with one JSON object.
func (g *gapCases) observe(r *exploreRun) {
	if g != nil && r.end == endAnswered {
		g.s.Observe(r.in, r.actual)
	}
}

// close runs the search's inputs through pr until the deadline; a case's
// answer counts when it answers twice the same JSON object and breaks no
// explore property (enabled or not). late says that the deadline ended
// explore's own runs.
func (g *gapCases) close(ctx context.Context, src explore.Source, seed uint64, deadline time.Time, pr *prober, late bool) {
	if g == nil {
		return
	}
	var titles []string
	for _, cs := range g.e.c.cases() {
		titles = append(titles, cs.Title)
	}
	run := func(in explore.Input) { pr.Run(in, false, explore.Pace{}) }
	confirm := func(in explore.Input) (any, bool) {
		r, _ := pr.Run(in, true, explore.Pace{})
		ok := r.end == endAnswered && r.actual != nil && r.again != nil
		for _, rule := range registry {
			ok = ok && (rule.explore == nil || rule.explore(r) == nil)
		}
		return r.actual, ok
	}
	over := func() bool { return !time.Now().Before(deadline) || ctx.Err() != nil }
	g.s.Close(src, seed, titles, run, confirm, over, late)
	// What the deadline cut short depends on the machine's speed: the
	// result cache stores none of it.
	g.e.timed = g.e.timed || g.s.Late
}

// attach gives each coverage finding its case, in its help, and the fix
// that appends every case found to ## Examples: one fix for all, so that
// --fix makes them in one pass (each would insert at the same place).
func (g *gapCases) attach() {
	if g == nil {
		return
	}
	c := g.e.c
	var fix *result.Fix
	if all := g.s.Cases(); all != "" && c.spec.Examples != nil {
		fix = &result.Fix{Title: "add the example cases explore ran (their outputs are the implementation's answers: check them)",
			Safety: ruleCoverage.Autofix, File: c.specRel, Sum: c.specSum(),
			Edits: []contract.Edit{contract.AppendCase(c.spec.Lines, c.spec.Examples, all)}}
	}
	for i := range g.e.out.list {
		f := &g.e.out.list[i]
		p, ok := g.parts[f.Key]
		if f.Rule != ruleCoverage.ID || !ok {
			continue
		}
		switch gc := g.s.Case(p.ID()); {
		case gc == nil && g.s.Late:
			f.Help = coverageHelp + "; explore's time ran out before it found a case that closes it"
		case gc == nil:
			f.Help = coverageHelp + "; explore found no case that closes it"
		case gc.Text == "":
			f.Help = coverageHelp + "; explore's case that closes it is not proposed: " + gc.Why
		default:
			f.Help = coverageHelp + "; explore ran this case (its output is the implementation's answer: check it):\n" + gc.Text[:len(gc.Text)-1]
			if fix != nil {
				cp := *fix
				cp.Edits = slices.Clone(fix.Edits)
				f.Fix = &cp
			}
		}
	}
}
