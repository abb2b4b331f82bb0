package lint

import "slices"

// AllFindings returns every finding of the result, static and from examples,
// sorted by file, line, column and rule.
func (r *Result) AllFindings() []Finding {
	var all []Finding
	all = append(all, r.Findings...)
	for i := range r.Tools {
		t := &r.Tools[i]
		all = append(all, t.Findings...)
		for j := range t.Examples {
			all = append(all, t.Examples[j].Findings...)
		}
	}
	for i := range r.Skills {
		all = append(all, r.Skills[i].Findings...)
	}
	slices.SortStableFunc(all, CompareFindings)
	return all
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
		for _, e := range r.Tools[i].Examples {
			s.Examples++
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
