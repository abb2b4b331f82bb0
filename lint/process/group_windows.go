//go:build windows

package process

import (
	"context"
	"os"
	"os/exec"
	"strconv"
	"syscall"
	"time"
)

// isolate starts the child in a new process group, so a Ctrl-C in the
// console reaches speccify-lint (which then kills the tree) and not the child.
func isolate(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{CreationFlags: syscall.CREATE_NEW_PROCESS_GROUP}
}

// taskkillTimeout bounds one taskkill run.
const taskkillTimeout = 10 * time.Second

// group is the process tree of one started child. It holds a handle on the
// child so that Windows cannot reuse its process id while the group lives.
type group struct {
	p *os.Process
	h syscall.Handle
}

func newGroup(p *os.Process) *group {
	g := &group{p: p}
	h, err := syscall.OpenProcess(syscall.SYNCHRONIZE|syscall.PROCESS_QUERY_INFORMATION, false, uint32(p.Pid))
	if err == nil {
		g.h = h
	}
	return g
}

// kill ends the child's whole process tree with "taskkill /T /F" while the
// child is alive, then the child itself. Once the child has exited, taskkill
// can no longer walk its tree, so this is then a no-op: leftover background
// processes of an exited child are not reached on Windows.
func (g *group) kill(leaderAlive bool) {
	if !leaderAlive {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), taskkillTimeout)
	defer cancel()
	tk := exec.CommandContext(ctx, "taskkill", "/T", "/F", "/PID", strconv.Itoa(g.p.Pid))
	_ = tk.Run()
	_ = g.p.Kill()
}

// release frees the handle held by newGroup.
func (g *group) release() {
	if g.h != 0 {
		_ = syscall.CloseHandle(g.h)
		g.h = 0
	}
}
