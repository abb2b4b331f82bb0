package lint

import (
	"context"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/speccify/speccify-lint/cache"
	"github.com/speccify/speccify-lint/discover"
	"github.com/speccify/speccify-lint/internal/benchcpu"
	"github.com/speccify/speccify-lint/result"
)

// BenchmarkLintStaticCold is BenchmarkLintStatic1000 with an empty result
// cache each time: what storing the results adds.
func BenchmarkLintStaticCold(b *testing.B) {
	dir := benchCorpus(b, 1000)
	caches := b.TempDir()
	b.ReportAllocs()
	defer benchcpu.Start(b)()
	i := 0
	for b.Loop() {
		b.StopTimer()
		i++
		store, err := cache.Open(filepath.Join(caches, strconv.Itoa(i)))
		if err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		lintStaticWith(b, dir, store)
	}
}

// BenchmarkLintStaticWarm is BenchmarkLintStatic1000 with every result in
// the cache: nothing is checked again.
func BenchmarkLintStaticWarm(b *testing.B) {
	dir := benchCorpus(b, 1000)
	store, err := cache.Open(b.TempDir())
	if err != nil {
		b.Fatal(err)
	}
	lintStaticWith(b, dir, store)
	b.ReportAllocs()
	defer benchcpu.Start(b)()
	for b.Loop() {
		if res := lintStaticWith(b, dir, store); res.Summary.Cached != 1000 {
			b.Fatalf("%d tools from the cache, want 1000", res.Summary.Cached)
		}
	}
}

func lintStaticWith(b *testing.B, dir string, store *cache.Cache) *result.Result {
	disc, err := discover.Discover([]string{dir}, discover.Options{Root: dir})
	if err != nil {
		b.Fatal(err)
	}
	res := Lint(context.Background(), disc, Config{Root: dir, Platform: "linux", Cache: store})
	if res.Summary.Tools != 1000 || res.Summary.Findings != 0 {
		b.Fatalf("summary %+v, want 1000 tools and no finding", res.Summary)
	}
	return res
}
