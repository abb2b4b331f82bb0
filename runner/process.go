package runner

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"sync/atomic"
	"time"
)

// DefaultMaxOutput is the cap on stdout and on stderr (each) when
// Command.MaxOutput is 0.
const DefaultMaxOutput int64 = 4 << 20

// waitDelay is how long Run keeps reading output after the implementation
// exited (or was killed), waiting for background children that still hold
// its stdout or stderr to let go; then it closes the pipes and kills what is
// left of the run.
const waitDelay = time.Second

// Command describes one run.
type Command struct {
	// Argv is the program and its arguments, usually from Resolve. Argv[0]
	// is looked up on PATH when it contains no path separator.
	Argv []string
	// Path, when set, is the executable of Argv[0], already looked up on
	// PATH (an absolute path): Run starts it without a lookup of its own,
	// with Argv[0] as the program's name.
	Path string
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
	// sealer, when set, starts the implementation on its restricted thread
	// (Workspace sets it for a sealed run).
	sealer *sealer
}

var (
	// errNoArgv is the start error of a Command without argv.
	errNoArgv = errors.New("empty argv")
	// errTimeout and errOverflow are the causes of the run's context
	// when Run ends it for a timeout or an output overflow.
	errTimeout  = errors.New("timed out")
	errOverflow = errors.New("output overflow")
)

// Run runs c once and reports what happened. It never returns before the
// implementation has exited (or been killed), and it returns at most about
// waitDelay later even if background children keep its output open.
// Everything the run started (its process group, and on Linux and Windows
// the processes that left it) is killed on timeout, on cancellation of ctx,
// when an output stream goes past the cap, and after the implementation
// exits.
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

	// The run's time starts before its time limit does, so that a run
	// that timed out never reads as shorter than the limit.
	start := time.Now()
	runCtx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	if c.Timeout > 0 {
		var stop context.CancelFunc
		runCtx, stop = context.WithTimeoutCause(runCtx, c.Timeout, errTimeout)
		defer stop()
	}
	name := c.Argv[0]
	if c.Path != "" {
		name = c.Path
	}
	cmd := exec.CommandContext(runCtx, name, c.Argv[1:]...)
	cmd.Args[0] = c.Argv[0]
	cmd.Dir = c.Dir
	cmd.Env = c.Env
	g := newGroup(cmd)
	// A child that never reads its stdin does not block Run: os/exec
	// writes it from a goroutine and ignores the broken pipe.
	cmd.Stdin = bytes.NewReader(c.Stdin)
	stdout := newCapture(limit, func() { cancel(errOverflow) })
	stderr := newCapture(limit, func() { cancel(errOverflow) })
	cmd.Stdout, cmd.Stderr = stdout, stderr
	// os/exec calls Cancel, from its own goroutine, when runCtx is done
	// before the implementation exited, possibly before g.start returned;
	// waitDelay bounds both the wait for it to die and, after it exited,
	// the wait for the output pipes to close.
	var (
		killed   atomic.Bool
		startErr error
		started  = make(chan struct{}) // closed when startErr and g are set
	)
	cmd.Cancel = func() error {
		<-started
		if startErr != nil {
			return os.ErrProcessDone // g.start killed it
		}
		killed.Store(true)
		g.kill(true)
		return nil
	}
	cmd.WaitDelay = waitDelay

	startErr = g.start(cmd, c.sealer)
	close(started)
	if startErr != nil {
		if cmd.Process != nil {
			_ = cmd.Wait() // started, then killed by g.start
		}
		out.Duration = time.Since(start)
		if ctx.Err() != nil {
			out.Canceled = true // canceled between the check above and the start
			return out
		}
		out.StartErr = startErr
		return out
	}
	defer g.release()
	_ = cmd.Wait() // its outcome is in cmd.ProcessState
	out.Duration = time.Since(start)
	// The implementation is gone, and its output closed or given up on:
	// kill whatever is left of the run.
	g.kill(false)

	out.Stdout, out.StdoutOverflow = stdout.buf, stdout.overflow
	out.Stderr, out.StderrOverflow = stderr.buf, stderr.overflow
	if killed.Load() {
		switch context.Cause(runCtx) {
		case errTimeout:
			out.TimedOut = true
		case errOverflow:
		default:
			out.Canceled = true
		}
		return out // ExitCode -1, and no Signal: Run killed it
	}
	if ps := cmd.ProcessState; ps != nil {
		out.ExitCode = ps.ExitCode()
		out.Signal = exitSignal(ps)
	}
	return out
}
