package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/speccify/speccify-lint/lint"
	"github.com/speccify/speccify-lint/runner"
)

// SandboxFlags are how the commands that run implementations seal the
// runs. They are not settings of the configuration file: the file is the
// repository's, which a pull request writes, and the sandbox is there to
// bound what a pull request's code can do.
type SandboxFlags struct {
	Sandbox string   `enum:"auto,required,off" default:"auto" config:"-" help:"Seal the runs with the kernel sandbox (Landlock on Linux): auto (where the kernel offers it; otherwise stderr and the reports say why not), required (exit 2 where it cannot), off (without it, for a tool that cannot run sealed). Runs take place in private copies of the tool folders in every mode."`
	PassEnv []string `name:"pass-env" sep:"none" placeholder:"NAME" config:"-" help:"Hand the environment variable NAME to the implementations too (repeatable; NAME* for every one NAME begins); they get only the documented few otherwise, and never a CI system's tokens."`
}

// apply sets the sandbox settings of cfg. With --sandbox required, a
// system whose kernel cannot seal the runs is a usage error (exit 2),
// before anything runs; otherwise, when the command is to run something
// (running) and the runs will not be sealed, stderr says so once, and why.
func (f SandboxFlags) apply(cfg *lint.Config, running bool, stderr io.Writer) error {
	mode, err := runner.ParseMode(f.Sandbox)
	if err != nil {
		return usageErrorf("--sandbox: %v", err)
	}
	for _, name := range f.PassEnv {
		if name == "" || strings.ContainsAny(name, "= \t") || strings.Contains(strings.TrimSuffix(name, "*"), "*") {
			return usageErrorf("--pass-env: %q is not an environment variable's name (NAME, or NAME* for every one NAME begins)", name)
		}
	}
	cfg.Sandbox, cfg.PassEnv = mode, f.PassEnv
	seal := runner.Probe(mode)
	switch {
	case mode == runner.SandboxRequired && !seal.Sealed:
		return usageErrorf("--sandbox required: the runs cannot be sealed here: %s", seal.Why)
	case running && !seal.Sealed && mode == runner.SandboxAuto:
		fmt.Fprintf(stderr, "speccify-lint: the runs are not sealed: %s; they run in private copies of the tool folders, without the kernel sandbox (docs/guarantees.md)\n", seal.Why)
	}
	return nil
}
