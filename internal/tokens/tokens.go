// Package tokens is the one estimate of how many tokens a text takes in an
// agent's context, and the budget it is measured against: the same for an
// answer (explore-answer-size), a tool definition (mcp-tool-size) and
// `export --format mcp --sizes`. It is an estimate, deterministic and the
// same on every machine, not a tokenizer's count.
package tokens

import "strconv"

// DefaultBudget is the answer budget without --max-answer-tokens: the
// default of Claude Code's MAX_MCP_OUTPUT_TOKENS, the largest MCP tool
// answer (in tokens) Claude Code accepts (code.claude.com/docs/en/mcp,
// "MCP output limits and warnings").
const DefaultBudget = 25000

// bytesPerToken is the estimate's ratio: OpenAI's rule of thumb that one
// token is about 4 characters of English text ("What are tokens and how to
// count them", help.openai.com/en/articles/4936856). Counted in UTF-8
// bytes, not characters, so that text beyond ASCII, which tokenizers split
// finer, counts more.
const bytesPerToken = 4

// Method is how the estimate is written in the documentation and in
// messages.
const Method = "UTF-8 bytes / 4, rounded up"

// Estimate is the number of tokens that text of n bytes takes in an
// agent's context, estimated as the documentation says (Method).
func Estimate(n int64) int64 {
	if n <= 0 {
		return 0
	}
	return (n + bytesPerToken - 1) / bytesPerToken
}

// definitionWarnShare is the share of the answer budget above which a tool
// definition, or the whole tool list, is worth a warning: 2/5, the ratio of
// Claude Code's warning for one MCP output (10,000 tokens) to its cap
// (25,000, MAX_MCP_OUTPUT_TOKENS's default). The definitions of every tool
// enter the agent's context on every turn, before any answer.
const (
	definitionWarnNum = 2
	definitionWarnDen = 5
)

// DefinitionWarnShare is the share of the answer budget over which a
// definition is a warning, as messages write it: "2/5".
var DefinitionWarnShare = strconv.Itoa(definitionWarnNum) + "/" + strconv.Itoa(definitionWarnDen)

// DefinitionWarn is the size of a tool definition, or of a tools/list
// result, above which it is a warning: 2/5 of the answer budget (10,000
// tokens with the default budget; a budget of 0 or less is the default).
func DefinitionWarn(budget int) int64 {
	if budget <= 0 {
		budget = DefaultBudget
	}
	return int64(budget) * definitionWarnNum / definitionWarnDen
}

// Format writes a number (of tokens, of bytes) with thousands separators:
// 25,000.
func Format(n int64) string {
	s := strconv.FormatInt(n, 10)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
