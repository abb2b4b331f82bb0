//go:build unix

package proctest

import (
	"errors"
	"os"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// Running reports whether pid is a live process. A zombie counts as ended:
// the process has ended, only its parent has not reaped it yet.
func Running(pid int) bool {
	if err := syscall.Kill(pid, 0); errors.Is(err, syscall.ESRCH) {
		return false
	}
	if runtime.GOOS == "linux" {
		b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
		if err != nil {
			return false
		}
		// "pid (comm) S ...": the state follows the last ')'.
		s := string(b)
		if i := strings.LastIndexByte(s, ')'); i >= 0 && i+2 < len(s) && (s[i+2] == 'Z' || s[i+2] == 'X') {
			return false
		}
	}
	return true
}

// Ended waits up to d for pid to stop running and reports whether it did.
// A process still running then is killed, so that a failing test leaves
// nothing behind.
func Ended(pid int, d time.Duration) bool {
	deadline := time.Now().Add(d)
	for Running(pid) {
		if time.Now().After(deadline) {
			_ = syscall.Kill(pid, syscall.SIGKILL)
			return false
		}
		time.Sleep(10 * time.Millisecond)
	}
	return true
}
