package gcbudget

import "testing"

// The memory budget never falls below the floor and grows with the tools,
// staying well above the ~1.7 KiB a tool a run keeps, and it keeps 10,000
// tools under the 64 MiB of RSS issue 20 asks for (the runtime's own memory
// comes on top of the heap: about 8 MiB).
func TestMemoryBudget(t *testing.T) {
	const mib = 1 << 20
	tests := []struct {
		tools int
		want  int64
	}{
		{0, 48 * mib},
		{1_000, 48 * mib},
		{9_830, 48 * mib},
		{10_000, 24*mib + 10_000*5<<9},
		{100_000, 24*mib + 100_000*5<<9},
	}
	for _, tt := range tests {
		if got := Budget(tt.tools); got != tt.want {
			t.Errorf("Budget(%d) = %d MiB, want %d MiB", tt.tools, got/mib, tt.want/mib)
		}
		if kept := int64(tt.tools) * 17 << 10 / 10; Budget(tt.tools) < kept*3/2 {
			t.Errorf("Budget(%d) is less than 1.5 times the %d KiB a run keeps", tt.tools, kept>>10)
		}
	}
	if b := Budget(10_000); b > 56*mib {
		t.Errorf("Budget(10000) = %d MiB: 10,000 tools would pass 64 MiB of RSS", b/mib)
	}
}
