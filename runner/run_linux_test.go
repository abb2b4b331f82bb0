//go:build linux

package runner

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// escapes are implementations that leave a process behind outside their
// process group, by each of the ordinary routes. Each writes the pid of the
// process that must not survive it to esc.pid.
var escapes = []struct {
	name, need, file, body string
}{
	{"setsid", "setsid", "impl.sh", "#!/bin/sh\nsetsid sh -c 'echo $$ > esc.pid; exec sleep 600' </dev/null >/dev/null 2>&1 &\n" + waitPID},
	{"setsid holding stdout", "setsid", "impl.sh", "#!/bin/sh\nsetsid sh -c 'echo $$ > esc.pid; exec sleep 600' &\n" + waitPID},
	{"bash set -m", "bash", "impl.bash", "#!/usr/bin/env bash\nset -m\nsleep 600 &\necho $! > esc.pid\n"},
	{"python start_new_session", "python3", "impl.py", "#!/usr/bin/env python3\nimport subprocess, time\np = subprocess.Popen(['sleep', '600'], start_new_session=True)\nopen('esc.pid', 'w').write(str(p.pid))\n"},
	{"double fork", "python3", "impl.py", `#!/usr/bin/env python3
import os, time
if os.fork() == 0:
    os.setsid()
    if os.fork() == 0:
        open('esc.pid.tmp', 'w').write(str(os.getpid()))
        os.rename('esc.pid.tmp', 'esc.pid')
        time.sleep(600)
    os._exit(0)
os.wait()
while not os.path.exists('esc.pid'):
    time.sleep(0.01)
`},
}

// waitPID is the end of a shell implementation that waits until its
// escaped process has written its pid.
const waitPID = "while [ ! -s esc.pid ]; do sleep 0.01; done\n"

// reaped fails unless pid has ended and been reaped by the time Run
// returned: not running, and no zombie left.
func reaped(t *testing.T, pid int) {
	t.Helper()
	if err := syscall.Kill(pid, 0); !errors.Is(err, syscall.ESRCH) {
		st, _ := readStat(pid)
		_ = syscall.Kill(pid, syscall.SIGKILL)
		t.Errorf("process %d (state %c) is left after Run: kill -0 says %v", pid, st.state, err)
	}
}

// needs skips the test when a program is not on PATH.
func needs(t *testing.T, prog string) {
	t.Helper()
	if _, err := exec.LookPath(prog); err != nil {
		t.Skipf("%s is not on PATH", prog)
	}
}

// TestRunKillsEscapedProcesses: whatever route a process takes out of the
// run's process group, it is killed and reaped before Run returns, when the
// implementation exits and when it is killed for a timeout.
func TestRunKillsEscapedProcesses(t *testing.T) {
	for _, tt := range escapes {
		for _, timeout := range []bool{false, true} {
			name := tt.name
			if timeout {
				name += " then timeout"
			}
			t.Run(name, func(t *testing.T) {
				needs(t, tt.need)
				body := tt.body
				switch {
				case timeout && strings.HasSuffix(tt.file, ".py"):
					body += "time.sleep(30)\n"
				case timeout:
					body += "sleep 30\n"
				}
				dir := t.TempDir()
				argv := []string{writeFile(t, dir, tt.file, body, 0o755)}
				c := Command{Argv: argv, Dir: dir, Timeout: 20 * time.Second}
				if timeout {
					c.Timeout = 2 * time.Second
				}
				start := time.Now()
				o := Run(context.Background(), c)
				if d := time.Since(start); d > c.Timeout+5*time.Second {
					t.Errorf("Run took %v", d)
				}
				if o.TimedOut != timeout || (!timeout && o.ExitCode != 0) {
					t.Errorf("status %q, stderr %q", o.Status(), o.Stderr)
				}
				reaped(t, readPID(t, dir, "esc.pid"))
			})
		}
	}
}

