//go:build !unix

package lint

import "time"

// processCPU is not measured here; the benchmarks then omit cpu-ns/op.
func processCPU() time.Duration { return 0 }
