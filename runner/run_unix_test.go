//go:build unix

package runner

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/speccify/speccify-lint/internal/proctest"
)

// The tests in this file run sequentially on purpose: writing an executable
// while another goroutine forks can make exec fail with "text file busy".

// script writes an executable sh script to a new temporary directory and
// returns the directory and the argv that runs it.
func script(t testing.TB, body string) (dir string, argv []string) {
	t.Helper()
	dir = t.TempDir()
	p := writeFile(t, dir, "impl.sh", "#!/bin/sh\n"+body, 0o755)
	return dir, []string{p}
}

// readPID reads the pid a script wrote to dir/name, waiting a little for it.
func readPID(t *testing.T, dir, name string) int {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for {
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err == nil {
			if pid, err := strconv.Atoi(strings.TrimSpace(string(b))); err == nil && pid > 0 {
				return pid
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("no pid in %s: %v", name, err)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// assertGone fails unless pid has ended within a short while.
func assertGone(t *testing.T, pid int) {
	t.Helper()
	if !proctest.Ended(pid, 2*time.Second) {
		t.Fatalf("process %d survived the run", pid)
	}
}

func TestRunEchoesStdin(t *testing.T) {
	dir, argv := script(t, "cat\n")
	in := []byte(`{"a":1}` + "\n")
	o := Run(context.Background(), Command{Argv: argv, Dir: dir, Stdin: in, Timeout: 10 * time.Second})
	if o.StartErr != nil || o.ExitCode != 0 || !bytes.Equal(o.Stdout, in) || len(o.Stderr) != 0 {
		t.Fatalf("outcome %+v, stdout %q", o, o.Stdout)
	}
	if o.Status() != "exit code 0" || !o.OK() || o.Signal != "" || o.TimedOut || o.Canceled {
		t.Errorf("status %q, outcome %+v", o.Status(), o)
	}
	if o.Duration <= 0 || o.Duration > 5*time.Second {
		t.Errorf("Duration %v", o.Duration)
	}
}

func TestRunExitCodeAndStderr(t *testing.T) {
	dir, argv := script(t, "echo out; echo err >&2; exit 3\n")
	o := Run(context.Background(), Command{Argv: argv, Dir: dir})
	if o.ExitCode != 3 || string(o.Stdout) != "out\n" || string(o.Stderr) != "err\n" || o.Signal != "" {
		t.Fatalf("outcome %+v, stdout %q, stderr %q", o, o.Stdout, o.Stderr)
	}
	if got := o.Status(); got != "exit code 3" {
		t.Errorf("Status = %q", got)
	}
	if o.OK() {
		t.Error("exit 3 is OK")
	}
}

func TestRunDirAndEnv(t *testing.T) {
	dir, argv := script(t, `pwd; echo "[$SPECCIFY_TEST_VAR]"`+"\n")
	t.Setenv("SPECCIFY_TEST_VAR", "inherited")
	o := Run(context.Background(), Command{Argv: argv, Dir: dir})
	real, _ := filepath.EvalSymlinks(dir)
	lines := strings.Split(strings.TrimSpace(string(o.Stdout)), "\n")
	if len(lines) != 2 || (lines[0] != dir && lines[0] != real) || lines[1] != "[inherited]" {
		t.Errorf("nil Env: stdout %q; want %s and [inherited]", o.Stdout, dir)
	}
	o = Run(context.Background(), Command{Argv: argv, Dir: dir, Env: []string{"SPECCIFY_TEST_VAR=given"}})
	if !strings.HasSuffix(string(o.Stdout), "[given]\n") {
		t.Errorf("explicit Env: stdout %q", o.Stdout)
	}
}

// TestRunBackgroundChildHoldsStdout: the implementation prints its answer
// and exits, leaving a child that keeps stdout open. Run must come back
// soon with the answer, and the child must be killed.
func TestRunBackgroundChildHoldsStdout(t *testing.T) {
	dir, argv := script(t, "sleep 600 &\necho $! > bg.pid\necho '{\"ok\":true}'\nexit 0\n")
	start := time.Now()
	o := Run(context.Background(), Command{Argv: argv, Dir: dir, Timeout: 30 * time.Second})
	elapsed := time.Since(start)
	pid := readPID(t, dir, "bg.pid")
	if elapsed > 3*time.Second {
		t.Errorf("Run took %v with a background child holding stdout", elapsed)
	}
	if o.ExitCode != 0 || string(o.Stdout) != "{\"ok\":true}\n" || o.TimedOut || o.Signal != "" {
		t.Errorf("outcome %+v, stdout %q", o, o.Stdout)
	}
	assertGone(t, pid)
}

// TestRunBackgroundChildDetached: a child that closed its output is killed
// too once the implementation exits.
func TestRunBackgroundChildDetached(t *testing.T) {
	dir, argv := script(t, "sleep 600 >/dev/null 2>&1 </dev/null &\necho $! > bg.pid\necho done\n")
	start := time.Now()
	o := Run(context.Background(), Command{Argv: argv, Dir: dir, Timeout: 30 * time.Second})
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("Run took %v", d)
	}
	if o.ExitCode != 0 || string(o.Stdout) != "done\n" {
		t.Errorf("outcome %+v, stdout %q", o, o.Stdout)
	}
	assertGone(t, readPID(t, dir, "bg.pid"))
}

func TestRunStdoutOverflow(t *testing.T) {
	const limit = 64 << 10
	dir, argv := script(t, "sleep 600 &\necho $! > bg.pid\nhead -c 1073741824 /dev/zero\necho finished >&2\n")
	start := time.Now()
	o := Run(context.Background(), Command{Argv: argv, Dir: dir, MaxOutput: limit, Timeout: 60 * time.Second})
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("Run took %v to stop a 1 GiB writer", d)
	}
	if !o.StdoutOverflow || o.StderrOverflow || len(o.Stdout) != limit || o.TimedOut {
		t.Fatalf("overflow %v/%v, len(stdout) %d, outcome status %q", o.StdoutOverflow, o.StderrOverflow, len(o.Stdout), o.Status())
	}
	if cap(o.Stdout) > limit {
		t.Errorf("stdout buffer capacity %d exceeds the cap", cap(o.Stdout))
	}
	if o.ExitCode != -1 || o.Signal != "" || len(o.Stderr) != 0 {
		t.Errorf("ExitCode %d, Signal %q, stderr %q; want -1, \"\", empty (the group was killed)", o.ExitCode, o.Signal, o.Stderr)
	}
	if got, want := o.Status(), "output exceeds 64 KiB on stdout"; got != want {
		t.Errorf("Status = %q, want %q", got, want)
	}
	assertGone(t, readPID(t, dir, "bg.pid"))
}

func TestRunStderrOverflowDefaultCap(t *testing.T) {
	dir, argv := script(t, "yes >&2\n")
	start := time.Now()
	o := Run(context.Background(), Command{Argv: argv, Dir: dir, Timeout: 60 * time.Second})
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("Run took %v to stop yes", d)
	}
	if !o.StderrOverflow || o.StdoutOverflow || int64(len(o.Stderr)) != DefaultMaxOutput || o.MaxOutput != DefaultMaxOutput {
		t.Fatalf("overflow %v/%v, len(stderr) %d", o.StdoutOverflow, o.StderrOverflow, len(o.Stderr))
	}
	if got, want := o.Status(), "output exceeds 4 MiB on stderr"; got != want {
		t.Errorf("Status = %q, want %q", got, want)
	}
}

// TestRunReadsStreamsConcurrently: much more stderr than a pipe holds, then
// stdout. Reading the streams one after the other would deadlock.
func TestRunReadsStreamsConcurrently(t *testing.T) {
	dir, argv := script(t, "head -c 1000000 /dev/zero >&2\nhead -c 1000000 /dev/zero\nhead -c 500000 /dev/zero >&2\n")
	o := Run(context.Background(), Command{Argv: argv, Dir: dir, Timeout: 10 * time.Second})
	if o.TimedOut || o.ExitCode != 0 || len(o.Stdout) != 1000000 || len(o.Stderr) != 1500000 {
		t.Errorf("status %q, len(stdout) %d, len(stderr) %d", o.Status(), len(o.Stdout), len(o.Stderr))
	}
}

func TestRunIgnoresUnreadStdin(t *testing.T) {
	dir, argv := script(t, "echo ok\nexit 0\n")
	big := bytes.Repeat([]byte("x"), 1<<20)
	for range 3 {
		o := Run(context.Background(), Command{Argv: argv, Dir: dir, Stdin: big, Timeout: 10 * time.Second})
		if o.StartErr != nil || o.ExitCode != 0 || string(o.Stdout) != "ok\n" || o.TimedOut {
			t.Fatalf("outcome %+v, stdout %q", o, o.Stdout)
		}
	}
}

func TestRunLargeStdinRead(t *testing.T) {
	dir, argv := script(t, "wc -c\n")
	o := Run(context.Background(), Command{Argv: argv, Dir: dir, Stdin: bytes.Repeat([]byte("x"), 3<<20), Timeout: 10 * time.Second})
	if strings.TrimSpace(string(o.Stdout)) != strconv.Itoa(3<<20) || o.ExitCode != 0 {
		t.Errorf("status %q, stdout %q", o.Status(), o.Stdout)
	}
}

func TestRunTimeout(t *testing.T) {
	dir, argv := script(t, "sleep 600 &\necho $! > bg.pid\necho partial\nsleep 30\n")
	start := time.Now()
	o := Run(context.Background(), Command{Argv: argv, Dir: dir, Timeout: 2 * time.Second})
	elapsed := time.Since(start)
	if elapsed > 5*time.Second {
		t.Errorf("Run took %v with Timeout 2s", elapsed)
	}
	if !o.TimedOut || o.ExitCode != -1 || o.Signal != "" || o.Canceled {
		t.Errorf("outcome %+v", o)
	}
	if string(o.Stdout) != "partial\n" {
		t.Errorf("stdout %q, want what was printed before the timeout", o.Stdout)
	}
	if got := o.Status(); got != "timed out after 2s" {
		t.Errorf("Status = %q", got)
	}
	if o.Duration < 2*time.Second || o.Duration > 5*time.Second {
		t.Errorf("Duration %v", o.Duration)
	}
	assertGone(t, readPID(t, dir, "bg.pid"))
}

func TestRunKilledBySignal(t *testing.T) {
	for _, sig := range []string{"KILL", "SEGV", "TERM"} {
		dir, argv := script(t, "echo before\nkill -"+sig+" $$\nsleep 5\necho after\n")
		o := Run(context.Background(), Command{Argv: argv, Dir: dir, Timeout: 20 * time.Second})
		want := "SIG" + sig
		if o.Signal != want || o.ExitCode != -1 || o.TimedOut || string(o.Stdout) != "before\n" {
			t.Errorf("kill -%s: outcome %+v, stdout %q", sig, o, o.Stdout)
		}
		if got := o.Status(); got != "killed by signal "+want {
			t.Errorf("kill -%s: Status = %q", sig, got)
		}
	}
}

func TestSignalNameUnknown(t *testing.T) {
	if got := signalName(syscall.Signal(63)); got != "63" && got != "SIG63" {
		// 63 is not in the table on any supported system.
		t.Errorf("signalName(63) = %q", got)
	}
	if got := signalName(syscall.SIGSEGV); got != "SIGSEGV" {
		t.Errorf("signalName(SIGSEGV) = %q", got)
	}
}

func TestRunStartErrors(t *testing.T) {
	dir := t.TempDir()
	garbage := writeFile(t, dir, "garbage", "\x00\x01\x02 not a program\xff\xfe\n", 0o755)
	o := Run(context.Background(), Command{Argv: []string{garbage}, Dir: dir})
	if !errors.Is(o.StartErr, syscall.ENOEXEC) || o.ExitCode != -1 {
		t.Errorf("garbage: StartErr %v, ExitCode %d; want exec format error, -1", o.StartErr, o.ExitCode)
	}
	if got := o.Status(); !strings.HasPrefix(got, "could not start: ") || !strings.Contains(got, "exec format error") {
		t.Errorf("garbage: Status = %q", got)
	}
	if o.OK() {
		t.Error("garbage: OK")
	}

	noexec := writeFile(t, dir, "noexec.sh", "#!/bin/sh\n", 0o644)
	o = Run(context.Background(), Command{Argv: []string{noexec}, Dir: dir})
	if !errors.Is(o.StartErr, os.ErrPermission) {
		t.Errorf("not executable: StartErr %v, want permission denied", o.StartErr)
	}

	o = Run(context.Background(), Command{Argv: []string{filepath.Join(dir, "missing")}, Dir: dir})
	if o.StartErr == nil || o.ExitCode != -1 {
		t.Errorf("missing program: %+v", o)
	}
	o = Run(context.Background(), Command{Argv: []string{"/bin/sh", "-c", "exit 0"}, Dir: filepath.Join(dir, "no-such-dir")})
	if o.StartErr == nil {
		t.Errorf("missing dir: %+v", o)
	}
	o = Run(context.Background(), Command{})
	if o.StartErr == nil || !strings.HasPrefix(o.Status(), "could not start") {
		t.Errorf("empty argv: %+v", o)
	}
}

func TestRunCancel(t *testing.T) {
	dir, argv := script(t, "sleep 600 &\necho $! > bg.pid\nsleep 30\n")
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		// Cancel once the background child exists (no t.Fatal off the test
		// goroutine: give up after a while and cancel anyway).
		for i := 0; i < 500; i++ {
			if _, err := os.Stat(filepath.Join(dir, "bg.pid")); err == nil {
				break
			}
			time.Sleep(10 * time.Millisecond)
		}
		time.Sleep(50 * time.Millisecond)
		cancel()
	}()
	start := time.Now()
	o := Run(ctx, Command{Argv: argv, Dir: dir, Timeout: 60 * time.Second})
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("Run took %v after cancel", d)
	}
	if !o.Canceled || o.TimedOut || o.ExitCode != -1 || o.Signal != "" {
		t.Errorf("outcome %+v", o)
	}
	if got := o.Status(); got != "interrupted" {
		t.Errorf("Status = %q", got)
	}
	assertGone(t, readPID(t, dir, "bg.pid"))
}

