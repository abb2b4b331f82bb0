//go:build linux

package runner

import (
	"errors"
	"os"
	"os/exec"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

// unsureLimit bounds how long a kill looks again at an orphan whose
// environment reads as empty, for it to finish its execve.
const unsureLimit = 250 * time.Millisecond

// sweepLimit bounds how long one kill keeps finding and killing processes
// and waiting for them to end (a process stuck in uninterruptible sleep
// cannot be waited for).
const sweepLimit = 2 * time.Second

var (
	// runSeq numbers the runs of this program.
	runSeq atomic.Uint64
	// subreaper makes this program the child subreaper of its descendants,
	// once: a process whose parent exits becomes this program's child
	// instead of init's, so it stays in reach.
	subreaper = sync.OnceFunc(func() { _ = unix.Prctl(unix.PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) })

	// leadersMu guards leaders, and is held while one is started, so that a
	// sweep never takes a just-started implementation for an orphan.
	leadersMu sync.Mutex
	// leaders are the started implementations that os/exec waits for: a
	// sweep never kills through its marker nor reaps one of them.
	leaders = map[int]bool{}
)

// group is everything one started implementation started, directly or not:
// its process group, and the processes whose environment carries its run
// id, wherever they went.
type group struct {
	p           *os.Process
	leaderStart uint64 // the leader's start time, to tell its pid reused
	id          string // the run id in runEnv: "<pid of this program>.<run number>"
}

// newGroup prepares cmd to start as the leader of a new process group, with
// its run id in the environment, and to be killed (Pdeathsig) when this
// program dies, even by SIGKILL.
func newGroup(cmd *exec.Cmd) *group {
	subreaper()
	g := &group{id: strconv.Itoa(os.Getpid()) + "." + strconv.FormatUint(runSeq.Add(1), 10)}
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
	cmd.Env = withRunID(cmd.Env, g.id)
	return g
}

// withRunID returns env (nil: this program's) with id appended to runEnv.
func withRunID(env []string, id string) []string {
	if env == nil {
		env = os.Environ()
	}
	value := id
	for _, kv := range env {
		if old, ok := strings.CutPrefix(kv, runEnv+"="); ok && old != "" {
			value = old + "," + id
		}
	}
	return append(slices.Clip(env), runEnv+"="+value)
}

// start starts cmd on the starter thread, or on the thread of the sealer
// s (whose restriction the implementation inherits) when s is not nil,
// and records it as a leader.
func (g *group) start(cmd *exec.Cmd, s *sealer) error {
	on := onStarterThread
	if s != nil {
		on = s.start
	}
	return on(func() error {
		leadersMu.Lock()
		defer leadersMu.Unlock()
		if err := cmd.Start(); err != nil {
			return err
		}
		g.p = cmd.Process
		leaders[g.p.Pid] = true
		// Not reaped before Wait, which is not called yet: still the leader.
		st, _ := readStat(g.p.Pid)
		g.leaderStart = st.start
		return nil
	})
}

// starts are run by the starter thread.
var starts = make(chan func())

// startStarter starts the starter thread, once.
var startStarter = sync.OnceFunc(func() {
	go func() {
		// Pdeathsig is sent when the thread that forked the child ends,
		// not the process (prctl(2); golang/go#27505). A Go thread ends
		// only when a goroutine locked to it returns without unlocking,
		// which a caller of Run could do. This goroutine never returns nor
		// unlocks, so its thread lives as long as the program.
		runtime.LockOSThread()
		for f := range starts {
			f()
		}
	}()
})

// onStarterThread runs f on the starter thread and returns its error.
func onStarterThread(f func() error) error {
	startStarter()
	done := make(chan error, 1)
	starts <- func() { done <- f() }
	return <-done
}

// kill kills the whole group, the leader while it is alive, and every
// process with this run's id that is still in reach, then reaps those that
// came back to this program. It is safe to call more than once and after
// the leader exited: the group id stays reserved while any member lives.
func (g *group) kill(leaderAlive bool) {
	_ = syscall.Kill(-g.p.Pid, syscall.SIGKILL)
	if leaderAlive {
		_ = g.p.Kill()
	}
	now := time.Now()
	deadline, unsureDeadline := now.Add(sweepLimit), now.Add(unsureLimit)
	killed := map[int]uint64{} // pid: start time
	// Kill until a look finds nothing alive and nothing unsure: a process
	// may fork while it is being found, but not once SIGKILL is pending for
	// it, and one in the middle of an execve shows its environment again
	// when it is done.
	for pause := 100 * time.Microsecond; ; pause = min(2*pause, 20*time.Millisecond) {
		found, unsure := g.find(leaderAlive)
		if len(found) == 0 && (!unsure || time.Now().After(unsureDeadline)) {
			break
		}
		for pid, start := range found {
			killProc(pid, start)
			killed[pid] = start
		}
		if time.Now().After(deadline) {
			break
		}
		time.Sleep(pause)
	}
	reap(killed, deadline)
}

// find returns the live processes of the run (pid: start time): the
// descendants of the leader while it is alive, and the processes with the
// run's id in their environment and their descendants among the orphans
// that came back to this program, other leaders' trees left out. unsure
// reports a process outside those whose environment could not be told.
func (g *group) find(leaderAlive bool) (found map[int]uint64, unsure bool) {
	found = map[int]uint64{}
	var t procTree
	seen := map[int]bool{}
	var walk func(pid int, owned bool)
	walk = func(pid int, owned bool) {
		if seen[pid] {
			return
		}
		seen[pid] = true
		st, ok := readStat(pid)
		if !ok || st.dead() {
			return
		}
		if !owned {
			ids, known := runIDs(pid)
			owned = slices.Contains(ids, g.id)
			unsure = unsure || !known
		}
		if owned {
			found[pid] = st.start
		}
		for _, c := range t.children(pid) {
			walk(c, owned)
		}
	}
	seen[g.p.Pid] = true
	// os/exec may have reaped the leader a moment ago: its pid is only
	// walked while it still names the leader, alive.
	if leaderAlive {
		if st, ok := readStat(g.p.Pid); ok && st.start == g.leaderStart && !st.dead() {
			for _, c := range t.children(g.p.Pid) {
				walk(c, true)
			}
		}
	}
	leadersMu.Lock()
	for pid := range leaders {
		seen[pid] = true
	}
	leadersMu.Unlock()
	// The kernel hands an orphan to the first live thread of its subreaper,
	// which for a Go program is the main thread: it never ends.
	for _, c := range t.threadChildren(os.Getpid()) {
		walk(c, false)
	}
	return found, unsure
}

// killProc sends SIGKILL to pid if it is still the process that started
// at start: through a pidfd, so that a reused pid is never signalled.
func killProc(pid int, start uint64) {
	fd, err := unix.PidfdOpen(pid, 0)
	if errors.Is(err, syscall.ENOSYS) {
		// Before Linux 5.3: an orphan cannot be reused before it is
		// reaped, and a descendant that ended a moment ago only rarely.
		if st, ok := readStat(pid); ok && st.start == start {
			_ = syscall.Kill(pid, syscall.SIGKILL)
		}
		return
	}
	if err != nil {
		return // gone
	}
	defer unix.Close(fd)
	if st, ok := readStat(pid); ok && st.start == start {
		_ = unix.PidfdSendSignal(fd, unix.SIGKILL, nil, 0)
	}
}

// reap waits, until deadline, for the killed processes to end, and reaps
// those that are this program's children (orphans that came back to it).
// Then it reaps every other orphan that ended on its own. It never waits
// for a leader: os/exec does.
func reap(killed map[int]uint64, deadline time.Time) {
	self := os.Getpid()
	for pause := 100 * time.Microsecond; len(killed) > 0; pause = min(2*pause, 20*time.Millisecond) {
		for pid, start := range killed {
			st, ok := readStat(pid)
			switch {
			case !ok || st.start != start:
				delete(killed, pid) // reaped by its parent
			case st.dead() && st.ppid == self:
				if reapChild(pid) {
					delete(killed, pid)
				}
			case st.dead():
				if _, parentKilled := killed[st.ppid]; !parentKilled {
					delete(killed, pid) // its parent lives and will reap it
				}
			}
		}
		if len(killed) == 0 || time.Now().After(deadline) {
			break
		}
		time.Sleep(pause)
	}
	reapOrphans()
}

// reapOrphans reaps the ended orphans among this program's children: the
// children of its main thread that are not leaders and not in its own
// process group (every process this program starts other than through Run
// stays in its group, and os/exec waits for those).
func reapOrphans() {
	var t procTree
	pgid := syscall.Getpgrp()
	leadersMu.Lock()
	defer leadersMu.Unlock()
	for _, pid := range t.threadChildren(os.Getpid()) {
		if leaders[pid] {
			continue
		}
		if st, ok := readStat(pid); ok && st.dead() && st.ppid == os.Getpid() && st.pgid != pgid {
			reapChild(pid)
		}
	}
}

// reapChild reaps the ended child pid and reports whether it did.
func reapChild(pid int) bool {
	var ws syscall.WaitStatus
	got, err := syscall.Wait4(pid, &ws, syscall.WNOHANG, nil)
	return got == pid || errors.Is(err, syscall.ECHILD)
}

// release forgets the leader, which os/exec has reaped.
func (g *group) release() {
	leadersMu.Lock()
	delete(leaders, g.p.Pid)
	leadersMu.Unlock()
}
