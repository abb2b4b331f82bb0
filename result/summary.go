package result

import (
	"iter"
	"slices"
)

// AllFindings returns every finding of the result, static and from examples,
// sorted by file, line, column and rule.
func (r *Result) AllFindings() []Finding {
	var all []Finding
	for f := range r.EachFinding() {
		all = append(all, *f)
	}
	slices.SortStableFunc(all, CompareFindings)
	return all
}

// EachFinding yields every finding of r in place, unsorted: the result's
// own, each tool's and its examples', each skill's, in that order; a caller
// may change them.
func (r *Result) EachFinding() iter.Seq[*Finding] {
	return func(yield func(*Finding) bool) {
		each := func(fs []Finding) bool {
			for i := range fs {
				if !yield(&fs[i]) {
					return false
				}
			}
			return true
		}
		if !each(r.Findings) {
			return
		}
		for i := range r.Tools {
			t := &r.Tools[i]
			if !each(t.Findings) {
				return
			}
			for j := range t.Examples {
				if !each(t.Examples[j].Findings) {
					return
				}
			}
		}
		for i := range r.Skills {
			if !each(r.Skills[i].Findings) {
				return
			}
		}
	}
}

// Summarize recomputes r.Summary from the tools, skills and findings.
func (r *Result) Summarize() {
	s := Summary{Tools: len(r.Tools)}
	for _, f := range r.AllFindings() {
		s.Findings++
		switch f.Severity {
		case SeverityError:
			s.Errors++
		case SeverityWarning:
			s.Warnings++
		case SeverityNote:
			s.Notes++
		}
	}
	for i := range r.Tools {
		s.Statuses.add(r.Tools[i].Status)
		if r.Tools[i].Cached {
			s.Cached++
		}
		for _, e := range r.Tools[i].Examples {
			s.Examples++
			if e.Baselined > 0 {
				s.Baselined++
				continue
			}
			switch e.Status {
			case StatusPassed:
				s.Passed++
			case StatusFailed:
				s.Failed++
			case StatusErrored:
				s.Errored++
			case StatusSkipped:
				s.Skipped++
			}
		}
	}
	r.Summary = s
}

// Fails reports whether the result has a finding at or above threshold.
// SeverityNone as threshold never fails.
func (r *Result) Fails(threshold Severity) bool {
	if threshold == SeverityNone {
		return false
	}
	for _, f := range r.AllFindings() {
		if f.Severity >= threshold {
			return true
		}
	}
	return false
}
