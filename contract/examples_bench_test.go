package contract

import (
	"testing"

	"github.com/speccify/speccify-lint/internal/benchcpu"
	"github.com/speccify/speccify-lint/internal/gencorpus"
)

// BenchmarkParseExamples reads the "## Examples" section of a generated
// TOOL.md body: five cases, each with an input: and an output: line.
func BenchmarkParseExamples(b *testing.B) {
	text := []byte(gencorpus.ToolMD(1, 4))
	split := splitFrontmatter(text)
	lines := NewLines(text)
	if ex := parseExamples(split.Body, split.BodyOffset, lines); ex == nil || len(ex.Cases) != 5 {
		b.Fatalf("the generated TOOL.md has no five cases: %+v", ex)
	}
	b.SetBytes(int64(len(split.Body)))
	b.ReportAllocs()
	defer benchcpu.Start(b)()
	for b.Loop() {
		parseExamples(split.Body, split.BodyOffset, lines)
	}
}
