package runner

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/speccify/speccify-lint/internal/fserr"
)

// Placement is where the runs of a workspace take place.
type Placement int

const (
	// Copy runs in a private copy of the tool folder, made when the
	// workspace opens and made again after a run that changed it: each run
	// finds the folder as it was when the workspace opened, the user's
	// folder is never written, and what the user saves in it meanwhile is
	// never touched. The examples and explore's inputs run so.
	Copy Placement = iota
	// InPlace runs in the tool folder itself, and removes or restores
	// nothing: the effects of a call are what its caller asked for (call,
	// the MCP server). Runs may overlap.
	InPlace
)

// Options are how a workspace runs its tool.
type Options struct {
	Placement Placement
	// Sandbox is whether the runs are sealed by the kernel sandbox.
	Sandbox Mode
	// Network lets a sealed run use TCP and UDP (the tool requires
	// network).
	Network bool
	// Programs are the executables the runs start by path, absolute: the
	// interpreter, the requires commands. A sealed run may read and
	// execute each one's installation (see installation).
	Programs []string
	// Repository is the root the tool folder was found in: nothing in it is
	// readable to a sealed run but the workspace.
	Repository string
	// Hidden are other paths no grant of a sealed run may hold (the user's
	// home): the system directories are granted around them.
	Hidden []string
	// PassEnv names more environment variables for the runs than
	// PassedEnv (a name ending in * names those it begins).
	PassEnv []string
}

// Request is one run of a workspace's tool.
type Request struct {
	// Argv is the program and its arguments (Resolve's, for a file of the
	// tool folder: a path in the folder runs the copy's file).
	Argv []string
	// Path is the executable of Argv[0] when already looked up on PATH
	// (see Command.Path).
	Path string
	// Stdin is written to the implementation's standard input.
	Stdin []byte
	// Timeout and MaxOutput are as in Command.
	Timeout   time.Duration
	MaxOutput int64
}

// Workspace is a tool folder made ready for runs: the folder the runs
// work in (a private copy, or the folder itself), a private temporary
// directory for each run, the environment, and on Linux the kernel
// sandbox that keeps each run to them. Close removes what it made.
type Workspace struct {
	src    *os.Root // the tool folder, opened through the gate
	srcDir string   // its path
	opt    Options
	// base is the private directory of the workspace (mode 0700): the copy
	// (copyName) and, in tempName, the runs' temporary directories;
	// baseRoot is it opened, tempRoot its tempName. A sealed run may write
	// the copy and its temporary directory, not base itself.
	base     string
	baseRoot *os.Root
	tempRoot *os.Root
	// dir is where runs work (the copy, or srcDir), work the copy opened.
	dir  string
	work *os.Root
	// dirAliases are the ways dir is written in what a run prints (as
	// made, and as its symbolic links resolve), replaced by srcDir.
	dirAliases []string
	seal       Seal
	sealer     *sealer

	// turn is held by a run of a Copy workspace: the runs of a copy take
	// turns, as each must find the copy as the folder is.
	turn sync.Mutex
	// baseline is the copy as made (Copy); broken is why the copy could
	// not be made again after a run changed it (no run starts then).
	baseline Snapshot
	broken   error

	// env is the environment of the runs but TempEnv (see envWith).
	envOnce sync.Once
	env     []string

	mu      sync.Mutex
	runs    int // how many runs are under way
	closing bool
	seq     int // numbers the runs' temporary directories (see takeTemp)
}

// copyName is the name of the copy in the workspace's directory, tempName
// that of the directory of the runs' temporary directories.
const (
	copyName = "tool"
	tempName = "tmp"
)

// Open makes a workspace of the tool folder src, whose path is dir (the
// working directory of an InPlace run, and what a run's output says in
// place of the copy's path). The workspace owns src: Close (or Open's
// error) closes it. With opt.Sandbox SandboxRequired, a workspace
// that cannot be sealed is an error; with SandboxAuto it runs unsealed, and
// Seal says why.
func Open(src *os.Root, dir string, opt Options) (_ *Workspace, err error) {
	parent := ""
	if opt.Placement == Copy {
		parent = parentFor(TakeSnapshot(src).Size())
	}
	base, err := os.MkdirTemp(parent, "speccify-lint-run-")
	if err != nil {
		src.Close()
		return nil, fmt.Errorf("the private directory of the runs cannot be made: %w", err)
	}
	w := &Workspace{src: src, srcDir: dir, opt: opt, base: base, dir: dir}
	defer func() {
		if err != nil {
			w.remove()
		}
	}()
	if w.baseRoot, err = os.OpenRoot(base); err != nil {
		return nil, err
	}
	if err := w.baseRoot.Mkdir(tempName, 0o700); err != nil {
		return nil, err
	}
	if w.tempRoot, err = w.baseRoot.OpenRoot(tempName); err != nil {
		return nil, err
	}
	if opt.Placement == Copy {
		if err := w.makeCopy(); err != nil {
			return nil, err
		}
	}
	writable := []string{filepath.Join(base, tempName), w.dir}
	switch opt.Sandbox {
	case SandboxOff:
		w.seal = Probe(SandboxOff)
	default:
		s, seal, err := newSealer(grantsFor(opt, writable))
		switch {
		case err != nil && opt.Sandbox == SandboxRequired:
			return nil, fmt.Errorf("the sandbox cannot be set up: %w", err)
		case err != nil:
			seal = Seal{Why: "the sandbox cannot be set up: " + err.Error()}
		case !seal.Sealed && opt.Sandbox == SandboxRequired:
			return nil, fmt.Errorf("the runs cannot be sealed (--sandbox required): %s", seal.Why)
		}
		w.sealer, w.seal = s, seal
	}
	return w, nil
}

