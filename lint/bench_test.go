package lint

import (
	"context"
	"testing"

	"github.com/speccify/speccify-lint/discover"
	"github.com/speccify/speccify-lint/internal/benchcpu"
	"github.com/speccify/speccify-lint/internal/gencorpus"
)

// benchCorpus generates n tools with four passing examples and a linux.sh
// each, as the static benchmarks see them.
func benchCorpus(b *testing.B, n int) string {
	b.Helper()
	dir := b.TempDir()
	if err := gencorpus.Generate(dir, gencorpus.Options{Tools: n, Examples: 4, Impl: gencorpus.ImplSh}); err != nil {
		b.Fatal(err)
	}
	return dir
}

// BenchmarkLintStatic1000 is --no-run on 1,000 generated tools: discovery
// and every static rule, with the default parallelism (one job per CPU).
func BenchmarkLintStatic1000(b *testing.B) {
	dir := benchCorpus(b, 1000)
	cfg := Config{Root: dir, Platform: "linux"}
	b.ReportAllocs()
	defer benchcpu.Start(b)()
	for b.Loop() {
		disc, err := discover.Discover([]string{dir}, discover.Options{Root: dir})
		if err != nil {
			b.Fatal(err)
		}
		res := Lint(context.Background(), disc, cfg)
		if res.Summary.Tools != 1000 || res.Summary.Findings != 0 {
			b.Fatalf("summary %+v, want 1000 tools and no finding", res.Summary)
		}
	}
	b.ReportMetric(float64(b.N*1000)/b.Elapsed().Seconds(), "tools/s")
}

// BenchmarkCheckTool is the static check of one tool folder, sequentially.
func BenchmarkCheckTool(b *testing.B) {
	dir := benchCorpus(b, 1)
	disc, err := discover.Discover([]string{dir}, discover.Options{Root: dir})
	if err != nil || len(disc.Tools) != 1 {
		b.Fatalf("discovered %v, err %v", disc, err)
	}
	cfg := Config{Root: dir, Platform: "linux"}
	b.ReportAllocs()
	defer benchcpu.Start(b)()
	for b.Loop() {
		if tr := checkTool(context.Background(), &cfg, disc.Tools[0].Dir); len(tr.Findings) != 0 {
			b.Fatalf("findings: %v", tr.Findings)
		}
	}
}

// BenchmarkLintRun100 runs the 400 examples of 100 generated tools (3
// passing + 1 ok: false each, a /bin/sh linux.sh) one at a time (--jobs 1).
func BenchmarkLintRun100(b *testing.B) {
	if HostPlatform() != "linux" {
		b.Skip("the generated implementation is linux.sh")
	}
	dir := b.TempDir()
	if err := gencorpus.Generate(dir, gencorpus.Options{Tools: 100, Examples: 3, Impl: gencorpus.ImplSh}); err != nil {
		b.Fatal(err)
	}
	disc, err := discover.Discover([]string{dir}, discover.Options{Root: dir})
	if err != nil {
		b.Fatal(err)
	}
	cfg := Config{Root: dir, Platform: "linux", Run: true, Jobs: 1}
	b.ReportAllocs()
	defer benchcpu.Start(b)()
	for b.Loop() {
		res := Lint(context.Background(), disc, cfg)
		if s := res.Summary; s.Passed != 400 {
			b.Fatalf("summary %+v, want 400 passed examples", s)
		}
	}
}

// checkTool lints one tool folder and runs its examples.
func checkTool(ctx context.Context, cfg *Config, dir string) ToolResult {
	return checkStatic(cfg, 0, discover.Tool{Dir: dir}, nil).runExamples(ctx)
}
