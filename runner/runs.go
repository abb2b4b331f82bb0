package runner

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
)

// Runs are the runs of one tool's implementation: the workspace they run in,
// made on the first run (or by Prepare) and kept for the others, and the
// program of argv[0], looked up on PATH once rather than once per run (an
// explored tool runs a hundred times; the lookup stats each PATH entry).
// Runs may overlap (the calls of the MCP server); Close lets go of the
// workspace once they have ended.
type Runs struct {
	open     func() (*os.Root, error)
	dir      string
	opt      Options
	requires []string
	// mu guards the workspace and the program looked up.
	mu sync.Mutex
	// ws is the workspace of the runs, opened on the first (see
	// workspace); wsErr why it could not be.
	ws    *Workspace
	wsErr error
	// opened is true once a workspace was made, sealed what its sandbox
	// enforced (it outlives the workspace: a caller may ask after the runs
	// ended).
	opened bool
	sealed Seal
	// programName and programPath are the last argv[0] program looked up on
	// PATH and its executable (see program).
	programName, programPath string
}

// NewRuns returns the runs of the tool folder dir (absolute): open opens it
// (through the root's gate, so that the workspace is made of the folder that
// was checked and nothing else, even when it is moved or replaced by a
// symbolic link meanwhile), opt are the workspace's options, whose Programs
// the runs fill in: argv[0] as looked up on PATH and each of the requires
// commands.
func NewRuns(open func() (*os.Root, error), dir string, opt Options, requires []string) *Runs {
	return &Runs{open: open, dir: dir, opt: opt, requires: requires}
}

// Prepare makes the workspace of the runs of argv now, so that the first run
// does not wait for it; an error is each run's start error.
func (r *Runs) Prepare(argv []string) {
	_, _ = r.workspace(argv)
}

// Run runs req once in the workspace (made on the first run), with
// req.Path the program looked up once; a workspace that could not be made
// is the run's start error.
func (r *Runs) Run(ctx context.Context, req Request) (Outcome, []Change) {
	ws, err := r.workspace(req.Argv)
	if err != nil {
		return Outcome{ExitCode: -1, StartErr: err}, nil
	}
	r.mu.Lock()
	req.Path = r.program(req.Argv)
	r.mu.Unlock()
	return ws.Run(ctx, req)
}

// workspace is the workspace of the runs, made on the first: the folder
// opened, its private copy (or the folder itself, as opt.Placement says),
// the sandbox, whose grants follow the interpreter of argv and the requires
// commands.
func (r *Runs) workspace(argv []string) (*Workspace, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.ws != nil || r.wsErr != nil {
		return r.ws, r.wsErr
	}
	root, err := r.open()
	if err != nil {
		r.wsErr = err
		return nil, err
	}
	opt := r.opt
	opt.Programs = r.programs(argv)
	ws, err := Open(root, r.dir, opt)
	if err != nil {
		r.wsErr = err
		return nil, err
	}
	r.ws, r.opened, r.sealed = ws, true, ws.Seal()
	return ws, nil
}

// programs are the executables the runs start: argv[0] as looked up on
// PATH, and each requires command. r.mu is held.
func (r *Runs) programs(argv []string) []string {
	var out []string
	if p := r.program(argv); p != "" {
		out = append(out, p)
	} else if len(argv) > 0 && filepath.IsAbs(argv[0]) {
		out = append(out, argv[0])
	}
	for _, name := range r.requires {
		if p, err := exec.LookPath(name); err == nil && filepath.IsAbs(p) {
			out = append(out, p)
		}
	}
	return out
}

// program is the executable of argv[0] looked up on PATH (r.mu held): ""
// when argv[0] names a file by its path, or when the lookup fails, and
// Workspace.Run then looks it up itself and reports why it could not start.
func (r *Runs) program(argv []string) string {
	if len(argv) == 0 || strings.ContainsRune(argv[0], '/') || strings.ContainsRune(argv[0], filepath.Separator) {
		return ""
	}
	if r.programName != argv[0] {
		r.programName, r.programPath = argv[0], ""
		if p, err := exec.LookPath(argv[0]); err == nil && filepath.IsAbs(p) {
			r.programPath = p
		}
	}
	return r.programPath
}

// Seal is what the sandbox enforced on the runs; ok is false when no
// workspace was made (nothing ran).
func (r *Runs) Seal() (seal Seal, ok bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.sealed, r.opened
}

// Close lets go of the workspace (and with it the tool folder), if the runs
// made one: once the runs under way have ended.
func (r *Runs) Close() {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.ws != nil {
		r.ws.Close()
		r.ws = nil
	}
}
