//go:build !unix && !windows

package runner

import (
	"os"
	"os/exec"
)

// group is the started implementation; only it can be killed here.
type group struct {
	p *os.Process
}

// newGroup does nothing on platforms without process groups.
func newGroup(cmd *exec.Cmd) *group { return &group{} }

// start starts cmd.
func (g *group) start(cmd *exec.Cmd, _ *sealer) error {
	if err := cmd.Start(); err != nil {
		return err
	}
	g.p = cmd.Process
	return nil
}

// kill kills the implementation while it is alive.
func (g *group) kill(leaderAlive bool) {
	if leaderAlive {
		_ = g.p.Kill()
	}
}

// release frees what start held.
func (g *group) release() {}
