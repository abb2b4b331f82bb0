package main

import (
	"io"
	"math"
	"os"
	"runtime/debug"
	"testing"

	"github.com/speccify/speccify-lint/internal/gcbudget"
)

// gcPercent is the collector's target now.
func gcPercent() int {
	p := debug.SetGCPercent(-1)
	debug.SetGCPercent(p)
	return p
}

// TestCollectorPerCommand: a batch command runs with gcbudget.Percent, the
// long-lived servers with Go's default target and no soft memory limit,
// whichever ran before them in the process; and the servers' names are
// commands of the CLI, so that renaming one cannot make it a batch run.
func TestCollectorPerCommand(t *testing.T) {
	if os.Getenv("GOGC") != "" || os.Getenv("GOMEMLIMIT") != "" {
		t.Skip("GOGC or GOMEMLIMIT is set: the environment decides")
	}
	defer debug.SetGCPercent(debug.SetGCPercent(gcbudget.DefaultPercent))
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(math.MaxInt64))

	if code := run([]string{"version"}, io.Discard, io.Discard); code != 0 {
		t.Fatalf("version exited %d", code)
	}
	if got := gcPercent(); got != gcbudget.Percent {
		t.Errorf("after the version command GOGC is %d, want %d", got, gcbudget.Percent)
	}
	for _, name := range []string{"server", "mcp"} {
		setCollector("lint")
		debug.SetMemoryLimit(64 << 20) // as a lint before it sets
		setCollector(name)
		if got := gcPercent(); got != gcbudget.DefaultPercent {
			t.Errorf("%s: GOGC %d, want %d", name, got, gcbudget.DefaultPercent)
		}
		if got := debug.SetMemoryLimit(-1); got != math.MaxInt64 {
			t.Errorf("%s: soft memory limit %d, want none", name, got)
		}
	}
	for _, name := range []string{"lint", "explore", "call", "export", "diff", "merge"} {
		setCollector("server")
		setCollector(name)
		if got := gcPercent(); got != gcbudget.Percent {
			t.Errorf("%s: GOGC %d, want %d", name, got, gcbudget.Percent)
		}
	}

	parser, _, err := newParser(&runEnv{stdout: io.Discard, stderr: io.Discard}, nil)
	if err != nil {
		t.Fatal(err)
	}
	commands := map[string]bool{}
	for _, c := range parser.Model.Children {
		commands[c.Name] = true
	}
	for _, name := range []string{"server", "mcp", "lint", "explore"} {
		if !commands[name] {
			t.Errorf("%s is not a command of the CLI; setCollector names it", name)
		}
	}
}
