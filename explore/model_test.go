package explore

import (
	"os"
	"testing"

	"github.com/speccify/speccify-lint/contract"
	"github.com/speccify/speccify-lint/internal/testtree"
)

// compileIn compiles schemaText as the inputs schema of a tool folder
// holding files (slash path: JSON text).
func compileIn(t testing.TB, schemaText string, files map[string]string) *contract.Schema {
	t.Helper()
	dir := t.TempDir()
	testtree.Write(t, dir, files)
	root, err := os.OpenRoot(dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { root.Close() })
	sch, issues := contract.CompileSchema(&contract.JSONDoc{Value: decode(t, schemaText)}, "inputs", root, dir)
	if len(issues) > 0 {
		t.Fatalf("schema: %v", issues)
	}
	return sch
}

// TestRefFilesLikeInlined: a schema split over $refs to files of the tool
// folder (by path, $anchor and $id) makes the same inputs as the same
// schema inlined: as many distinct ones, in the same order.
func TestRefFilesLikeInlined(t *testing.T) {
	inlined := `{"type":"object","required":["path","mode"],"additionalProperties":false,"properties":{
		"path":{"type":"string","minLength":1,"pattern":"^[a-z/._-]+$"},
		"mode":{"enum":["read","write","append"]},
		"limit":{"type":"integer","minimum":1,"maximum":9223372036854775807},
		"when":{"type":"string","format":"date"},
		"tags":{"type":"array","items":{"type":"string","maxLength":8},"maxItems":3,"uniqueItems":true},
		"opts":{"type":"object","properties":{"deep":{"type":"boolean"},"depth":{"type":"integer","minimum":0,"maximum":5}}}}}`
	split := `{"type":"object","required":["path","mode"],"additionalProperties":false,"properties":{
		"path":{"$ref":"schemas/path.json"},
		"mode":{"$ref":"schemas/common.json#/$defs/mode"},
		"limit":{"$ref":"schemas/common.json#limit"},
		"when":{"$ref":"urn:speccify:when"},
		"tags":{"$ref":"schemas/tags.json"},
		"opts":{"$ref":"schemas/opts.json"}},
		"$defs":{"when":{"$id":"urn:speccify:when","type":"string","format":"date"}}}`
	files := map[string]string{
		"schemas/path.json":   `{"type":"string","minLength":1,"pattern":"^[a-z/._-]+$"}`,
		"schemas/common.json": `{"$defs":{"mode":{"enum":["read","write","append"]},"limit":{"$anchor":"limit","type":"integer","minimum":1,"maximum":9223372036854775807}}}`,
		"schemas/tags.json":   `{"type":"array","items":{"$ref":"tag.json"},"maxItems":3,"uniqueItems":true}`,
		"schemas/tag.json":    `{"type":"string","maxLength":8}`,
		"schemas/opts.json":   `{"type":"object","properties":{"deep":{"type":"boolean"},"depth":{"type":"integer","minimum":0,"maximum":5}}}`,
	}
	run := func(sch *contract.Schema) []string {
		var out []string
		for _, in := range inputs(New(Source{Schema: sch, Valid: oracle(sch), Invalid: true}, 1), 400) {
			out = append(out, in.Kind+" "+string(in.JSON()))
		}
		return out
	}
	a := run(compileIn(t, inlined, nil))
	b := run(compileIn(t, split, files))
	distinct := func(list []string) int {
		seen := map[string]bool{}
		for _, s := range list {
			seen[s] = true
		}
		return len(seen)
	}
	if distinct(a) != distinct(b) {
		t.Errorf("inlined: %d distinct inputs, split over files: %d", distinct(a), distinct(b))
	}
	if distinct(a) < 300 {
		t.Errorf("only %d distinct inputs of 400", distinct(a))
	}
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			t.Errorf("input %d: inlined %s, split %s", i, a[i], b[i])
			break
		}
	}
}
