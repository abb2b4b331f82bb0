package contract

import (
	"os"
	"testing"

	"github.com/speccify/speccify-lint/internal/benchcpu"
	"github.com/speccify/speccify-lint/internal/gencorpus"
)

// BenchmarkParseSpec parses one generated TOOL.md: nested schemas in the
// frontmatter, five examples in the body.
func BenchmarkParseSpec(b *testing.B) {
	text := []byte(gencorpus.ToolMD(1, 4))
	if s := ParseSpec("TOOL.md", text); len(s.Problems) > 0 || s.Examples == nil || len(s.Examples.Cases) != 5 {
		b.Fatalf("the generated TOOL.md does not parse cleanly: %v", s.Problems)
	}
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	defer benchcpu.Start(b)()
	for b.Loop() {
		ParseSpec("TOOL.md", text)
	}
}

// BenchmarkReadSpec reads and parses the project's own check-plist-keys
// contract from disk.
func BenchmarkReadSpec(b *testing.B) {
	path := "../.agent/tools/check-plist-keys/TOOL.md"
	if _, err := os.Stat(path); err != nil {
		b.Skip(err)
	}
	b.ReportAllocs()
	defer benchcpu.Start(b)()
	for b.Loop() {
		if _, err := ReadSpec(path); err != nil {
			b.Fatal(err)
		}
	}
}
