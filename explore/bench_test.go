package explore

import "testing"

// BenchmarkNext is the cost of one input, generator creation included (in
// runs of 100, the default of --runs), with the real oracle.
func BenchmarkNext(b *testing.B) {
	src := source(b, `{"type":"object","properties":{"path":{"type":"string","pattern":"^[a-z/]+\\.txt$"},`+
		`"n":{"type":"integer","minimum":0},"mode":{"enum":["fast","slow"]},"tags":{"type":"array","items":{"type":"string"},"maxItems":5},`+
		`"opts":{"type":"object","properties":{"deep":{"type":"boolean"}},"additionalProperties":false}},"required":["path"]}`,
		`{"path":"fixtures/a.txt","n":3}`)
	b.ReportAllocs()
	var g *Generator
	for i := 0; b.Loop(); i++ {
		if i%100 == 0 {
			g = New(src, uint64(i))
		}
		if _, ok := g.Next(); !ok {
			g = New(src, uint64(i)+1)
		}
	}
}