// makeCopy makes the copy of the tool folder and records it as made.
func (w *Workspace) makeCopy() error {
	if err := w.baseRoot.Mkdir(copyName, 0o700); err != nil {
		return err
	}
	work, err := w.baseRoot.OpenRoot(copyName)
	if err != nil {
		return err
	}
	w.work = work
	w.dir = filepath.Join(w.base, copyName)
	w.dirAliases = []string{w.dir}
	if real, err := filepath.EvalSymlinks(w.dir); err == nil && real != w.dir {
		w.dirAliases = append(w.dirAliases, real)
	}
	if err := copyTree(w.src, w.work); err != nil {
		return fmt.Errorf("the tool folder cannot be copied: %w", fserr.Cause(err))
	}
	w.baseline = TakeSnapshot(w.work)
	return nil
}

// Seal is what the kernel sandbox enforces on the runs, or why it does
// not.
func (w *Workspace) Seal() Seal { return w.seal }

// errClosed is the start error of a run of a closed workspace.
var errClosed = errors.New("the workspace is closed")

// Run runs req once in the workspace and returns what happened and what
// the run changed in the folder it worked in: in a copy, the copy is then
// made again as the folder was; in place, nothing is undone. It never
// returns before everything the run started is gone (see Command).
func (w *Workspace) Run(ctx context.Context, req Request) (Outcome, []Change) {
	if !w.begin() {
		return Outcome{ExitCode: -1, StartErr: errClosed}, nil
	}
	defer w.end()
	if w.opt.Placement == Copy {
		w.turn.Lock()
		defer w.turn.Unlock()
		if w.broken != nil {
			return Outcome{ExitCode: -1, StartErr: w.broken}, nil
		}
	}
	tmp, err := w.takeTemp()
	if err != nil {
		return Outcome{ExitCode: -1, StartErr: err}, nil
	}
	defer w.dropTemp(tmp)
	var before Snapshot
	switch w.opt.Placement {
	case Copy:
		before = w.baseline
	case InPlace:
		if err := w.samePlace(); err != nil {
			return Outcome{ExitCode: -1, StartErr: err}, nil
		}
		before = TakeSnapshot(w.src)
	}
	o := Run(ctx, Command{
		Argv:      w.relocate(req.Argv),
		Path:      req.Path,
		Dir:       w.dir,
		Stdin:     req.Stdin,
		Timeout:   req.Timeout,
		MaxOutput: req.MaxOutput,
		Env:       w.envWith(tmp),
		sealer:    w.sealer,
	})
	o.Stdout, o.Stderr = w.localize(o.Stdout), w.localize(o.Stderr)
	if o.StartErr != nil {
		o.StartErr = errors.New(string(w.localize([]byte(o.StartErr.Error()))))
	}
	var changes []Change
	switch w.opt.Placement {
	case Copy:
		changes = w.baseline.Changes(TakeSnapshot(w.work))
		if len(changes) > 0 {
			if err := w.reset(); err != nil {
				w.broken = fmt.Errorf("the copy of the tool folder cannot be made again after a run changed it: %w", fserr.Cause(err))
			}
		}
	case InPlace:
		changes = before.Changes(TakeSnapshot(w.src))
	}
	return o, changes
}

// begin counts a run in, unless the workspace is closing.
func (w *Workspace) begin() bool {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.closing {
		return false
	}
	w.runs++
	return true
}

// end counts a run out, and removes the workspace when it was the last of
// a closing one.
func (w *Workspace) end() {
	w.mu.Lock()
	w.runs--
	last := w.closing && w.runs == 0
	w.mu.Unlock()
	if last {
		w.remove()
	}
}

// Close lets go of the workspace: once its runs under way have ended, its
// sandbox's thread ends and its private directory is removed.
func (w *Workspace) Close() {
	w.mu.Lock()
	if w.closing {
		w.mu.Unlock()
		return
	}
	w.closing = true
	idle := w.runs == 0
	w.mu.Unlock()
	if idle {
		w.remove()
	}
}

