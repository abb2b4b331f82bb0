package lint

import "strconv"

// DefaultMaxAnswerTokens is the answer budget without --max-answer-tokens:
// the default of Claude Code's MAX_MCP_OUTPUT_TOKENS, the largest MCP tool
// answer (in tokens) Claude Code accepts (code.claude.com/docs/en/mcp,
// "MCP output limits and warnings").
const DefaultMaxAnswerTokens = 25000

// bytesPerToken is the estimate's ratio: OpenAI's rule of thumb that one
// token is about 4 characters of English text ("What are tokens and how to
// count them", help.openai.com/en/articles/4936856). Counted in UTF-8
// bytes, not characters, so that text beyond ASCII, which tokenizers split
// finer, counts more.
const bytesPerToken = 4

// TokenEstimate is how the estimate is written in the documentation and in
// messages.
const TokenEstimate = "UTF-8 bytes / 4, rounded up"

// EstimateTokens is the number of tokens that text of n bytes takes in an
// agent's context, estimated as the documentation says (TokenEstimate): the
// same estimate for an answer (explore-answer-size) and for a tool
// definition (mcp-tool-size, export --format mcp --sizes). It is an
// estimate, deterministic and the same on every machine, not a tokenizer's
// count.
func EstimateTokens(n int64) int64 {
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

// DefinitionWarnTokens is the size of a tool definition, or of a tools/list
// result, above which it is a warning: 2/5 of the answer budget (10,000
// tokens with the default budget).
func DefinitionWarnTokens(budget int) int64 {
	if budget <= 0 {
		budget = DefaultMaxAnswerTokens
	}
	return int64(budget) * definitionWarnNum / definitionWarnDen
}

// maxAnswerTokens is the answer budget of the run (the default for a nil
// cfg).
func (cfg *Config) maxAnswerTokens() int {
	if cfg != nil && cfg.MaxAnswerTokens > 0 {
		return cfg.MaxAnswerTokens
	}
	return DefaultMaxAnswerTokens
}

// TokensText writes a number of tokens with thousands separators: 25,000.
func TokensText(n int64) string {
	s := strconv.FormatInt(n, 10)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
