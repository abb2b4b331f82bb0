package mcptool

import (
	"fmt"
	"io"

	"github.com/speccify/speccify-lint/internal/jsonexact"
	"github.com/speccify/speccify-lint/internal/tokens"
	"github.com/speccify/speccify-lint/report"
)

// Size is the size in bytes of the definition as an MCP server sends it:
// its compact JSON. Without annotations it is lint.DefinitionBytes of its
// fields, what the rule mcp-tool-size measures.
func (t Tool) Size() int64 { return compactSize(t) }

// Size is the size in bytes of the tools/list result as an MCP server
// sends it: its compact JSON.
func (r ListResult) Size() int64 { return compactSize(r) }

// compactSize is the size of v's compact JSON, HTML characters not
// escaped; 0 when it does not encode.
func compactSize(v any) int64 { return jsonexact.CompactSize(v) }

// WriteSizes writes, one line each, every definition's size and the tool
// list's, in bytes and in tokens as tokens.Estimate estimates them
// (export --format mcp --sizes).
func WriteSizes(w io.Writer, res ListResult) {
	for _, t := range res.Tools {
		n := t.Size()
		fmt.Fprintf(w, "speccify-lint: export: size: %s: %s bytes, about %s tokens\n", t.Name, tokens.Format(n), tokens.Format(tokens.Estimate(n)))
	}
	n := res.Size()
	fmt.Fprintf(w, "speccify-lint: export: size: the tool list (%s): %s bytes, about %s tokens\n", report.Plural(len(res.Tools), "tool"), tokens.Format(n), tokens.Format(tokens.Estimate(n)))
}

// SizeWarning is the warning that the tool list is over
// tokens.DefinitionWarn of the answer budget budget (0: the default),
// "" when it is not.
func SizeWarning(res ListResult, budget int) string {
	if budget <= 0 {
		budget = tokens.DefaultBudget
	}
	n := res.Size()
	est, limit := tokens.Estimate(n), tokens.DefinitionWarn(budget)
	if est <= limit {
		return ""
	}
	return fmt.Sprintf("the tool list is about %s tokens (%s bytes of JSON), over %s (%s of max-answer-tokens %s): an agent's context holds it on every turn (see the rule mcp-tool-size)",
		tokens.Format(est), tokens.Format(n), tokens.Format(limit), tokens.DefinitionWarnShare, tokens.Format(int64(budget)))
}
