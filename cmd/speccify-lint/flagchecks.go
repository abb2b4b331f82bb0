package main

import (
	"fmt"
	"strings"
	"time"

	"github.com/speccify/speccify-lint/discover"
	"github.com/speccify/speccify-lint/internal/suggest"
	"github.com/speccify/speccify-lint/internal/tokens"
	"github.com/speccify/speccify-lint/lint"
)

// flagCheck is one flag's value checked: the flag as the user writes it
// and what is wrong with its value (nil when nothing is).
type flagCheck struct {
	flag string
	err  error
}

// checkFlags is the first failed check of checks as a usage error that
// names its flag: one error, of the first flag in the order given.
func checkFlags(checks ...flagCheck) error {
	for _, c := range checks {
		if c.err != nil {
			return usageErrorf("%s: %v", c.flag, c.err)
		}
	}
	return nil
}

// runFlagChecks are the checks of the flags that say how a tool runs,
// which lint, explore, call, export and mcp share: one table, so that each
// command refuses the same values with the same words (the configuration
// file's settings are checked by the same functions, checkSetting). A
// command without --jobs passes 0.
func runFlagChecks(platform string, jobs int, timeout time.Duration, maxAnswerTokens int) []flagCheck {
	return []flagCheck{
		{"--platform", checkPlatform(platform)},
		{"--jobs", checkJobs(jobs)},
		{"--timeout", checkTimeout(timeout)},
		{"--max-answer-tokens", checkMaxAnswerTokens(maxAnswerTokens)},
	}
}

// checkJobs rejects a negative --jobs; 0 is the number of CPUs.
func checkJobs(n int) error {
	if n < 0 {
		return fmt.Errorf("%d is negative; want a number of tools at once, or 0 for the number of CPUs", n)
	}
	return nil
}

// checkMaxAnswerTokens rejects a --max-answer-tokens below 1: an answer
// budget of no tokens or fewer has no meaning.
func checkMaxAnswerTokens(n int) error {
	if n < 1 {
		return fmt.Errorf("%d is below 1; want a number of tokens such as %d", n, tokens.DefaultBudget)
	}
	return nil
}

// checkCoverageThreshold rejects a --coverage-threshold outside 0 to 100:
// it is a percentage of a contract's parts (0 turns the rule off).
func checkCoverageThreshold(n int) error {
	if n < 0 || n > 100 {
		return fmt.Errorf("%d is not a percentage; want 1 to 100, or 0 to turn the coverage rule off", n)
	}
	return nil
}

// checkTimeout rejects a negative --timeout, which would otherwise be
// taken as the default; 0 is the default (lint.Config.Timeout).
func checkTimeout(d time.Duration) error {
	if d < 0 {
		return fmt.Errorf("%s is negative; want a time limit such as 30s, or 0 for the default (%s)", d, lint.DefaultTimeoutText)
	}
	return nil
}

// checkPlatform rejects a --platform that names no platform; empty is this
// machine's.
func checkPlatform(name string) error {
	if name == "" || discover.IsPlatform(name) {
		return nil
	}
	known := strings.Join(discover.Platforms, ", ")
	if near := suggest.Nearest(name, discover.Platforms); near != "" {
		return fmt.Errorf("unknown platform %q; did you mean %s? (known: %s)", name, near, known)
	}
	return fmt.Errorf("unknown platform %q (known: %s)", name, known)
}
