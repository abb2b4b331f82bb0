package lint

import (
	"strings"

	"github.com/speccify/speccify-lint/internal/jsonexact"
	"github.com/speccify/speccify-lint/internal/tokens"
	"github.com/speccify/speccify-lint/result"
)

var ruleMCPToolSize = &Rule{ID: "mcp-tool-size", Severity: result.SeverityWarning, Category: "contract",
	Title: "the MCP tool definition is too large for an agent's context",
	Doc: "An MCP client puts the definition of every tool a server lists (name, description, `inputSchema`, " +
		"`outputSchema`: what `speccify-lint export --format mcp` prints) into the agent's context, on every turn, " +
		"before any answer. A definition larger than " + tokens.DefinitionWarnShare +
		" of the answer budget (the `max-answer-tokens` setting, " + tokens.Format(tokens.DefaultBudget) + " tokens by default, " +
		"Claude Code's MAX_MCP_OUTPUT_TOKENS), " + tokens.Format(tokens.DefinitionWarn(tokens.DefaultBudget)) + " tokens by " +
		"default, is a warning: " + tokens.DefinitionWarnShare + " is the ratio of " +
		"the size at which Claude Code warns of one MCP output (10,000 tokens) to the size it refuses " +
		"(code.claude.com/docs/en/mcp, \"MCP output limits and warnings\"), so one tool's definition alone is as " +
		"large as an answer Claude Code warns of. The size is the definition's JSON as an MCP server sends it (compact, " +
		"the schemas with their file `$ref`s inlined, without annotations), in tokens estimated as " + tokens.Method +
		", the estimate of explore-answer-size; `speccify-lint export --format mcp --sizes` prints each definition's " +
		"size and the tool list's, and warns when the list is over the same threshold. The finding is at the largest of " +
		"`description`, `inputs` and `outputs`: shorten the description, move long prose out of the schemas' " +
		"descriptions, or split the tool. It does not keep a tool out of the export.",
	Example: "description: |\n  (a manual of 60,000 characters)",
	Fix:     "description: Reads a CSV file and returns its rows as objects.",
	static:  checkMCPToolSize}

// checkMCPToolSize: the contract's MCP tool definition is within
// DefinitionWarnTokens of the answer budget.
func checkMCPToolSize(c *toolCheck, rep reporter) {
	fm := c.fields()
	if fm == nil {
		return
	}
	ins, outs := c.schemas()
	if ins == nil || outs == nil || ins.schema == nil || outs.schema == nil {
		return // missing or not compiling: other rules say so
	}
	in, issues := ins.schema.Inline()
	out, issues2 := outs.schema.Inline()
	if len(issues)+len(issues2) > 0 {
		return // mcp-tool's finding: no definition to measure
	}
	description := strings.TrimSpace(fm.Description.Value)
	size := DefinitionBytes(fm.Name.Value, description, in, out)
	est, limit := tokens.Estimate(size), tokens.DefinitionWarn(c.cfg.maxAnswerTokens())
	if est <= limit {
		return
	}
	// The largest part: where the text to cut is.
	at, part, largest := over(ins.field.Key.Span), "inputs", jsonBytes(in)
	if n := jsonBytes(out); n > largest {
		at, part, largest = over(outs.field.Key.Span), "outputs", n
	}
	if k := fm.Key("description"); k != nil {
		if n := jsonBytes(description); n > largest {
			at, part, largest = over(k.Span), "description", n
		}
	}
	rep.withHelp("shorten the description, move long prose out of the schemas, or split the tool; or raise max-answer-tokens if your clients allow more").
		report(at, "size", "the MCP tool definition is about %s tokens (%s bytes of JSON), over %s (%s of max-answer-tokens %s); %s is %s bytes of it",
			tokens.Format(est), tokens.Format(size), tokens.Format(limit), tokens.DefinitionWarnShare,
			tokens.Format(int64(c.cfg.maxAnswerTokens())), part, tokens.Format(largest))
}

// mcpDefinition is the JSON shape of an MCP tool definition without its
// annotations, as package mcptool writes its Tool: the fields in the
// specification's order.
type mcpDefinition struct {
	Name         string `json:"name"`
	Description  string `json:"description,omitempty"`
	InputSchema  any    `json:"inputSchema"`
	OutputSchema any    `json:"outputSchema,omitempty"`
}

// DefinitionBytes is the size in bytes of the MCP tool definition of a
// tool with this name, description and (inlined) schemas: its compact
// JSON, as an MCP server sends it, without annotations. mcp-tool-size and
// export --format mcp --sizes measure a definition with it.
func DefinitionBytes(name, description string, in, out any) int64 {
	return jsonBytes(mcpDefinition{Name: name, Description: description, InputSchema: in, OutputSchema: out})
}

// jsonBytes is the size of v's compact JSON (jsonexact.CompactSize).
func jsonBytes(v any) int64 { return jsonexact.CompactSize(v) }