func TestRunCanceledBeforeStart(t *testing.T) {
	dir, argv := script(t, "touch ran\n")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	o := Run(ctx, Command{Argv: argv, Dir: dir})
	if !o.Canceled || o.ExitCode != -1 || o.Status() != "interrupted" {
		t.Errorf("outcome %+v", o)
	}
	if _, err := os.Stat(filepath.Join(dir, "ran")); err == nil {
		t.Error("the implementation ran although ctx was canceled")
	}
}

func TestRunDuration(t *testing.T) {
	dir, argv := script(t, "sleep 0.3\n")
	o := Run(context.Background(), Command{Argv: argv, Dir: dir})
	if o.Duration < 300*time.Millisecond || o.Duration > 5*time.Second {
		t.Errorf("Duration %v, want about 300ms", o.Duration)
	}
}

func TestRunResolvedInterpreters(t *testing.T) {
	dir := t.TempDir()
	sh := writeFile(t, dir, "linux.sh", "read x; echo \"sh:$x\"\n", 0o644)
	py := writeFile(t, dir, "linux.py", "import sys, json\nprint(json.dumps({'n': json.load(sys.stdin)['n'] + 1}))\n", 0o644)
	for _, tt := range []struct{ file, in, want string }{
		{sh, "hello\n", "sh:hello\n"},
		{py, `{"n": 1}`, "{\"n\": 2}\n"},
	} {
		argv, err := Resolve(tt.file)
		if err != nil {
			t.Fatal(err)
		}
		o := Run(context.Background(), Command{Argv: argv, Dir: dir, Stdin: []byte(tt.in), Timeout: 20 * time.Second})
		if o.ExitCode != 0 || string(o.Stdout) != tt.want {
			t.Errorf("%s: status %q, stdout %q, stderr %q", filepath.Base(tt.file), o.Status(), o.Stdout, o.Stderr)
		}
	}
}

func BenchmarkRunTrue(b *testing.B) {
	dir, argv := script(b, "exit 0\n")
	ctx := context.Background()
	for b.Loop() {
		o := Run(ctx, Command{Argv: argv, Dir: dir, Stdin: []byte("{}\n"), Timeout: 10 * time.Second})
		if o.ExitCode != 0 {
			b.Fatalf("status %q", o.Status())
		}
	}
}

// TestRunPath starts Path without looking Argv[0] up on PATH: the name is
// on no PATH, yet the program runs, and sees Argv[0] as its name.
func TestRunPath(t *testing.T) {
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Skip("no sh")
	}
	o := Run(context.Background(), Command{Argv: []string{"speccify-no-such-program", "-c", `echo "$0"`, "named"}, Path: sh, Dir: t.TempDir()})
	if o.StartErr != nil || o.ExitCode != 0 || string(o.Stdout) != "named\n" {
		t.Fatalf("outcome %+v, stdout %q", o, o.Stdout)
	}
	o = Run(context.Background(), Command{Argv: []string{"speccify-no-such-program"}, Dir: t.TempDir()})
	if o.StartErr == nil {
		t.Fatalf("started a program on no PATH: %+v", o)
	}
}
