package lint

import (
	"slices"

	"github.com/speccify/speccify-lint/result"
)

// judgesContract reports whether an error of the rule makes the contract
// invalid (ToolInvalidSpec): the rules of the contract, its schemas, its
// examples and the fixtures they name, not those of the implementations,
// the runs, explore or drift.
func (r *Rule) judgesContract() bool {
	return slices.Contains([]string{"contract", "schemas", "examples", "fixtures"}, r.Category)
}

// toolStatus is the status of a tool whose checks and runs are done, tr
// its result with every finding: the first of ToolStatuses that holds.
// It is empty when nothing judged the tool as a whole: with the examples
// not run (--no-run) once the contract's checks are passed, or when no
// example ran (the run was interrupted, or every example was skipped for a
// reason no status names, such as two implementations for the platform
// with implementation-duplicate disabled).
func (j *toolJob) toolStatus(tr *result.ToolResult, interrupted bool) result.ToolStatus {
	c := j.c
	if !j.checked || c.folder == nil || c.spec.Frontmatter == nil || (c.spec.Split.HasFrontmatter && !c.spec.Split.Closed) {
		return result.ToolInvalidSpec
	}
	if c.spec.Examples == nil || len(c.spec.Examples.Cases) == 0 {
		return result.ToolNoExamples
	}
	if slices.ContainsFunc(tr.Findings, func(f result.Finding) bool {
		r := RuleByID(f.Rule)
		return f.Severity == result.SeverityError && r != nil && r.judgesContract()
	}) {
		return result.ToolInvalidSpec
	}
	if len(c.folder.Implementations) == 0 {
		return result.ToolNotImplemented
	}
	platform := c.cfg.Platform
	if declared := values(c.spec.Frontmatter.Platforms); len(declared) > 0 && !slices.Contains(declared, platform) ||
		len(c.folder.ImplementationsFor(platform)) == 0 {
		return result.ToolNotApplicable
	}
	running := c.cfg.Run || c.cfg.Explore != nil
	if !running {
		return ""
	}
	if len(c.runPlan().missing) > 0 {
		return result.ToolMissingRequirement
	}
	if tr.Failed() {
		return result.ToolFailed
	}
	return tr.RunStatus(interrupted)
}
