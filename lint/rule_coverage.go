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
		"gaps are not known, so the threshold is not checked and the rule says so at the field's key instead. " +
		"`speccify-lint explore` proposes the case that closes each part, in the finding's help: an input valid against " +
		"inputs that exercises it (an example's input edited, else a generated one), or one of explore's inputs whose " +
		"answer states the output key or answers ok: false, with the implementation's answer as its output, run twice " +
		"and kept only when it is a valid wire answer explore finds nothing wrong with. `explore --fix --unsafe-fixes` " +
		"appends those cases to `## Examples`; unsafe, because the outputs are the implementation's answers, not the " +
		"author's: read them before you keep them.",
	Example: "inputs:\n  properties:\n    mode: {enum: [fast, exact]}\n...\n### fast\ninput: {\"mode\": \"fast\"}\n(with coverage-threshold: 100)",
	Fix:     "### exact\ninput: {\"mode\": \"exact\"}\noutput: {\"ok\": true}",
	Autofix: result.UnsafeFix,
	static:  checkCoverage}

// coverageHelp is the help of a coverage finding; explore adds the case
// that closes the part, or why it has none.
const coverageHelp = "add an example that exercises it, or lower coverage-threshold"

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
		rep.withHelp(coverageHelp).report(at, coverageKey(p),
			"%s at %s; the examples cover %d of %d contract parts (%d%%), under coverage-threshold %d", p.What, p.Path, cov.Covered(), cov.Total(), cov.Percent(), limit)
	}
}

// coverageKey is the key of the finding of the part p.
func coverageKey(p coverage.Part) string { return "coverage:" + string(p.Kind) + p.Path }

// contractCoverage is the tool's contract coverage, measured once.
func (c *toolCheck) contractCoverage() *coverage.Coverage {
	if !c.covMeasured {
		c.covMeasured = true
		c.cov = coverage.Of(c.coverageTool())
	}
	return c.cov
}

// coverageTool is the tool as coverage measures it.
func (c *toolCheck) coverageTool() coverage.Tool {
	t := coverage.Tool{Spec: c.spec}
	inputs, outputs := c.schemas()
	if inputs != nil {
		t.Inputs = inputs.schema
	}
	if outputs != nil {
		t.Outputs = outputs.schema
	}
	return t
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
