package lint

import (
	"fmt"

	"github.com/speccify/speccify-lint/internal/tokens"
	"github.com/speccify/speccify-lint/result"
)

var ruleExploreAnswerSize = &Rule{ID: "explore-answer-size", Severity: result.SeverityWarning, Category: "explore",
	Title: "explore: an answer is too large for an agent's context",
	Doc: "An agent reads a tool's answer into its context, and a client may refuse one that is too large: Claude Code " +
		"refuses an MCP tool answer over MAX_MCP_OUTPUT_TOKENS, " + tokens.Format(tokens.DefaultBudget) + " tokens by default " +
		"(code.claude.com/docs/en/mcp, \"MCP output limits and warnings\"). To every input `speccify-lint explore` sends, " +
		"valid or not, stdout stays within the answer budget: the `max-answer-tokens` setting (--max-answer-tokens), " +
		tokens.Format(tokens.DefaultBudget) + " by default. Tokens are estimated as " + tokens.Method + " (OpenAI's rule of " +
		"thumb that a token is about 4 characters of English text, help.openai.com/en/articles/4936856; bytes, so that " +
		"text beyond ASCII counts more): deterministic, the same on every machine, not a tokenizer's count. An answer " +
		"cut at --max-output is at least that long: it is over the budget when --max-output is (and explore-crash " +
		"reports the cut); under a --max-output below the budget, nothing can be said. The finding gives the smallest input " +
		"found whose answer is over the budget (often the smallest count, limit or text that makes it grow past it): " +
		"bound what an answer may hold (a maximum on the count, a page and a cursor) or summarise. A call " +
		"(`speccify-lint call`, `speccify-lint mcp`) over the budget gets a note, not a broken promise.",
	Example: "inputs: {properties: {count: {type: integer, minimum: 0}}}\nprint(json.dumps({\"ok\": True, \"lines\": lines[:args[\"count\"]]}))",
	Fix:     "inputs: {properties: {count: {type: integer, minimum: 0, maximum: 100}, cursor: {type: string}}}\nprint(json.dumps({\"ok\": True, \"lines\": page, \"next\": cursor}))",
	explore: exploreAnswerSize, advisory: true}

// exploreAnswerSize: stdout stays within the answer budget.
func exploreAnswerSize(r *exploreRun) *violation {
	budget := int64(r.c.cfg.maxAnswerTokens())
	var n int64
	switch r.end {
	case endAnswered:
		n = int64(len(r.o.Stdout))
	case endOverflow:
		n = r.o.MaxOutput
	default:
		return nil
	}
	est := tokens.Estimate(n)
	if est <= budget {
		return nil
	}
	what := fmt.Sprintf("the answer is %s bytes, about %s tokens", tokens.Format(n), tokens.Format(est))
	if r.end == endOverflow {
		what = fmt.Sprintf("the answer passed --max-output (%s bytes), so it is at least %s tokens", tokens.Format(n), tokens.Format(est))
	}
	return &violation{how: "over budget",
		msg: fmt.Sprintf("%s, over the answer budget of %s tokens (max-answer-tokens)", what, tokens.Format(budget))}
}
