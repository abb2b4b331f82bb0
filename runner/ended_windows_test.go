//go:build windows

package runner

import (
	"time"

	"golang.org/x/sys/windows"
)

// ended waits up to d for pid to end and reports whether it did; one still
// running then is killed.
func ended(pid int, d time.Duration) bool {
	h, err := windows.OpenProcess(windows.SYNCHRONIZE|windows.PROCESS_TERMINATE, false, uint32(pid))
	if err != nil {
		return true // no such process
	}
	defer windows.CloseHandle(h)
	ev, err := windows.WaitForSingleObject(h, uint32(d/time.Millisecond))
	if err == nil && ev == windows.WAIT_OBJECT_0 {
		return true
	}
	_ = windows.TerminateProcess(h, 1)
	return false
}
