package result

import "slices"

// ToolStatus is the verdict on one tool as a whole, the status the
// convention's reference implementation reports per tool: whether its
// examples ran here and passed, and when they did not run, why.
type ToolStatus string

// The tool statuses, in the order of their precedence: when several hold,
// a tool has the first (see toolStatus). The order goes from what holds on
// every platform and machine (the contract) to what holds here (the
// platform, the machine's PATH) to what the run found.
const (
	// ToolNoExamples: the contract was read and has no example case, so
	// nothing can verify the tool anywhere.
	ToolNoExamples ToolStatus = "no-examples"
	// ToolInvalidSpec: TOOL.md could not be read, or a check of the
	// contract reported an error (a rule of the categories contract,
	// schemas, examples or fixtures, at the severity the configuration
	// gives it).
	ToolInvalidSpec ToolStatus = "invalid-spec"
	// ToolNotImplemented: the tool folder has no implementation at all.
	ToolNotImplemented ToolStatus = "not-implemented"
	// ToolNotApplicable: the tool has implementations, but not for this
	// run's platform, or platforms leaves the platform out.
	ToolNotApplicable ToolStatus = "not-applicable"
	// ToolMissingRequirement: an executable requires names is not on
	// PATH, so the examples did not run.
	ToolMissingRequirement ToolStatus = "missing-requirement"
	// ToolFailed: an example failed or errored (explore: a property
	// failed), or another check reported an error.
	ToolFailed ToolStatus = "failed"
	// ToolPassed: the examples ran (explore: the tool was explored) and
	// nothing is an error.
	ToolPassed ToolStatus = "passed"
)

// ToolStatuses are the tool statuses in the order of their precedence.
var ToolStatuses = []ToolStatus{ToolNoExamples, ToolInvalidSpec, ToolNotImplemented, ToolNotApplicable,
	ToolMissingRequirement, ToolFailed, ToolPassed}

// Unverified reports whether a tool of this status was not verified where
// it could have been: no examples, no implementation, or a requirement
// missing on this machine. --require-run fails on it; not-applicable (the
// tool is not for this platform) never does.
func (s ToolStatus) Unverified() bool {
	return s == ToolNoExamples || s == ToolNotImplemented || s == ToolMissingRequirement
}

// StatusCounts counts the tools of each status; a tool without a status
// (see ToolResult.Status) is not counted.
type StatusCounts struct {
	NoExamples         int `json:"no-examples"`
	InvalidSpec        int `json:"invalid-spec"`
	NotImplemented     int `json:"not-implemented"`
	NotApplicable      int `json:"not-applicable"`
	MissingRequirement int `json:"missing-requirement"`
	Failed             int `json:"failed"`
	Passed             int `json:"passed"`
}

// count points at the counter of status s; nil for no status.
func (c *StatusCounts) count(s ToolStatus) *int {
	switch s {
	case ToolNoExamples:
		return &c.NoExamples
	case ToolInvalidSpec:
		return &c.InvalidSpec
	case ToolNotImplemented:
		return &c.NotImplemented
	case ToolNotApplicable:
		return &c.NotApplicable
	case ToolMissingRequirement:
		return &c.MissingRequirement
	case ToolFailed:
		return &c.Failed
	case ToolPassed:
		return &c.Passed
	}
	return nil
}

// Of is how many tools have status s.
func (c StatusCounts) Of(s ToolStatus) int {
	if n := c.count(s); n != nil {
		return *n
	}
	return 0
}

// add counts one tool of status s.
func (c *StatusCounts) add(s ToolStatus) {
	if n := c.count(s); n != nil {
		*n++
	}
}

// Unverified returns the tools of r whose status is Unverified, in r's
// order: what --require-run fails on.
func (r *Result) Unverified() []*ToolResult {
	var out []*ToolResult
	for i := range r.Tools {
		if r.Tools[i].Status.Unverified() {
			out = append(out, &r.Tools[i])
		}
	}
	return out
}

// RunStatus is the status of a tool past every other one, which nothing
// fails: passed when it was explored or an example ran, none when nothing
// ran or the run was interrupted before its examples did.
func (tr *ToolResult) RunStatus(interrupted bool) ToolStatus {
	if x := tr.Explore; x != nil {
		if x.Skipped == "" && !interrupted {
			return ToolPassed
		}
		return ""
	}
	ran := false
	for i := range tr.Examples {
		switch tr.Examples[i].Status {
		case StatusPassed:
			ran = true
		case StatusSkipped:
			if interrupted {
				return ""
			}
		}
	}
	if ran {
		return ToolPassed
	}
	return ""
}

// Rejudge decides again the status of a failed tool once a caller took
// findings out of its result (report.Baseline: what a baseline records
// fails no example, and so no tool): a tool that nothing fails any more
// has the status of its runs (passed, or none when nothing ran). The
// statuses before failed in ToolStatuses stand: the contract, the platform
// and the machine decide them, whatever a report leaves out. interrupted
// is whether the run was (Result.Interrupted).
func (t *ToolResult) Rejudge(interrupted bool) {
	if t.Status == ToolFailed && !t.Failed() {
		t.Status = t.RunStatus(interrupted)
	}
}

// Failed reports whether a tool's result fails it: an example failed or
// errored, a property failed, or a finding is an error.
func (tr *ToolResult) Failed() bool {
	isError := func(f Finding) bool { return f.Severity == SeverityError }
	if slices.ContainsFunc(tr.Findings, isError) {
		return true
	}
	for i := range tr.Examples {
		e := &tr.Examples[i]
		if e.Status == StatusFailed || e.Status == StatusErrored || slices.ContainsFunc(e.Findings, isError) {
			return true
		}
	}
	if x := tr.Explore; x != nil {
		for _, p := range x.Properties {
			if p.Status == StatusFailed {
				return true
			}
		}
	}
	return false
}
