//go:build !unix && !windows

package process

import (
	"os"
	"os/exec"
)

// isolate does nothing on platforms without process groups.
func isolate(cmd *exec.Cmd) {}

// group is the started child; only the child itself can be killed here.
type group struct {
	p *os.Process
}

func newGroup(p *os.Process) *group { return &group{p: p} }

// kill kills the child while it is alive.
func (g *group) kill(leaderAlive bool) {
	if leaderAlive {
		_ = g.p.Kill()
	}
}

// release frees what newGroup held.
func (g *group) release() {}
