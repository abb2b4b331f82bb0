//go:build linux

package runner

import (
	"errors"
	"fmt"
	"os"
	"runtime"
	"sync"
	"syscall"

	"github.com/landlock-lsm/go-landlock/landlock"
	ll "github.com/landlock-lsm/go-landlock/landlock/syscall"
	"golang.org/x/sys/unix"
)

// NoLandlockEnv is the environment variable that, set to anything, makes
// Landlock unavailable to this
// process, as on a kernel without it: the tests of the fallback use it,
// and so can a user who wants to see what an unsealed run does. It can
// only take the sandbox away, and the report then says the runs were not
// sealed (and --sandbox required refuses to run).
const NoLandlockEnv = "SPECCIFY_LINT_NO_LANDLOCK"

// landlockConfigs are go-landlock's configurations by ABI version: the
// rights of each version, all of which a sealed run handles (denies but
// for what the sandbox grants).
var landlockConfigs = []landlock.Config{landlock.V1, landlock.V1, landlock.V2, landlock.V3, landlock.V4,
	landlock.V5, landlock.V6, landlock.V7, landlock.V8, landlock.V9, landlock.V10, landlock.V11}

// probeKernel is the kernel's Landlock, asked once.
var probeKernel = sync.OnceValue(func() Seal {
	if os.Getenv(NoLandlockEnv) != "" {
		return Seal{Why: "Landlock is turned off for this process (" + NoLandlockEnv + " is set)"}
	}
	abi, err := ll.LandlockGetABIVersion()
	switch {
	case errors.Is(err, syscall.ENOSYS):
		return Seal{Why: "the kernel has no Landlock (Linux 5.13 or newer with CONFIG_SECURITY_LANDLOCK has it)"}
	case errors.Is(err, syscall.EOPNOTSUPP):
		return Seal{Why: "Landlock is built into the kernel but not enabled (the lsm= boot parameter leaves it out)"}
	case err != nil:
		// A container's seccomp profile that blocks the system call, say.
		return Seal{Why: fmt.Sprintf("Landlock cannot be used here: %v", err)}
	case abi < 1:
		return Seal{Why: fmt.Sprintf("the kernel reports Landlock ABI %d", abi)}
	}
	return Seal{Sealed: true, Mechanism: "Landlock", ABI: abi, Rights: rightsOf(abi, false)}
})

// rightsOf names what Landlock of ABI version abi enforces on a run;
// network is true when the run may use TCP and UDP.
func rightsOf(abi int, network bool) []string {
	rights := []string{"file system"}
	if abi >= 4 && !network {
		rights = append(rights, "TCP")
	}
	if abi >= 10 && !network {
		rights = append(rights, "UDP")
	}
	if abi >= 6 {
		rights = append(rights, "signals", "abstract UNIX sockets")
	}
	return rights
}

// configFor is the Landlock configuration of a sealed run at ABI version
// abi: every right the version knows is handled, but the network's when
// the tool requires network.
func configFor(abi int, network bool) landlock.Config {
	cfg := landlockConfigs[min(abi, len(landlockConfigs)-1)]
	if network {
		cfg.HandledAccessNet = 0
	}
	return cfg
}

