//go:build linux

package runner

import (
	"bytes"
	"os"
	"strconv"
	"strings"
	"sync"
)

// procStat is what Run needs of /proc/<pid>/stat.
type procStat struct {
	state byte   // R, S, D, Z, ...
	ppid  int    // parent
	pgid  int    // process group
	start uint64 // start time in clock ticks since boot: tells pid reuse apart
}

// dead reports a process that has ended (a zombie waits for its parent).
func (s procStat) dead() bool { return s.state == 'Z' || s.state == 'X' }

// readStat reads /proc/<pid>/stat; ok is false when the process is gone.
func readStat(pid int) (st procStat, ok bool) {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return st, false
	}
	// "pid (comm) state ppid pgrp session tty tpgid flags minflt cminflt
	// majflt cmajflt utime stime cutime cstime priority nice threads
	// itrealvalue starttime ...": comm may hold spaces and parentheses, so
	// the fields are counted from the last ')'.
	i := bytes.LastIndexByte(b, ')')
	if i < 0 {
		return st, false
	}
	f := strings.Fields(string(b[i+1:]))
	if len(f) < 20 || len(f[0]) != 1 {
		return st, false
	}
	st.state = f[0][0]
	st.ppid, _ = strconv.Atoi(f[1])
	st.pgid, _ = strconv.Atoi(f[2])
	st.start, _ = strconv.ParseUint(f[19], 10, 64)
	return st, true
}

// childrenFiles reports whether the kernel has /proc/<pid>/task/<tid>/children
// (CONFIG_PROC_CHILDREN, on in the common distributions' kernels).
var childrenFiles = sync.OnceValue(func() bool {
	self := strconv.Itoa(os.Getpid())
	_, err := os.Stat("/proc/" + self + "/task/" + self + "/children")
	return err == nil
})

// procTree lists the children of processes. With children files it reads
// them as asked; without, it scans /proc once for every parent.
type procTree struct {
	scanned bool
	byPPID  map[int][]int
}

// children lists the children of every thread of pid.
func (t *procTree) children(pid int) []int {
	if !childrenFiles() {
		return t.scan()[pid]
	}
	dir := "/proc/" + strconv.Itoa(pid) + "/task/"
	tasks, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	var out []int
	for _, task := range tasks {
		out = appendPIDs(out, dir+task.Name()+"/children")
	}
	return out
}

// threadChildren lists the children of the thread tid of this process only
// (those it forked, and orphans the kernel gave it as their new parent).
func (t *procTree) threadChildren(tid int) []int {
	if !childrenFiles() {
		return t.scan()[os.Getpid()]
	}
	self := strconv.Itoa(os.Getpid())
	return appendPIDs(nil, "/proc/"+self+"/task/"+strconv.Itoa(tid)+"/children")
}

// scan maps every process's parent to its children, once.
func (t *procTree) scan() map[int][]int {
	if t.scanned {
		return t.byPPID
	}
	t.scanned = true
	t.byPPID = map[int][]int{}
	entries, _ := os.ReadDir("/proc")
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		if st, ok := readStat(pid); ok {
			t.byPPID[st.ppid] = append(t.byPPID[st.ppid], pid)
		}
	}
	return t.byPPID
}

// appendPIDs appends the space-separated pids in file name to out.
func appendPIDs(out []int, name string) []int {
	b, err := os.ReadFile(name)
	if err != nil {
		return out
	}
	for _, f := range strings.Fields(string(b)) {
		if pid, err := strconv.Atoi(f); err == nil {
			out = append(out, pid)
		}
	}
	return out
}

// runIDs returns the run ids in the SPECCIFY_LINT_RUN variable of process
// pid's environment (as it was when the process started its program).
// known is false when the environment reads as empty: the process is in
// the middle of an execve (the kernel shows the new program's environment
// only once it is set up), exiting, or was started with no environment at
// all. It is true, with no ids, when the process cannot be read (another
// user's, a zombie's) or has no such variable.
func runIDs(pid int) (ids []string, known bool) {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/environ")
	if err != nil {
		return nil, true
	}
	if len(b) == 0 {
		return nil, false
	}
	for len(b) > 0 {
		var entry []byte
		entry, b, _ = bytes.Cut(b, []byte{0})
		if v, ok := bytes.CutPrefix(entry, []byte(runEnv+"=")); ok {
			ids = strings.Split(string(v), ",") // the last entry wins, as in os/exec
		}
	}
	return ids, true
}
