//go:build windows

package runner

import (
	"errors"
	"os"
	"os/exec"
	"syscall"
	"unsafe"

	"golang.org/x/sys/windows"
)

// group is the Job Object of one started implementation. Every process the
// implementation starts, directly or not, belongs to the job whatever
// becomes of its parent, and the job is created with
// JOB_OBJECT_LIMIT_KILL_ON_JOB_CLOSE: closing its handle (release, or
// speccify-lint ending in any way) kills whatever is left in it. Breaking
// away is not allowed (no JOB_OBJECT_LIMIT_BREAKAWAY_OK).
type group struct {
	p   *os.Process
	job windows.Handle
}

// newGroup prepares cmd to start suspended in a new console process group:
// a Ctrl-C in the console reaches speccify-lint (which then kills the job)
// and not the implementation, and the implementation cannot start anything
// before it is in its job.
func newGroup(cmd *exec.Cmd) *group {
	cmd.SysProcAttr = &syscall.SysProcAttr{CreationFlags: syscall.CREATE_NEW_PROCESS_GROUP | windows.CREATE_SUSPENDED}
	return &group{}
}

// start creates the job, starts cmd suspended, puts it in the job and lets
// it run. When a step after the start fails, the implementation is killed
// before it ran (the caller still waits for it).
func (g *group) start(cmd *exec.Cmd, _ *sealer) error {
	job, err := newKillOnCloseJob()
	if err != nil {
		return err
	}
	if err := cmd.Start(); err != nil {
		_ = windows.CloseHandle(job)
		return err
	}
	pid := uint32(cmd.Process.Pid)
	if err = assignToJob(job, pid); err == nil {
		err = resumeThreads(pid)
	}
	if err != nil {
		_ = cmd.Process.Kill()
		_ = windows.CloseHandle(job)
		return err
	}
	g.p, g.job = cmd.Process, job
	return nil
}

// newKillOnCloseJob creates a job whose processes are killed when its last
// handle is closed.
func newKillOnCloseJob() (windows.Handle, error) {
	job, err := windows.CreateJobObject(nil, nil)
	if err != nil {
		return 0, err
	}
	info := windows.JOBOBJECT_EXTENDED_LIMIT_INFORMATION{}
	info.BasicLimitInformation.LimitFlags = windows.JOB_OBJECT_LIMIT_KILL_ON_JOB_CLOSE
	if _, err := windows.SetInformationJobObject(job, windows.JobObjectExtendedLimitInformation,
		uintptr(unsafe.Pointer(&info)), uint32(unsafe.Sizeof(info))); err != nil {
		_ = windows.CloseHandle(job)
		return 0, err
	}
	return job, nil
}

// assignToJob puts process pid in job.
func assignToJob(job windows.Handle, pid uint32) error {
	h, err := windows.OpenProcess(windows.PROCESS_SET_QUOTA|windows.PROCESS_TERMINATE, false, pid)
	if err != nil {
		return err
	}
	defer windows.CloseHandle(h)
	return windows.AssignProcessToJobObject(job, h)
}

// errNoThread is the error of resumeThreads for a process without threads.
var errNoThread = errors.New("the suspended process has no thread to resume")

// resumeThreads resumes the threads of process pid (a process started
// suspended has exactly one, its main thread).
func resumeThreads(pid uint32) error {
	snap, err := windows.CreateToolhelp32Snapshot(windows.TH32CS_SNAPTHREAD, 0)
	if err != nil {
		return err
	}
	defer windows.CloseHandle(snap)
	resumed := false
	te := windows.ThreadEntry32{Size: uint32(unsafe.Sizeof(windows.ThreadEntry32{}))}
	for err = windows.Thread32First(snap, &te); err == nil; err = windows.Thread32Next(snap, &te) {
		if te.OwnerProcessID != pid {
			continue
		}
		th, err := windows.OpenThread(windows.THREAD_SUSPEND_RESUME, false, te.ThreadID)
		if err != nil {
			return err
		}
		_, err = windows.ResumeThread(th)
		_ = windows.CloseHandle(th)
		if err != nil {
			return err
		}
		resumed = true
	}
	if !errors.Is(err, windows.ERROR_NO_MORE_FILES) {
		return err
	}
	if !resumed {
		return errNoThread
	}
	return nil
}

// kill terminates every process in the job, including those whose parent
// has exited (which "taskkill /T" cannot find), and the implementation
// itself while it is alive.
func (g *group) kill(leaderAlive bool) {
	_ = windows.TerminateJobObject(g.job, 1)
	if leaderAlive {
		_ = g.p.Kill()
	}
}

// release closes the job, which kills whatever is still in it.
func (g *group) release() {
	if g.job != 0 {
		_ = windows.CloseHandle(g.job)
		g.job = 0
	}
}