// newSealer makes the thread that starts the sealed runs of a workspace:
// it restricts itself with Landlock to what g grants, and every process it
// starts inherits the restriction (landlock_restrict_self(2) restricts the
// calling thread, and a child gets its parent thread's credentials). The
// thread is never used for anything else, and it ends with the sealer's
// goroutine (which never unlocks it): the Go runtime then terminates it
// rather than reuse it. Other threads of this program are not restricted.
func newSealer(g grants) (*sealer, Seal, error) {
	seal := probeKernel()
	if !seal.Sealed {
		return nil, seal, nil
	}
	cfg := configFor(seal.ABI, g.network)
	rules := []landlock.Rule{
		landlock.RODirs(g.readOnly...).IgnoreIfMissing(),
		landlock.ROFiles(g.readOnlyFiles...).IgnoreIfMissing(),
		landlock.RWFiles(g.writableFiles...).IgnoreIfMissing(),
	}
	rw := landlock.RWDirs(g.writable...)
	if seal.ABI >= 2 {
		rw = rw.WithRefer() // a rename or link from one directory of the copy to another
	}
	rules = append(rules, rw)
	fd, flags, err := cfg.NewRulesetFD(rules...)
	switch {
	case err != nil:
		return nil, Seal{}, fmt.Errorf("the Landlock ruleset cannot be made: %w", err)
	case fd < 0:
		return nil, Seal{}, errors.New("the Landlock ruleset has nothing to enforce")
	}
	defer unix.Close(fd)
	// A run shares its Landlock domain with the thread that started it,
	// which a domain does not keep it from inspecting: this program's
	// memory (its environment, its secrets) is made unreadable to a process
	// without CAP_SYS_PTRACE, which the runs do not get.
	if err := unix.Prctl(unix.PR_SET_DUMPABLE, 0, 0, 0, 0); err != nil {
		return nil, Seal{}, fmt.Errorf("this program cannot be made non-dumpable: %w", err)
	}
	s := &sealer{starts: make(chan func())}
	ready := make(chan error)
	go s.run(fd, flags, ready)
	if err := <-ready; err != nil {
		return nil, Seal{}, err
	}
	seal.Rights = rightsOf(seal.ABI, g.network)
	return s, seal, nil
}

// dropCapabilities takes every capability from the calling thread, and so
// from what it starts: with no_new_privs set, a program started even as
// root gets no capability back (none of CAP_SYS_PTRACE, CAP_DAC_OVERRIDE,
// CAP_KILL, ...). The bounding set is emptied too where the thread may
// (CAP_SETPCAP).
func dropCapabilities() error {
	for c := 0; c <= unix.CAP_LAST_CAP; c++ {
		if err := unix.Prctl(unix.PR_CAPBSET_DROP, uintptr(c), 0, 0, 0); err != nil {
			break // EPERM without CAP_SETPCAP: no_new_privs and the empty sets still hold
		}
	}
	_ = unix.Prctl(unix.PR_CAP_AMBIENT, unix.PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0)
	hdr := unix.CapUserHeader{Version: unix.LINUX_CAPABILITY_VERSION_3}
	var data [2]unix.CapUserData
	if err := unix.Capset(&hdr, &data[0]); err != nil {
		return fmt.Errorf("the capabilities cannot be dropped: %w", err)
	}
	return nil
}

// sealer is the restricted thread of a workspace's sealed runs.
type sealer struct {
	starts chan func()
}

// run locks its goroutine to a thread, restricts the thread with the
// ruleset fd, says so on ready, and then runs the starts it is given until
// close. It never seals the main thread: /proc/<pid> shows the main thread
// as this program, and a run may inspect a thread of its own domain. On
// the main thread it stays, parked for good (so that no goroutine is put
// on that thread again), and seals another thread instead.
func (s *sealer) run(fd int, flags uint32, ready chan<- error) {
	runtime.LockOSThread() // never unlocked: the thread ends with this goroutine
	if unix.Gettid() == unix.Getpid() {
		go s.run(fd, flags, ready)
		select {}
	}
	if err := unix.Prctl(unix.PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0); err != nil {
		ready <- fmt.Errorf("no_new_privs cannot be set: %w", err)
		return
	}
	if err := dropCapabilities(); err != nil {
		ready <- err
		return
	}
	if err := ll.LandlockRestrictSelf(fd, flags); err != nil {
		ready <- fmt.Errorf("landlock_restrict_self: %w", err)
		return
	}
	ready <- nil
	for f := range s.starts {
		f()
	}
}

// start runs f (a process's start) on the restricted thread.
func (s *sealer) start(f func() error) error {
	done := make(chan error, 1)
	s.starts <- func() { done <- f() }
	return <-done
}

// close ends the thread. A process it started that still lives is sent
// SIGKILL (Pdeathsig goes with the thread that forked it): call it after
// the runs.
func (s *sealer) close() { close(s.starts) }
