package drift

import (
	"strings"
	"testing"

	"github.com/speccify/speccify-lint/internal/gencorpus"
)

// BenchmarkCompareGenerated compares a generated corpus tool with itself
// but for one enum value removed from its inputs: the work --against does
// per changed tool (structural walk, witness search, shrinking, the
// compatible walk).
func BenchmarkCompareGenerated(b *testing.B) {
	text := gencorpus.ToolMD(7, 4)
	changed := strings.Replace(text, "enum: [keys, count, summary]", "enum: [keys, count]", 1)
	if changed == text {
		b.Fatal("the generated tool has no enum to change")
	}
	t := &testing.T{}
	old, new := contractOf(t, text), contractOf(t, changed)
	b.ReportAllocs()
	for b.Loop() {
		cs := Compare(old, new)
		if len(cs) == 0 || cs[0].Verdict != Breaking {
			b.Fatalf("no breaking change: %v", whats(cs))
		}
	}
}
