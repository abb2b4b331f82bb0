package report

import (
	"github.com/jstemmer/go-junit-report/v2/junit"
	"github.com/speccify/speccify-lint/result"
)

// counterexampleRun is the run of the counterexample a finding of the tool
// t reports (an explore finding, keyed by its input), for the details
// reports add to a finding; nil for the other findings.
func counterexampleRun(t *result.ToolResult, f result.Finding) *result.ExampleResult {
	if t.Explore == nil {
		return nil
	}
	for i := range t.Explore.Properties {
		p := &t.Explore.Properties[i]
		if ce := p.Counterexample; ce != nil && p.Rule == f.Rule && ce.Input == f.Key {
			return &ce.Run
		}
	}
	return nil
}

// staticFindings are the tool's findings but for those of the explore
// properties, which have test cases of their own.
func staticFindings(t *result.ToolResult) []result.Finding {
	if t.Explore == nil {
		return t.Findings
	}
	var out []result.Finding
	for _, f := range t.Findings {
		if counterexampleRun(t, f) == nil {
			out = append(out, f)
		}
	}
	return out
}

// propertyCases are the JUnit test cases of an explored tool: one per
// property, "explore <rule>", failed with its finding and the
// counterexample's run, or passed, or skipped with why the tool was not
// explored.
func propertyCases(t *result.ToolResult, opt Options) []junitCase {
	x := t.Explore
	if x == nil {
		return nil
	}
	var out []junitCase
	for _, p := range x.Properties {
		c := junitCase{Testcase: junit.Testcase{Name: "explore " + p.Rule, Classname: cleanLine(t.Dir)}}
		ce := p.Counterexample
		switch {
		case x.Skipped != "":
			reason := "not explored: " + cleanLine(x.Skipped)
			c.Skipped = &junit.Result{Message: reason, Data: reason}
		case ce != nil:
			run := ce.Run
			for _, f := range t.Findings {
				if f.Rule == p.Rule && f.Key == ce.Input {
					run.Findings = append(run.Findings, f)
				}
			}
			if !hasError(run.Findings) {
				// A warning or a note fails no test case, as in the
				// static checks: the finding is the case's output.
				run.Status = result.StatusPassed
			}
			e := exampleCase(t, &run, c.Name, opt)
			if run.Status == result.StatusPassed {
				e.SystemOut = &junit.Output{Data: findingLines(run.Findings) + "input: " + cleanLine(ce.Input) + "\n"}
			}
			out = append(out, e)
			continue
		}
		if !opt.JUnitStrict {
			c.File = cleanLine(t.Spec)
		}
		out = append(out, c)
	}
	return out
}

// hasError reports whether a finding is an error.
func hasError(fs []result.Finding) bool {
	for _, f := range fs {
		if f.Severity >= result.SeverityError {
			return true
		}
	}
	return false
}
