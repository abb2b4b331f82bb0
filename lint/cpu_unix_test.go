//go:build unix

package lint

import (
	"syscall"
	"time"
)

// processCPU is the user + system CPU time of the process so far; the
// benchmarks report it per op because wall time on a busy machine says
// little.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
