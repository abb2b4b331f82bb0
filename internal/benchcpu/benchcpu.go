// Package benchcpu lets benchmarks report the CPU time they used per op
// (user + system, all threads, GC included). On a machine shared with other
// work, wall time per op says little; CPU time stays meaningful.
package benchcpu

import "testing"

// Start records the process CPU time; call the returned function after the
// benchmark loop to report cpu-ns/op. Where CPU time cannot be read nothing
// is reported.
func Start(b *testing.B) (stop func()) {
	start := processCPU()
	return func() {
		if end := processCPU(); start > 0 && end > start && b.N > 0 {
			b.ReportMetric(float64(end-start)/float64(b.N), "cpu-ns/op")
		}
	}
}