// remove ends the sandbox's thread, removes the private directory and
// closes the tool folder.
func (w *Workspace) remove() {
	if w.sealer != nil {
		w.sealer.close()
		w.sealer = nil
	}
	if w.work != nil {
		w.work.Close()
		w.work = nil
	}
	if w.tempRoot != nil {
		w.tempRoot.Close()
		w.tempRoot = nil
	}
	if w.baseRoot != nil {
		_ = clearDir(w.baseRoot)
		w.baseRoot.Close()
		w.baseRoot = nil
	}
	_ = os.Remove(w.base)
	w.src.Close()
}

// takeTemp is the run's private temporary directory, empty: in a Copy
// workspace, whose runs take turns, the one directory of its runs (made
// once, emptied after a run that left something in it); InPlace, a new
// directory for each run, since runs may overlap.
func (w *Workspace) takeTemp() (string, error) {
	name := "1"
	if w.opt.Placement == InPlace {
		w.mu.Lock()
		w.seq++
		name = strconv.Itoa(w.seq)
		w.mu.Unlock()
	}
	path := filepath.Join(w.base, tempName, name)
	if w.opt.Placement == Copy && w.seq > 0 {
		return path, nil // made by the first run, emptied by dropTemp
	}
	if err := w.tempRoot.Mkdir(name, 0o700); err != nil {
		return "", fmt.Errorf("the run's temporary directory cannot be made: %w", fserr.Cause(err))
	}
	if w.opt.Placement == Copy {
		w.seq = 1
	}
	return path, nil
}

// dropTemp removes the run's temporary directory, or, in a Copy
// workspace, what the run left in it (and the directory itself, to be made
// again, when it cannot be emptied).
func (w *Workspace) dropTemp(path string) {
	name := filepath.Base(path)
	if w.opt.Placement == InPlace {
		_ = removeAll(w.tempRoot, name)
		return
	}
	f, err := w.tempRoot.Open(name)
	if err == nil {
		names, _ := f.Readdirnames(1)
		_ = f.Close()
		if len(names) == 0 {
			return
		}
	}
	dir, err := w.tempRoot.OpenRoot(name)
	if err == nil {
		err = clearDir(dir)
		dir.Close()
	}
	if err != nil {
		_ = removeAll(w.tempRoot, name)
		w.seq = 0
	}
}

// envWith is the environment of a run whose temporary directory is tmp:
// the workspace's (envFor, computed once) and TempEnv.
func (w *Workspace) envWith(tmp string) []string {
	w.envOnce.Do(func() { w.env = envFor(environ(), w.opt.PassEnv) })
	env := make([]string, len(w.env), len(w.env)+len(TempEnv)+1)
	copy(env, w.env)
	for _, name := range TempEnv {
		env = append(env, name+"="+tmp)
	}
	return env
}

// reset makes the copy again, as the tool folder is.
func (w *Workspace) reset() error {
	if err := clearDir(w.work); err != nil {
		return err
	}
	if err := copyTree(w.src, w.work); err != nil {
		return err
	}
	w.baseline = TakeSnapshot(w.work)
	return nil
}

// samePlace checks, before an InPlace run, that the tool folder's path
// still leads to the folder that was opened through the gate, so that no
// run starts elsewhere when it was moved or replaced by a link.
func (w *Workspace) samePlace() error {
	opened, err := w.src.Stat(".")
	if err != nil {
		return fmt.Errorf("the tool folder cannot be read: %w", fserr.Cause(err))
	}
	if info, err := os.Stat(w.srcDir); err != nil || !os.SameFile(info, opened) {
		return errors.New("the tool folder was moved or replaced since it was opened; not run")
	}
	return nil
}

// relocate is argv with the tool folder's files as the copy's: Resolve
// names the implementation by its absolute path in the tool folder.
func (w *Workspace) relocate(argv []string) []string {
	if w.opt.Placement != Copy {
		return argv
	}
	prefix := w.srcDir + string(filepath.Separator)
	out := make([]string, len(argv))
	for i, a := range argv {
		if rest, ok := strings.CutPrefix(a, prefix); ok {
			a = filepath.Join(w.dir, rest)
		}
		out[i] = a
	}
	return out
}

// localize replaces the copy's path in what a run printed by the tool
// folder's, so that the reports read as if the run took place in the
// folder itself and do not depend on the copy's random name.
func (w *Workspace) localize(b []byte) []byte {
	for _, alias := range w.dirAliases {
		if bytes.Contains(b, []byte(alias)) {
			b = bytes.ReplaceAll(b, []byte(alias), []byte(w.srcDir))
		}
		if runtime.GOOS == "windows" {
			// As a JSON string writes a Windows path.
			escaped := strings.ReplaceAll(alias, `\`, `\\`)
			if bytes.Contains(b, []byte(escaped)) {
				b = bytes.ReplaceAll(b, []byte(escaped), []byte(strings.ReplaceAll(w.srcDir, `\`, `\\`)))
			}
		}
	}
	return b
}
