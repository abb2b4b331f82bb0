package runner

import (
	"fmt"
	"time"
)

// Outcome is what happened during one run.
type Outcome struct {
	// Stdout and Stderr are what the implementation printed, at most
	// MaxOutput bytes each.
	Stdout, Stderr []byte
	// StdoutOverflow and StderrOverflow report that the stream went past
	// MaxOutput; the process group was then killed.
	StdoutOverflow, StderrOverflow bool
	// ExitCode is the implementation's exit code; -1 when it was killed by a
	// signal (including by Run itself), timed out, or did not start.
	ExitCode int
	// Signal names the signal that killed the implementation ("SIGKILL",
	// "SIGSEGV", or the number for an unusual one), unless Run killed it
	// itself for a timeout, an overflow or a cancellation. Always empty on
	// Windows.
	Signal string
	// TimedOut reports that the run went past Command.Timeout and its group
	// was killed.
	TimedOut bool
	// Canceled reports that the context was canceled (e.g. Ctrl-C) before
	// the implementation exited: the group was killed, or the run never
	// started.
	Canceled bool
	// StartErr is why the implementation could not start (e.g. exec format
	// error, permission denied).
	StartErr error
	// Duration is the wall time from the start until the implementation
	// exited and its output was closed: a background child that holds the
	// output open adds to it, at most waitDelay.
	Duration time.Duration
	// Timeout is the Command's timeout, for Status.
	Timeout time.Duration
	// MaxOutput is the output cap that applied (after the default), for
	// Status.
	MaxOutput int64
}

// Status describes the outcome in a few words: "exit code 0", "exit code 3",
// "killed by signal SIGSEGV", "timed out after 2s", "could not start:
// <error>", "output exceeds 4 MiB on stdout", or "interrupted".
func (o Outcome) Status() string {
	switch {
	case o.StartErr != nil:
		return "could not start: " + o.StartErr.Error()
	case o.Canceled:
		return "interrupted"
	case o.TimedOut && o.Timeout > 0:
		return "timed out after " + o.Timeout.String()
	case o.TimedOut:
		return "timed out"
	case o.StdoutOverflow || o.StderrOverflow:
		streams := "stdout"
		switch {
		case o.StdoutOverflow && o.StderrOverflow:
			streams = "stdout and stderr"
		case o.StderrOverflow:
			streams = "stderr"
		}
		limit := o.MaxOutput
		if limit <= 0 {
			limit = DefaultMaxOutput
		}
		return "output exceeds " + formatSize(limit) + " on " + streams
	case o.Signal != "":
		return "killed by signal " + o.Signal
	}
	return fmt.Sprintf("exit code %d", o.ExitCode)
}

// formatSize renders a byte count as "4 MiB", "64 KiB" or "1000 bytes".
func formatSize(n int64) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MiB", n>>20)
	case n >= 1<<10 && n%(1<<10) == 0:
		return fmt.Sprintf("%d KiB", n>>10)
	case n == 1:
		return "1 byte"
	}
	return fmt.Sprintf("%d bytes", n)
}
