package process

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"sync"
	"time"
)

// DefaultMaxOutput is the cap on stdout and on stderr (each) when
// Command.MaxOutput is 0.
const DefaultMaxOutput int64 = 4 << 20

// WaitDelay is how long Run keeps reading output after the implementation
// exited, waiting for background children that still hold its stdout or
// stderr to let go; then it kills what is left of the group.
const WaitDelay = time.Second

// drainDelay is how long Run waits for the readers to finish after killing
// leftovers, and again after closing the pipes, before it gives up on them.
const drainDelay = 250 * time.Millisecond

// Command describes one run.
type Command struct {
	// Argv is the program and its arguments, usually from Resolve. Argv[0]
	// is looked up on PATH when it contains no path separator.
	Argv []string
	// Dir is the working directory: the tool folder.
	Dir string
	// Stdin is written to the implementation's standard input, which is then
	// closed. An implementation that exits without reading it all is not an
	// error.
	Stdin []byte
	// Timeout bounds the run; 0 means none.
	Timeout time.Duration
	// MaxOutput caps stdout and stderr, each, in bytes; 0 (or less) means
	// DefaultMaxOutput.
	MaxOutput int64
	// Env is the environment; nil inherits the caller's.
	Env []string
}

// errNoArgv is the start error of a Command without argv.
var errNoArgv = errors.New("empty argv")

// Run runs c once and reports what happened. It never returns before the
// implementation has exited (or been killed), and it returns at most about
// WaitDelay later even if background children keep its output open. The
// whole process group is killed on timeout, on cancellation of ctx, when an
// output stream goes past the cap, and after the implementation exits.
func Run(ctx context.Context, c Command) Outcome {
	limit := c.MaxOutput
	if limit <= 0 {
		limit = DefaultMaxOutput
	}
	out := Outcome{ExitCode: -1, Timeout: c.Timeout, MaxOutput: limit}
	if ctx.Err() != nil {
		out.Canceled = true
		return out
	}
	if len(c.Argv) == 0 {
		out.StartErr = errNoArgv
		return out
	}

	cmd := exec.Command(c.Argv[0], c.Argv[1:]...)
	cmd.Dir = c.Dir
	cmd.Env = c.Env
	g := newGroup(cmd)

	var pipes [3][2]*os.File // stdin, stdout, stderr; [0] read end, [1] write end
	for i := range pipes {
		r, w, err := os.Pipe()
		if err != nil {
			for _, p := range pipes[:i] {
				closeFiles(p[0], p[1])
			}
			out.StartErr = err
			return out
		}
		pipes[i] = [2]*os.File{r, w}
	}
	stdinR, stdinW := pipes[0][0], pipes[0][1]
	stdoutR, stdoutW := pipes[1][0], pipes[1][1]
	stderrR, stderrW := pipes[2][0], pipes[2][1]
	cmd.Stdin, cmd.Stdout, cmd.Stderr = stdinR, stdoutW, stderrW

	start := time.Now()
	err := g.start(cmd)
	// The child has its own copies now; ours would keep the pipes open.
	closeFiles(stdinR, stdoutW, stderrW)
	if err != nil {
		closeFiles(stdinW, stdoutR, stderrR)
		out.StartErr = err
		out.Duration = time.Since(start)
		return out
	}
	defer g.release()

	// Stdin is written in the background: a child that never reads it must
	// not block us. Write errors (EPIPE when the child exits early, or the
	// pipe closed by us below) are not the implementation's failure.
	stdinDone := make(chan struct{})
	go func() {
		defer close(stdinDone)
		if len(c.Stdin) > 0 {
			_, _ = stdinW.Write(c.Stdin)
		}
		_ = stdinW.Close()
	}()

	overflow := make(chan struct{})
	var overflowOnce sync.Once
	onOverflow := func() { overflowOnce.Do(func() { close(overflow) }) }
	stdout := newCapture(stdoutR, limit, onOverflow)
	stderr := newCapture(stderrR, limit, onOverflow)
	go stdout.run()
	go stderr.run()
	outputDone := make(chan struct{})
	go func() {
		<-stdout.done
		<-stderr.done
		close(outputDone)
	}()

	exited := make(chan struct{})
	go func() {
		_ = cmd.Wait() // its outcome is in cmd.ProcessState
		close(exited)
	}()

	var timeout <-chan time.Time
	if c.Timeout > 0 {
		t := time.NewTimer(c.Timeout)
		defer t.Stop()
		timeout = t.C
	}
	canceled := ctx.Done()
	overflowed := (<-chan struct{})(overflow)
	killed := false
	kill := func() {
		killed = true
		g.kill(true)
		canceled, timeout, overflowed = nil, nil, nil
	}
	for running := true; running; {
		select {
		case <-exited:
			running = false
		case <-canceled:
			out.Canceled = true
			kill()
		case <-timeout:
			out.TimedOut = true
			kill()
		case <-overflowed:
			kill()
		}
	}
	out.Duration = time.Since(start)

	// The implementation is gone. Give background children that hold its
	// output a moment to finish, then kill whatever is left of the group.
	grace := time.NewTimer(WaitDelay)
	select {
	case <-outputDone:
	case <-grace.C:
	case <-ctx.Done():
	case <-overflow:
	}
	grace.Stop()
	g.kill(false)
	if !waitFor(outputDone, drainDelay) {
		// Something outside the group still holds the pipes: stop reading.
		// Closing is done in the background because on Windows a close
		// waits for a pending read to be cancelled.
		go stdout.abort()
		go stderr.abort()
		waitFor(outputDone, drainDelay)
	}
	go closeFiles(stdinW) // unblocks a write to a child that never read
	waitFor(stdinDone, drainDelay)

	out.Stdout, out.StdoutOverflow = stdout.result()
	out.Stderr, out.StderrOverflow = stderr.result()
	if ps := cmd.ProcessState; ps != nil {
		out.ExitCode = ps.ExitCode()
		if !killed {
			out.Signal = exitSignal(ps)
		}
	}
	if killed {
		out.ExitCode = -1
	}
	return out
}

// waitFor waits at most d for ch to be closed and reports whether it was.
func waitFor(ch <-chan struct{}, d time.Duration) bool {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ch:
		return true
	case <-t.C:
		return false
	}
}

// closeFiles closes each file, ignoring errors.
func closeFiles(fs ...*os.File) {
	for _, f := range fs {
		_ = f.Close()
	}
}
