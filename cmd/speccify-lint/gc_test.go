package main

import "testing"

// The memory budget never falls below the floor and grows with the tools,
// staying far above the ~3 KiB a tool a run keeps.
func TestMemoryBudget(t *testing.T) {
	const mib = 1 << 20
	tests := []struct {
		tools int
		want  int64
	}{
		{0, 128 * mib},
		{10_000, 128 * mib},
		{13_312, 128 * mib},
		{100_000, 24*mib + 100_000*8<<10},
	}
	for _, tt := range tests {
		if got := memoryBudget(tt.tools); got != tt.want {
			t.Errorf("memoryBudget(%d) = %d MiB, want %d MiB", tt.tools, got/mib, tt.want/mib)
		}
		if kept := int64(tt.tools) * 3 << 10; memoryBudget(tt.tools) < 2*kept {
			t.Errorf("memoryBudget(%d) is less than twice the %d KiB a run keeps", tt.tools, kept>>10)
		}
	}
}
