//go:build unix && !linux

package runner

import (
	"os"
	"os/exec"
	"syscall"
)

// group is the process group of one started implementation. Without a
// child subreaper (macOS, the BSDs), a process that leaves the group
// (setsid, job control) is out of reach once its parent has exited.
type group struct {
	p *os.Process
}

// newGroup prepares cmd to start as the leader of a new process group, so
// that it and everything it starts can be killed together.
func newGroup(cmd *exec.Cmd) *group {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	return &group{}
}

// start starts cmd.
func (g *group) start(cmd *exec.Cmd, _ *sealer) error {
	if err := cmd.Start(); err != nil {
		return err
	}
	g.p = cmd.Process
	return nil
}

// kill sends SIGKILL to the whole group, and to the leader itself while it
// is alive (in case it moved to another group). It is safe to call more than
// once and after the leader exited: the group id stays reserved while any
// member lives, so it cannot name an unrelated group.
func (g *group) kill(leaderAlive bool) {
	_ = syscall.Kill(-g.p.Pid, syscall.SIGKILL)
	if leaderAlive {
		_ = g.p.Kill()
	}
}

// release frees what start held.
func (g *group) release() {}