// TestRunKillsEscapedProcessesOnCancel: cancelling the context (Ctrl-C)
// kills the escaped processes too.
func TestRunKillsEscapedProcessesOnCancel(t *testing.T) {
	needs(t, "setsid")
	dir, argv := script(t, "setsid sh -c 'echo $$ > esc.pid; exec sleep 600' &\nsleep 30\n")
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		for i := 0; i < 500; i++ {
			if _, err := os.Stat(filepath.Join(dir, "esc.pid")); err == nil {
				break
			}
			time.Sleep(10 * time.Millisecond)
		}
		cancel()
	}()
	o := Run(ctx, Command{Argv: argv, Dir: dir, Timeout: 60 * time.Second})
	if !o.Canceled {
		t.Errorf("status %q", o.Status())
	}
	reaped(t, readPID(t, dir, "esc.pid"))
}

// TestRunKillsOnlyItsOwnProcesses: two runs at once, each with a process
// outside its group. The end of the first kills its own, never the
// second's, which is still alive when the second run looks, and is killed
// when the second run ends.
func TestRunKillsOnlyItsOwnProcesses(t *testing.T) {
	needs(t, "setsid")
	shared := t.TempDir()
	dirA, argvA := script(t, "setsid sh -c 'echo $$ > esc.pid; exec sleep 600' </dev/null >/dev/null 2>&1 &\n"+
		"while [ ! -e "+shared+"/b.ready ]; do sleep 0.01; done\n")
	// B's process is an orphan at once (the subshell exits) while B runs.
	dirB, argvB := script(t, "(setsid sh -c 'echo $$ > esc.pid; exec sleep 600' </dev/null >/dev/null 2>&1 &)\n"+
		"while [ ! -s esc.pid ]; do sleep 0.01; done\n"+
		"touch "+shared+"/b.ready\n"+
		"while [ ! -e "+shared+"/a.done ]; do sleep 0.01; done\n"+
		"kill -0 $(cat esc.pid) && echo alive\n")
	var wg sync.WaitGroup
	var b Outcome
	wg.Go(func() {
		b = Run(context.Background(), Command{Argv: argvB, Dir: dirB, Timeout: 30 * time.Second})
	})
	a := Run(context.Background(), Command{Argv: argvA, Dir: dirA, Timeout: 30 * time.Second})
	if a.ExitCode != 0 {
		t.Errorf("run A: status %q", a.Status())
	}
	reaped(t, readPID(t, dirA, "esc.pid"))
	writeFile(t, shared, "a.done", "", 0o644)
	wg.Wait()
	if b.ExitCode != 0 || string(b.Stdout) != "alive\n" {
		t.Errorf("run B: status %q, stdout %q: the end of run A killed run B's process", b.Status(), b.Stdout)
	}
	reaped(t, readPID(t, dirB, "esc.pid"))
}

// TestRunEnvMarksTheRun: the implementation's environment carries its run
// id after the ids of an outer run, and the caller's Env is not modified.
func TestRunEnvMarksTheRun(t *testing.T) {
	dir, argv := script(t, "echo \"$"+runEnv+"\"\n")
	env := []string{runEnv + "=outer.1", "PATH=" + os.Getenv("PATH")}
	o := Run(context.Background(), Command{Argv: argv, Dir: dir, Env: env[:1]})
	got := strings.TrimSpace(string(o.Stdout))
	if ids := strings.Split(got, ","); len(ids) != 2 || ids[0] != "outer.1" || !strings.HasPrefix(ids[1], strconv.Itoa(os.Getpid())+".") {
		t.Errorf("%s = %q, want outer.1,<pid>.<n>", runEnv, got)
	}
	if env[1] != "PATH="+os.Getenv("PATH") {
		t.Errorf("Run wrote into the caller's Env: %q", env)
	}
}

// TestRunKillsEscapedProcessesByScan: on a kernel without
// /proc/<pid>/task/<tid>/children, the processes of a run are found by a
// scan of /proc.
func TestRunKillsEscapedProcessesByScan(t *testing.T) {
	defer func(f func() bool) { childrenFiles = f }(childrenFiles)
	childrenFiles = func() bool { return false }
	for _, tt := range escapes {
		t.Run(tt.name, func(t *testing.T) {
			needs(t, tt.need)
			dir := t.TempDir()
			argv := []string{writeFile(t, dir, tt.file, tt.body, 0o755)}
			o := Run(context.Background(), Command{Argv: argv, Dir: dir, Timeout: 20 * time.Second})
			if o.ExitCode != 0 {
				t.Errorf("status %q, stderr %q", o.Status(), o.Stderr)
			}
			reaped(t, readPID(t, dir, "esc.pid"))
		})
	}
}
