package main

import (
	"crypto/rand"
	"encoding/binary"
	"fmt"
	"strconv"
	"time"

	"github.com/speccify/speccify-lint/lint"
)

// ExploreCmd checks each tool's contract beyond its examples: the lint
// command's flags, and how many inputs, how long and from which seed.
type ExploreCmd struct {
	LintCmd `embed:""`

	Runs       int           `placeholder:"N" default:"${default_runs}" config:"-" help:"Inputs per tool (default: ${default_runs}; whichever of --runs and --time-budget ends first)."`
	TimeBudget time.Duration `placeholder:"D" default:"${default_budget}" config:"-" help:"Time per tool, shrinking included (default: ${default_budget})."`
	Seed       string        `placeholder:"S" default:"${default_seed}" config:"-" help:"Seed of the inputs: a number (default: ${default_seed}), or random; the seed used is printed on stderr and recorded in the JSON and SARIF reports."`
	Invalid    bool          `default:"true" negatable:"" config:"-" help:"Also send inputs that violate inputs, one targeted violation each (--no-invalid: only valid ones)."`
}

// Run explores, reports and sets the exit code as the lint command does.
func (c *ExploreCmd) Run(env *runEnv) error {
	if c.NoRun {
		return usageErrorf("--no-run: explore runs the implementations; use speccify-lint --no-run for static checks")
	}
	if c.Runs < 1 {
		return usageErrorf("--runs: %d; want at least 1 input per tool", c.Runs)
	}
	if c.TimeBudget <= 0 {
		return usageErrorf("--time-budget: %s; want a positive duration such as 30s", c.TimeBudget)
	}
	seed, err := parseSeed(c.Seed)
	if err != nil {
		return usageErrorf("--seed: %v", err)
	}
	fmt.Fprintf(env.stderr, "speccify-lint: explore seed %d (repeat with --seed %d)\n", seed, seed)
	return c.run(env, &lint.ExploreConfig{Runs: c.Runs, Budget: c.TimeBudget, Seed: seed, Invalid: c.Invalid})
}

// parseSeed reads --seed: a number, or random for a new one.
func parseSeed(s string) (uint64, error) {
	if s == "random" {
		var b [8]byte
		_, _ = rand.Read(b[:])
		return binary.BigEndian.Uint64(b[:]), nil
	}
	n, err := strconv.ParseUint(s, 10, 64)
	if err != nil {
		return 0, fmt.Errorf("%q is neither a number nor random", s)
	}
	return n, nil
}
