//go:build linux

package runner

import (
	"bufio"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

// requireLandlock skips where the kernel cannot seal runs.
func requireLandlock(t *testing.T) {
	t.Helper()
	if seal := Probe(SandboxAuto); !seal.Sealed {
		t.Skipf("runs cannot be sealed here: %s", seal.Why)
	}
}

// TestSealedReads: a sealed run reads its folder and the system, not the
// user's home nor the repository outside its folder.
func TestSealedReads(t *testing.T) {
	requireLandlock(t)
	home := t.TempDir()
	repo := t.TempDir()
	writeAt(t, filepath.Join(home, ".ssh", "id_ed25519"), "HOME-SECRET")
	writeAt(t, filepath.Join(repo, ".env"), "REPO-SECRET")
	dir := filepath.Join(repo, ".agent", "tools", "t")
	writeAt(t, filepath.Join(dir, "TOOL.md"), "contract")
	writeAt(t, filepath.Join(dir, "fixtures", "in.txt"), "FIXTURE")
	writeAt(t, filepath.Join(dir, "linux.sh"), "cat fixtures/in.txt; echo; cat /etc/passwd >/dev/null && echo etc-ok\n"+
		"cat "+home+"/.ssh/id_ed25519; cat "+repo+"/.env; cat ../../../.env; ls "+repo+"\n")
	w := openWorkspace(t, dir, Options{Placement: Copy, Repository: repo, Hidden: []string{home}})
	o, _ := runScript(t, w, dir, "")
	out := string(o.Stdout) + string(o.Stderr)
	for _, want := range []string{"FIXTURE", "etc-ok", "Permission denied"} {
		if !strings.Contains(out, want) {
			t.Errorf("the run's output lacks %q:\n%s", want, out)
		}
	}
	for _, secret := range []string{"HOME-SECRET", "REPO-SECRET", ".agent"} {
		if strings.Contains(out, secret) {
			t.Errorf("the sealed run read %s:\n%s", secret, out)
		}
	}
}

// TestSealedWrites: a sealed run writes its copy and its temporary
// directory, nothing else: not a directory outside, not the user's folder
// (even by its absolute path), not /tmp, not the workspace's directory
// that holds its copy (so it cannot move the copy away).
func TestSealedWrites(t *testing.T) {
	requireLandlock(t)
	outside := t.TempDir()
	dir := toolFolder(t, map[string]string{"TOOL.md": "contract"})
	writeAt(t, filepath.Join(dir, "linux.sh"), "echo a > here.txt && echo here-ok; echo b > \"$TMPDIR/t\" && echo tmp-ok\n"+
		"echo c > "+outside+"/out.txt; echo d > "+dir+"/abs.txt; echo e > /tmp/speccify-sealed-test-$$; rm -f "+dir+"/TOOL.md\n"+
		"echo f > ../escape.txt; mv ../tool ../moved\n")
	w := openWorkspace(t, dir, Options{Placement: Copy})
	o, _ := runScript(t, w, dir, "")
	out := string(o.Stdout)
	for _, want := range []string{"here-ok", "tmp-ok"} {
		if !strings.Contains(out, want) {
			t.Errorf("the run's output lacks %q:\n%s%s", want, out, o.Stderr)
		}
	}
	for _, p := range []string{filepath.Join(outside, "out.txt"), filepath.Join(dir, "abs.txt"),
		filepath.Join(w.base, "escape.txt"), filepath.Join(w.base, "moved")} {
		if _, err := os.Stat(p); err == nil {
			t.Errorf("the sealed run wrote %s", p)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "TOOL.md")); err != nil {
		t.Errorf("the sealed run removed the user's TOOL.md: %v", err)
	}
	matches, _ := filepath.Glob("/tmp/speccify-sealed-test-*")
	if len(matches) > 0 {
		t.Errorf("the sealed run wrote %q", matches)
	}
}

// TestSealedTCP: a sealed run cannot connect to a TCP listener (none of
// its connections arrives), unless the tool requires network.
func TestSealedTCP(t *testing.T) {
	requireLandlock(t)
	if Probe(SandboxAuto).ABI < 4 {
		t.Skip("Landlock before ABI 4 does not restrict TCP")
	}
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("bash (for /dev/tcp) is not on PATH")
	}
	for _, network := range []bool{false, true} {
		t.Run("network="+strconv.FormatBool(network), func(t *testing.T) {
			ln, err := net.Listen("tcp", "127.0.0.1:0")
			if err != nil {
				t.Fatal(err)
			}
			defer ln.Close()
			arrived := make(chan bool, 1)
			go func() {
				c, err := ln.Accept()
				if err == nil {
					c.Close()
				}
				arrived <- err == nil
			}()
			port := ln.Addr().(*net.TCPAddr).Port
			dir := toolFolder(t, map[string]string{"TOOL.md": "contract",
				"linux.sh": fmt.Sprintf("exec 3<>/dev/tcp/127.0.0.1/%d && echo connected\n", port)})
			w := openWorkspace(t, dir, Options{Placement: Copy, Network: network, Programs: []string{bash}})
			o, _ := w.Run(t.Context(), Request{Argv: []string{bash, filepath.Join(dir, "linux.sh")}, Timeout: 20 * time.Second})
			connected := strings.Contains(string(o.Stdout), "connected")
			// A connection made is waiting to be accepted: give Accept its
			// time before closing the listener.
			var got bool
			select {
			case got = <-arrived:
			case <-time.After(time.Second):
				ln.Close()
				got = <-arrived
			}
			if connected != network || got != network {
				t.Errorf("network %v: the run says connected %v, the listener got a connection %v (stderr %q)", network, connected, got, o.Stderr)
			}
		})
	}
}

