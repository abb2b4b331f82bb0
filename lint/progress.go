package lint

// ProgressKind is what a Progress event says happened.
type ProgressKind int

// The progress events of a run.
const (
	// ToolStarted: the examples of a tool folder start (or, when it has
	// none to run, it is about to be finished).
	ToolStarted ProgressKind = iota
	// ExampleDone: one example of the tool has its verdict (Status).
	ExampleDone
	// ToolDone: the tool folder is finished.
	ToolDone
)

// Progress is one step of a run, for a live status line. Lint calls
// Config.Progress with it from its workers, possibly at the same time from
// several goroutines; the events of one tool come in order.
type Progress struct {
	Kind ProgressKind
	// Tool is the tool folder, relative to the root.
	Tool string
	// Status is the example's verdict (ExampleDone only).
	Status Status
}

// progress tells cfg.Progress, when it is set, that p happened.
func (c *Config) progress(p Progress) {
	if c.Progress != nil {
		c.Progress(p)
	}
}
