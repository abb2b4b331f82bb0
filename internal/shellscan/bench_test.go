package shellscan

import (
	"testing"

	"github.com/speccify/speccify-lint/internal/benchcpu"
	"github.com/speccify/speccify-lint/internal/gencorpus"
)

// BenchmarkStdinReads scans a generated linux.sh (a case on the input) for
// reads of stdin.
func BenchmarkStdinReads(b *testing.B) {
	var script []byte
	for _, f := range gencorpus.Tool(1, gencorpus.Options{Examples: 4, Impl: gencorpus.ImplSh}) {
		if f.Path == "linux.sh" {
			script = []byte(f.Content)
		}
	}
	b.SetBytes(int64(len(script)))
	b.ReportAllocs()
	defer benchcpu.Start(b)()
	for b.Loop() {
		StdinReads(script)
	}
}
