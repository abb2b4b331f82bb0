//go:build unix

package main

import (
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/rogpeppe/go-internal/testscript"
)

// running reports whether pid is a live process; a zombie has ended (only
// its parent has not reaped it yet).
func running(pid int) bool {
	if err := syscall.Kill(pid, 0); errors.Is(err, syscall.ESRCH) {
		return false
	}
	if runtime.GOOS == "linux" {
		b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
		if err != nil {
			return false
		}
		s := string(b)
		if i := strings.LastIndexByte(s, ')'); i >= 0 && i+2 < len(s) && (s[i+2] == 'Z' || s[i+2] == 'X') {
			return false
		}
	}
	return true
}

// cmdGone is the testscript command "gone FILE...": every pid in the files
// (relative to $WORK) names a process that has ended, or ends within two
// seconds. A process still running fails the script and is killed.
func cmdGone(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) == 0 {
		ts.Fatalf("usage: gone FILE...")
	}
	deadline := time.Now().Add(2 * time.Second)
	var left []string
	for _, name := range args {
		b, err := os.ReadFile(filepath.Join(ts.Getenv("WORK"), name))
		ts.Check(err)
		fields := strings.Fields(string(b))
		if len(fields) == 0 {
			ts.Fatalf("%s: no pid", name)
		}
		for _, f := range fields {
			pid, err := strconv.Atoi(f)
			if err != nil || pid <= 0 {
				ts.Fatalf("%s: %q is not a pid", name, f)
			}
			for running(pid) && time.Now().Before(deadline) {
				time.Sleep(10 * time.Millisecond)
			}
			if running(pid) {
				_ = syscall.Kill(pid, syscall.SIGKILL)
				left = append(left, "process "+f+" ("+name+") is still running")
			}
		}
	}
	if len(left) > 0 {
		ts.Fatalf("%s", strings.Join(left, "; "))
	}
}
