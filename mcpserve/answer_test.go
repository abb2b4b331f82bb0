package mcpserve

import (
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/speccify/speccify-lint/call"
	"github.com/speccify/speccify-lint/lint"
)

// TestToolResult: the tools/call result of each verdict of call.Judge:
// invalid and broken are tool errors that name each violation or broken
// promise (rule id first) and carry no structuredContent; an answer is
// structuredContent and its JSON, with isError and the error string first
// when it says ok: false.
func TestToolResult(t *testing.T) {
	tests := []struct {
		a          call.Answer
		isError    bool
		text       string
		structured bool
	}{
		{call.Answer{Verdict: call.VerdictInvalid, Invalid: []lint.Violation{{Path: "$.n", Message: "got string, want integer"}}},
			true, "the arguments violate inputs; the tool was not started:\n$.n: got string, want integer", false},
		{call.Answer{Verdict: call.VerdictBroken, Broken: []lint.Broken{{Rule: "explore-crash", Message: "killed"}, {Rule: "explore-stdout", Message: "no JSON"}}},
			true, "the tool broke its contract:\nexplore-crash: killed\nexplore-stdout: no JSON", false},
		{call.Answer{Verdict: call.VerdictOK, Output: map[string]any{"ok": true, "n": 2}},
			false, `{"n":2,"ok":true}`, true},
		{call.Answer{Verdict: call.VerdictNotOK, Output: map[string]any{"ok": false, "error": "zero"}, Error: "zero"},
			true, "zero\n" + `{"error":"zero","ok":false}`, true},
		{call.Answer{Verdict: call.VerdictNotOK, Output: map[string]any{"ok": false}},
			true, `{"ok":false}`, true},
	}
	for _, tt := range tests {
		t.Run(tt.a.Verdict, func(t *testing.T) {
			res, err := toolResult(tt.a)
			if err != nil {
				t.Fatal(err)
			}
			if res.IsError != tt.isError || textOf(res) != tt.text || (res.StructuredContent != nil) != tt.structured {
				t.Errorf("got isError %v, %q, structuredContent %v; want %v, %q, %v", res.IsError, textOf(res), res.StructuredContent, tt.isError, tt.text, tt.structured)
			}
		})
	}
}

func textOf(res *mcp.CallToolResult) string {
	var parts []string
	for _, c := range res.Content {
		if tc, ok := c.(*mcp.TextContent); ok {
			parts = append(parts, tc.Text)
		}
	}
	return strings.Join(parts, "\n")
}
