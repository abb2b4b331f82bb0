// Package gcbudget is how speccify-lint collects garbage: for a batch run
// (lint, explore, call, ...) the collector's target and the soft memory limit
// it sets itself for the number of tool folders it checks; for a long-lived
// server (server, mcp) Go's defaults. The CLI applies it per command, and
// scripts/libfloor, the floor the benchmarks measure the CLI against,
// applies the batch settings.
package gcbudget

import (
	"math"
	"os"
	"runtime/debug"
)

// Percent is the garbage collector's target (GOGC) for a run, unless the
// environment sets GOGC. A run is short and allocates far more than it keeps
// (about 160 KB per tool, of which about 2 KB stays in the result), so with
// Go's default of 100 it collects every few dozen tools and spends about a
// fifth of its CPU time doing so. At 300 the collector runs a third as often.
const Percent = 300

// Memory budget: the soft limit (GOMEMLIMIT) a run sets itself once it knows
// how many tool folders it checks, unless the environment sets GOMEMLIMIT.
// With GOGC at 300 the heap may grow to four times what the last collection
// found in use, and a fast run finds much in use that is garbage a moment
// later, so 10,000 tools peaked at 124 MiB of RSS without a limit. Under the
// limit the collector runs earlier instead: 10,000 tools stay under 64 MiB
// (issue 20), for about a tenth more CPU time now that a run keeps little
// while it checks (the walk's listings, names and types, about 0.3 KiB a
// tool until each is checked: discover.Entry; the compiled schemas two
// tools share: contract/schemacache.go; and the results, whose skipped
// examples stay compact until the end: lint/skipped.go; about 1.7 KiB a
// tool once they are assembled). The limit grows with the number of tools
// so that it stays well above that: a limit below what a run keeps would
// make the collector run all the time.
const (
	memoryFloor   = 48 << 20
	memoryBase    = 24 << 20
	memoryPerTool = 5 << 9 // 2.5 KiB
)

// Budget is the soft memory limit for a run over tools tool folders.
func Budget(tools int) int64 {
	return max(memoryFloor, memoryBase+int64(tools)*memoryPerTool)
}

// SetPercent sets the collector's target to Percent, unless GOGC is set.
func SetPercent() {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(Percent)
	}
}

// SetLimit sets the soft memory limit for a run over tools tool folders
// (Budget), unless GOMEMLIMIT is set.
func SetLimit(tools int) {
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(Budget(tools))
	}
}

// DefaultPercent is Go's own collector target (GOGC unset), which a
// long-lived server keeps.
const DefaultPercent = 100

// SetLongLived sets the collector of a long-lived server (the language
// server, the MCP server), unless GOGC or GOMEMLIMIT is set: Go's default
// target (DefaultPercent) and no soft memory limit. A server keeps what its
// client has open (documents, the last lint of each folder) for hours and
// allocates in bursts, a lint of one folder per change or call: Percent
// would let its heap grow to four times what it keeps between collections
// for the whole session, for a CPU saving that matters only in a batch of
// thousands of tools; and Budget's limit is sized from a batch's number of
// tool folders, which a server does not have.
func SetLongLived() {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(DefaultPercent)
	}
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(math.MaxInt64)
	}
}
