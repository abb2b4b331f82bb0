package runner

import (
	"fmt"
	"strings"
)

// Mode is whether runs are sealed by the kernel sandbox (--sandbox).
type Mode int

// The sandbox modes.
const (
	// SandboxAuto seals the runs where the kernel offers the sandbox and
	// says once why not elsewhere.
	SandboxAuto Mode = iota
	// SandboxRequired seals the runs or runs nothing: a missing sandbox is
	// an error before anything runs.
	SandboxRequired
	// SandboxOff runs without the kernel sandbox, for a tool that cannot
	// run sealed. The runs still take place in private copies, with the
	// environment filtered (Env).
	SandboxOff
)

// Modes are the names of the modes, as --sandbox takes them.
var Modes = []string{"auto", "required", "off"}

// ParseMode reads a mode by its name.
func ParseMode(s string) (Mode, error) {
	for i, name := range Modes {
		if s == name {
			return Mode(i), nil
		}
	}
	return 0, fmt.Errorf("unknown sandbox mode %q (want %s)", s, strings.Join(Modes, ", "))
}

// Seal is what the kernel sandbox enforced on runs, or why it did not.
type Seal struct {
	// Sealed is true when the runs ran under the kernel sandbox.
	Sealed bool
	// Mechanism is the sandbox ("Landlock"), ABI its version.
	Mechanism string
	ABI       int
	// Rights name what the sandbox enforced, for people: each a kind of
	// access a run is kept to what the sandbox grants it.
	Rights []string
	// Why says why the runs were not sealed.
	Why string
}

// String says in one line whether runs are sealed: "sealed by Landlock
// ABI 7 (file system, TCP, signals, abstract UNIX sockets)" or "not sealed:
// why".
func (s Seal) String() string {
	if !s.Sealed {
		return "not sealed: " + s.Why
	}
	return fmt.Sprintf("sealed by %s ABI %d (%s)", s.Mechanism, s.ABI, strings.Join(s.Rights, ", "))
}

// Probe says what runs in mode get on this system: sealed, with the
// rights the kernel's sandbox enforces, or why not. It runs nothing and
// is cheap after the first call. A workspace can still fail to seal
// (Workspace.Seal says so) where Probe says sealed.
func Probe(mode Mode) Seal {
	if mode == SandboxOff {
		return Seal{Why: "--sandbox off"}
	}
	return probeKernel()
}
