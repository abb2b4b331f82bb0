package main

import (
	"testing"

	"github.com/speccify/speccify-lint/lint"
	"github.com/speccify/speccify-lint/result"
)

// TestProgressText: the status line counts examples in a lint run, and
// inputs and the findings of the tools done in an explore run; it names the
// tools running now.
func TestProgressText(t *testing.T) {
	done := &result.ToolResult{Dir: "a", Findings: []result.Finding{{Rule: "r"}},
		Examples: []result.ExampleResult{{Findings: []result.Finding{{Rule: "r"}}}, {}}}
	events := []lint.Progress{
		{Kind: lint.ToolStarted, Tool: "a"},
		{Kind: lint.ToolStarted, Tool: "b"},
		{Kind: lint.ExampleDone, Tool: "a", Status: result.StatusPassed},
		{Kind: lint.ExampleDone, Tool: "a", Status: result.StatusFailed},
		{Kind: lint.InputDone, Tool: "a"},
		{Kind: lint.InputDone, Tool: "b"},
		{Kind: lint.InputDone, Tool: "a"},
		{Kind: lint.ToolDone, Tool: "a", Result: done},
	}
	for _, c := range []struct {
		explore bool
		want    string
	}{
		{false, "1/12 tools, examples: 1 passed, 1 failed, running b"},
		{true, "1/12 tools, 3 inputs, 2 findings, running b"},
	} {
		p := &progressLine{width: 100, total: 12, explore: c.explore}
		for _, e := range events {
			p.event(e)
		}
		if got := p.text(); got != c.want {
			t.Errorf("explore %v: %q, want %q", c.explore, got, c.want)
		}
	}
	p := &progressLine{width: 100, total: 2, explore: true}
	p.event(lint.Progress{Kind: lint.InputDone, Tool: "a"})
	if got, want := p.text(), "0/2 tools, 1 input, 0 findings"; got != want {
		t.Errorf("%q, want %q", got, want)
	}
}