// TestSealedCannotInspect: a sealed run can read neither this program's
// environment (where a CI system's tokens are) nor another process's
// through /proc, nor attach to any thread of this program; and it gets no
// capability, even when this program has them.
func TestSealedCannotInspect(t *testing.T) {
	requireLandlock(t)
	sh, err := lookSh()
	if err != nil {
		t.Skip(err)
	}
	// The run sleeps a second, so that its capabilities can be read from
	// outside while it lives.
	dir := toolFolder(t, map[string]string{"TOOL.md": "contract",
		"linux.sh": "read other; cat /proc/$other/environ /proc/$PPID/environ /proc/1/environ; for t in $(seq $PPID $((PPID + 64))); do cat /proc/$PPID/task/$t/environ; done 2>/dev/null; sleep 1\n"})
	w := openWorkspace(t, dir, Options{Placement: Copy})
	// Another process of the same user, with a secret in its environment.
	other := exec.Command("sleep", "10")
	other.Env = []string{"OTHER_SECRET=from-another-process"}
	if err := other.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { _ = other.Process.Kill(); _ = other.Wait() }()
	done := make(chan Outcome, 1)
	go func() {
		o, _ := w.Run(t.Context(), Request{Argv: []string{sh, filepath.Join(dir, "linux.sh")}, Stdin: []byte(strconv.Itoa(other.Process.Pid) + "\n"), Timeout: 20 * time.Second})
		done <- o
	}()
	var status string
	deadline := time.Now().Add(5 * time.Second)
	for status == "" && time.Now().Before(deadline) {
		time.Sleep(50 * time.Millisecond)
		status = capabilitiesOfRun()
	}
	o := <-done
	// This program's environment as it started (what /proc shows) has
	// PATH, as every process's has.
	if strings.Contains(string(o.Stdout), "PATH=") || strings.Contains(string(o.Stdout), "OTHER_SECRET") {
		t.Errorf("the sealed run read a process's environment:\n%s", o.Stdout)
	}
	if status == "" {
		t.Fatal("the run's capabilities could not be read")
	}
	for line := range strings.Lines(status) {
		name, value, _ := strings.Cut(strings.TrimSpace(line), ":")
		if n, err := strconv.ParseUint(strings.TrimSpace(value), 16, 64); err == nil && n != 0 && name != "CapBnd" {
			t.Errorf("the sealed run has %s %s", name, strings.TrimSpace(value))
		}
	}
	if d, _ := unix.PrctlRetInt(unix.PR_GET_DUMPABLE, 0, 0, 0, 0); d != 0 {
		t.Errorf("this program is dumpable (%d) while it seals runs", d)
	}
}

// capabilitiesOfRun is the Cap lines of /proc/PID/status of a child of
// this program that runs sh, read from outside the sandbox; "" when there
// is none.
func capabilitiesOfRun() string {
	self := strconv.Itoa(os.Getpid())
	entries, _ := os.ReadDir("/proc")
	for _, e := range entries {
		b, err := os.ReadFile(filepath.Join("/proc", e.Name(), "status"))
		if err != nil {
			continue
		}
		var caps []string
		isChild, isSh := false, false
		sc := bufio.NewScanner(strings.NewReader(string(b)))
		for sc.Scan() {
			line := sc.Text()
			switch {
			case strings.HasPrefix(line, "PPid:"):
				isChild = strings.TrimSpace(strings.TrimPrefix(line, "PPid:")) == self
			case strings.HasPrefix(line, "Name:"):
				isSh = strings.Contains(line, "sh")
			case strings.HasPrefix(line, "Cap"):
				caps = append(caps, line)
			}
		}
		if isChild && isSh {
			return strings.Join(caps, "\n")
		}
	}
	return ""
}

// TestSealedWithoutLandlock: where Landlock is missing, runs are not
// sealed and say why; --sandbox required refuses to open a workspace.
func TestSealedWithoutLandlock(t *testing.T) {
	saved := probeKernel
	t.Cleanup(func() { probeKernel = saved })
	probeKernel = func() Seal { return Seal{Why: "Landlock is turned off for this process"} }
	dir := toolFolder(t, map[string]string{"TOOL.md": "contract", "linux.sh": "echo ran\n"})
	w := openWorkspace(t, dir, Options{Placement: Copy, Sandbox: SandboxAuto})
	if seal := w.Seal(); seal.Sealed || seal.String() != "not sealed: Landlock is turned off for this process" {
		t.Errorf("Seal = %q", seal)
	}
	if o, _ := runScript(t, w, dir, ""); string(o.Stdout) != "ran\n" {
		t.Errorf("the unsealed run printed %q", o.Stdout)
	}
	root, err := os.OpenRoot(dir)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Open(root, dir, Options{Placement: Copy, Sandbox: SandboxRequired}); err == nil ||
		!strings.Contains(err.Error(), "Landlock is turned off") {
		t.Errorf("Open with SandboxRequired = %v, want an error that says why", err)
	}
}

func writeAt(t *testing.T, path, text string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	mode := os.FileMode(0o644)
	if strings.HasSuffix(path, ".sh") {
		mode = 0o755
	}
	if err := os.WriteFile(path, []byte(text), mode); err != nil {
		t.Fatal(err)
	}
}
