package lint

import (
	"github.com/speccify/speccify-lint/contract"
	"github.com/speccify/speccify-lint/coverage"
	"github.com/speccify/speccify-lint/result"
)

var ruleCoverage = &Rule{ID: "coverage", Severity: result.SeverityWarning, Category: "examples",
	Title: "the examples leave parts of the contract unexercised",
	Doc: "Off unless the `coverage-threshold` setting (--coverage-threshold, a percentage) is set. The examples " +
		"are the contract's tests and its documentation for the agent: when they exercise less of the contract than " +
		"the threshold, each part they leave out is a finding at its schema keyword. The parts: each input property " +
		"given and, when optional, left out; each enum value and const; each oneOf/anyOf branch and if/then/else arm; " +
		"each output key some example states; the ok: false path (the JSON report's coverage lists them for every " +
		"tool, with or without the rule). Add an example that exercises the part, or lower the threshold. A coverage " +
		"that a bound of its walk cut short (" + coverage.Bounds + ") is not measured in full: its percentage and its " +
		"gaps are not known, so the threshold is not checked and the rule says so at the field's key instead.",
	Example: "inputs:\n  properties:\n    mode: {enum: [fast, exact]}\n...\n### fast\ninput: {\"mode\": \"fast\"}\n(with coverage-threshold: 100)",
	Fix:     "### exact\ninput: {\"mode\": \"exact\"}\noutput: {\"ok\": true}",
	static:  checkCoverage}

// checkCoverage reports each uncovered part of a tool whose coverage is
// under the threshold; for a coverage measured in part, each field cut
// short instead: its percentage is not known, nor its gaps.
func checkCoverage(c *toolCheck, rep reporter) {
	cov := c.contractCoverage()
	limit := c.cfg.CoverageThreshold
	if cov == nil || limit <= 0 {
		return
	}
	for _, cut := range cov.Cuts {
		rep.withHelp("coverage-threshold is checked on a coverage measured in full").report(over(cut.Span), "coverage:partial/"+cut.Field,
			"the contract coverage of %s is not measured in full: %s; coverage-threshold %d is not checked", cut.Field, cut.Why, limit)
	}
	if cov.Partial() || cov.Percent() >= limit {
		return
	}
	for _, p := range cov.Uncovered() {
		at := atPos(p.Pos)
		if p.Span != (contract.Span{}) {
			at = over(p.Span)
		}
		rep.withHelp("add an example that exercises it, or lower coverage-threshold").report(at, "coverage:"+string(p.Kind)+p.Path,
			"%s at %s; the examples cover %d of %d contract parts (%d%%), under coverage-threshold %d", p.What, p.Path, cov.Covered(), cov.Total(), cov.Percent(), limit)
	}
}

// contractCoverage is the tool's contract coverage, measured once.
func (c *toolCheck) contractCoverage() *coverage.Coverage {
	if !c.covMeasured {
		c.covMeasured = true
		t := coverage.Tool{Spec: c.spec}
		inputs, outputs := c.schemas()
		if inputs != nil {
			t.Inputs = inputs.schema
		}
		if outputs != nil {
			t.Outputs = outputs.schema
		}
		c.cov = coverage.Of(t)
	}
	return c.cov
}

// coverageResult is ToolResult.Coverage.
func (c *toolCheck) coverageResult() *result.ToolCoverage {
	cov := c.contractCoverage()
	if cov == nil {
		return nil
	}
	tc := &result.ToolCoverage{Covered: cov.Covered(), Total: cov.Total(), Partial: cov.Partial()}
	for _, p := range cov.Uncovered() {
		tc.Uncovered = append(tc.Uncovered, result.CoveragePart{Kind: string(p.Kind), Path: p.Path, Line: p.Pos.Line, Column: p.Pos.Column})
	}
	return tc
}
