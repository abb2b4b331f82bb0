package lint

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"testing"

	"github.com/speccify/speccify-lint/discover"
	"github.com/speccify/speccify-lint/internal/benchcpu"
	"github.com/speccify/speccify-lint/internal/gencorpus"
	"github.com/speccify/speccify-lint/result"
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
// Their outputs schemas differ only in their descriptions, so that all
// share one compiled schema (contract/schemacache.go);
// BenchmarkLintStatic1000Distinct is the same with no schema shared.
func BenchmarkLintStatic1000(b *testing.B) {
	benchLintStatic(b, benchCorpus(b, 1000))
}

// BenchmarkLintStatic1000Distinct is BenchmarkLintStatic1000 on tools whose
// schemas all differ in more than their words.
func BenchmarkLintStatic1000Distinct(b *testing.B) {
	dir := b.TempDir()
	if err := gencorpus.Generate(dir, gencorpus.Options{Tools: 1000, Examples: 4, Impl: gencorpus.ImplSh, DistinctSchemas: true}); err != nil {
		b.Fatal(err)
	}
	benchLintStatic(b, dir)
}

// benchLintStatic lints the 1,000 generated tools under dir with --no-run.
func benchLintStatic(b *testing.B, dir string) {
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

// BenchmarkFixableFindings is --no-run on 400 generated tools with one
// fixable finding each (a description YAML split at a comma: yaml-split),
// with the rule on and off, beside the same tools without it. The checks
// only propose fixes (package autofix verifies them, and only when a fix
// is made or shown), so a fixable finding costs what any finding costs, and
// one of a disabled rule nothing: rule-off is clean within the noise, where
// it was 2.3 times the CPU when each proposal re-parsed and re-checked the
// file.
func BenchmarkFixableFindings(b *testing.B) {
	const n = 400
	clean := benchCorpus(b, n)
	split := benchCorpus(b, n)
	why := regexp.MustCompile(`description: "Why (tool-\d+) failed."`)
	specs, _ := filepath.Glob(filepath.Join(split, ".agent", "tools", "*", "TOOL.md"))
	for _, p := range specs {
		data, err := os.ReadFile(p)
		if err == nil {
			err = os.WriteFile(p, why.ReplaceAll(data, []byte("description: Why $1 failed, and how.")), 0o644)
		}
		if err != nil {
			b.Fatal(err)
		}
	}
	for _, bc := range []struct {
		name     string
		dir      string
		disabled bool
		findings int
	}{
		{"clean", clean, false, 0},
		{"fixable/rule-on", split, false, n},
		{"fixable/rule-off", split, true, 0},
	} {
		b.Run(bc.name, func(b *testing.B) {
			cfg := Config{Root: bc.dir, Platform: "linux", Jobs: 1}
			if bc.disabled {
				cfg.Disabled = map[string]bool{ruleYAMLSplit.ID: true}
			}
			disc, err := discover.Discover([]string{bc.dir}, discover.Options{Root: bc.dir})
			if err != nil {
				b.Fatal(err)
			}
			defer benchcpu.Start(b)()
			for b.Loop() {
				d := *disc
				d.Tools = slices.Clone(disc.Tools)
				res := Lint(context.Background(), &d, cfg)
				if res.Summary.Findings != bc.findings {
					b.Fatalf("%d findings, want %d", res.Summary.Findings, bc.findings)
				}
			}
		})
	}
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
func checkTool(ctx context.Context, cfg *Config, dir string) result.ToolResult {
	return checkStaticWith(cfg, 0, discover.Tool{Dir: dir}, toolTexts{}).runExamples(ctx)
}
