package runner

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// helperEnv selects what the test binary does when it runs as a helper
// process of TestHelperProcess: "spawn" starts a "sleep" helper, writes
// its pid to $SPECCIFY_PROCESS_PIDFILE and exits at once.
const helperEnv = "SPECCIFY_PROCESS_HELPER"

// TestHelperProcess is not a test: it is the implementation the tests
// below run, the test binary started again.
func TestHelperProcess(t *testing.T) {
	switch os.Getenv(helperEnv) {
	case "":
		return
	case "spawn":
		cmd := exec.Command(os.Args[0], "-test.run=^TestHelperProcess$")
		cmd.Env = append(os.Environ(), helperEnv+"=sleep")
		if err := cmd.Start(); err != nil {
			os.Exit(3)
		}
		pidfile := os.Getenv("SPECCIFY_PROCESS_PIDFILE")
		if err := os.WriteFile(pidfile+".tmp", []byte(strconv.Itoa(cmd.Process.Pid)), 0o644); err != nil {
			os.Exit(4)
		}
		if err := os.Rename(pidfile+".tmp", pidfile); err != nil {
			os.Exit(5)
		}
	case "sleep":
		time.Sleep(10 * time.Minute)
	}
	os.Exit(0)
}

// TestRunKillsOrphanedChild: the implementation starts a child and exits
// at once, so the child's parent is gone when the run ends. The child is
// killed all the same: on Linux it came back to this program (child
// subreaper) in the run's process group, on Windows it is in the run's Job
// Object (which "taskkill /T" on the exited implementation never reached),
// elsewhere it is in the run's process group.
func TestRunKillsOrphanedChild(t *testing.T) {
	if testing.Short() {
		t.Skip("starts the test binary again")
	}
	dir := t.TempDir()
	pidfile := filepath.Join(dir, "child.pid")
	env := append(os.Environ(), helperEnv+"=spawn", "SPECCIFY_PROCESS_PIDFILE="+pidfile)
	o := Run(context.Background(), Command{
		Argv:    []string{os.Args[0], "-test.run=^TestHelperProcess$"},
		Dir:     dir,
		Env:     env,
		Timeout: 60 * time.Second,
	})
	if o.ExitCode != 0 {
		t.Fatalf("status %q, stderr %q", o.Status(), o.Stderr)
	}
	b, err := os.ReadFile(pidfile)
	if err != nil {
		t.Fatal(err)
	}
	pid, err := strconv.Atoi(strings.TrimSpace(string(b)))
	if err != nil {
		t.Fatal(err)
	}
	if !ended(pid, 5*time.Second) {
		t.Errorf("the implementation's child %d outlived the run", pid)
	}
}
