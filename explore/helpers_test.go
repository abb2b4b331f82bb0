package explore

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/speccify/speccify-lint/contract"
)

// decode reads JSON text as contract.JSONDoc holds it (numbers as
// json.Number).
func decode(t testing.TB, text string) any {
	t.Helper()
	v, err := decodeJSON(text)
	if err != nil {
		t.Fatalf("decode %s: %v", text, err)
	}
	return v
}

func decodeJSON(text string) (any, error) {
	d := json.NewDecoder(bytes.NewReader([]byte(text)))
	d.UseNumber()
	var v any
	err := d.Decode(&v)
	return v, err
}

// compile compiles schema with the linter's own compiler: the model
// explore generates from, whose validator decides validity for explore.
func compile(t testing.TB, schema any) *contract.Schema {
	t.Helper()
	sch, issues := contract.CompileSchema(&contract.JSONDoc{Value: schema}, "inputs", nil, t.TempDir())
	if len(issues) > 0 {
		t.Fatalf("schema: %v", issues)
	}
	return sch
}

// oracle is the validity of a value against sch.
func oracle(sch *contract.Schema) func(any) bool {
	return func(v any) bool { return sch.Validate(v) == nil }
}

// source is the Source of a schema given as JSON text, with its oracle.
func source(t testing.TB, schemaText string, examples ...string) Source {
	t.Helper()
	sch := compile(t, decode(t, schemaText))
	src := Source{Schema: sch, Valid: oracle(sch), Invalid: true}
	for _, e := range examples {
		src.Examples = append(src.Examples, decode(t, e))
	}
	return src
}

// inputs takes up to n inputs of g.
func inputs(g *Generator, n int) []Input {
	var out []Input
	for range n {
		in, ok := g.Next()
		if !ok {
			break
		}
		out = append(out, in)
	}
	return out
}
