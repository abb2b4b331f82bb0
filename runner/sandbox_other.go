//go:build !linux

package runner

import "runtime"

// NoLandlockEnv is the environment variable that takes Landlock away on
// Linux; there is none to take here.
const NoLandlockEnv = "SPECCIFY_LINT_NO_LANDLOCK"

// probeKernel says that no kernel sandbox is used on this system.
func probeKernel() Seal {
	return Seal{Why: "no kernel sandbox on " + runtime.GOOS + " (speccify-lint seals runs with Landlock on Linux)"}
}

// sealer is never made here.
type sealer struct{}

// newSealer reports that runs are not sealed here.
func newSealer(grants) (*sealer, Seal, error) { return nil, probeKernel(), nil }

func (s *sealer) close() {}
