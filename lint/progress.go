package lint

import (
	"github.com/speccify/speccify-lint/discover"
	"github.com/speccify/speccify-lint/result"
)

// ProgressKind is what a Progress event says happened.
type ProgressKind int

// The progress events of a run.
const (
	// ToolStarted: the examples of a tool folder start (or, when it has
	// none to run, it is about to be finished).
	ToolStarted ProgressKind = iota
	// ExampleDone: one example of the tool has its verdict (Status).
	ExampleDone
	// ToolDone: the tool folder is finished (Index, Result).
	ToolDone
	// InputDone: one input `speccify-lint explore` made for the tool ran
	// (repeats and shrinking not counted, as in ExploreResult.Runs).
	InputDone
)

// Progress is one step of a run, for a live status line and the lines a
// run streams. Lint calls Config.Progress with it from its workers,
// possibly at the same time from several goroutines; the events of one tool
// come in order.
type Progress struct {
	Kind ProgressKind
	// Tool is the tool folder, relative to the root.
	Tool string
	// Status is the example's verdict (ExampleDone only).
	Status result.Status
	// Index is the tool's place in Discovery.Tools and Result.Tools
	// (ToolDone only).
	Index int
	// Result is the finished tool as Result.Tools[Index] will hold it
	// (ToolDone only). It is shared with the result: read it during the
	// call, never change it.
	Result *result.ToolResult
}

// progress tells cfg.Progress, when it is set, that p happened.
func (c *Config) progress(p Progress) {
	if c.Progress != nil {
		c.Progress(p)
	}
}

// ToolDirs are the tool folders of disc as Lint with Config.Root root names
// them (ToolResult.Dir: root-relative, with forward slashes), in the order
// of disc.Tools and Result.Tools: what a listener of Config.Progress needs
// to order the tools as a report does before they are done.
func ToolDirs(root string, disc *discover.Discovery) []string {
	dirs := make([]string, len(disc.Tools))
	for i, t := range disc.Tools {
		dirs[i] = discover.RelPath(root, t.Dir)
	}
	return dirs
}
