package discover

import (
	"testing"

	"github.com/speccify/speccify-lint/internal/benchcpu"
	"github.com/speccify/speccify-lint/internal/gencorpus"
)

// BenchmarkDiscover1000 is the discovery walk alone over 1,000 tools.
func BenchmarkDiscover1000(b *testing.B) {
	dir := b.TempDir()
	if err := gencorpus.Generate(dir, gencorpus.Options{Tools: 1000, Examples: 4, Impl: gencorpus.ImplSh}); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	defer benchcpu.Start(b)()
	for b.Loop() {
		disc, err := Discover([]string{dir}, Options{Root: dir})
		if err != nil || len(disc.Tools) != 1000 {
			b.Fatalf("discovered %d tools, err %v", len(disc.Tools), err)
		}
	}
}
