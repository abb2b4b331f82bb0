//go:build unix

package process

import (
	"os"
	"os/exec"
	"syscall"
)

// isolate makes the child the leader of a new process group, so that it and
// everything it starts can be killed together.
func isolate(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
}

// group is the process group of one started child.
type group struct {
	p *os.Process
}

func newGroup(p *os.Process) *group { return &group{p: p} }

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

// release frees what newGroup held.
func (g *group) release() {}
