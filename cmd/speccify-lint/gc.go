package main

import (
	"os"
	"runtime/debug"
)

// gcPercent is the garbage collector's target (GOGC) for a run, unless the
// environment sets GOGC. A run is short and allocates far more than it keeps
// (about 160 KB per tool, of which about 2 KB stays in the result), so with
// Go's default of 100 it collects every few dozen tools and spends about a
// fifth of its CPU time doing so. At 300 the collector runs a third as often.
const gcPercent = 300

// Memory budget: the soft limit (GOMEMLIMIT) a run sets itself once it knows
// how many tool folders it checks, unless the environment sets GOMEMLIMIT.
// With GOGC at 300 the heap may grow to four times what the last collection
// found in use, and a fast run finds much in use that is garbage a moment
// later, so 10,000 tools peaked at up to 146 MiB. Under the limit the
// collector runs earlier instead, at no measurable cost in time. The limit
// grows with the number of tools so that it stays well above what a run
// really keeps (the results, about 2 KiB a tool, and the walk's listings,
// about 1 KiB a tool until they are used): a limit below that would make the
// collector run all the time.
const (
	memoryFloor   = 128 << 20
	memoryBase    = 24 << 20
	memoryPerTool = 8 << 10
)

func init() {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(gcPercent)
	}
}

// memoryBudget is the soft memory limit for a run over tools tool folders.
func memoryBudget(tools int) int64 {
	return max(memoryFloor, memoryBase+int64(tools)*memoryPerTool)
}

// setMemoryBudget sets the soft memory limit for a run over tools tool
// folders, unless GOMEMLIMIT is set.
func setMemoryBudget(tools int) {
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(memoryBudget(tools))
	}
}
