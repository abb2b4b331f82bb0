package tokens

import (
	"strings"
	"testing"
)

// TestEstimate: UTF-8 bytes / 4, rounded up, as docs/explore.md and the
// rule pages say.
func TestEstimate(t *testing.T) {
	for _, tt := range []struct{ n, want int64 }{
		{-1, 0}, {0, 0}, {1, 1}, {4, 1}, {5, 2}, {100000, 25000}, {100001, 25001},
	} {
		if got := Estimate(tt.n); got != tt.want {
			t.Errorf("Estimate(%d) = %d, want %d", tt.n, got, tt.want)
		}
	}
	if !strings.Contains(Method, "/ "+string(rune('0'+bytesPerToken))) {
		t.Errorf("Method %q does not say the ratio %d", Method, bytesPerToken)
	}
	for _, tt := range []struct {
		budget int
		want   int64
	}{{0, 10000}, {DefaultBudget, 10000}, {700, 280}, {500, 200}, {1, 0}} {
		if got := DefinitionWarn(tt.budget); got != tt.want {
			t.Errorf("DefinitionWarn(%d) = %d, want %d", tt.budget, got, tt.want)
		}
	}
	if got := Format(1048576); got != "1,048,576" {
		t.Errorf("Format = %q", got)
	}
}

// TestFormat: separators every three digits from the right, none for
// short numbers.
func TestFormat(t *testing.T) {
	for _, tt := range []struct {
		n    int64
		want string
	}{{0, "0"}, {999, "999"}, {1000, "1,000"}, {25000, "25,000"}, {100001, "100,001"}, {1234567890, "1,234,567,890"}} {
		if got := Format(tt.n); got != tt.want {
			t.Errorf("Format(%d) = %q, want %q", tt.n, got, tt.want)
		}
	}
	if DefinitionWarnShare != "2/5" {
		t.Errorf("DefinitionWarnShare = %q, want 2/5", DefinitionWarnShare)
	}
}
