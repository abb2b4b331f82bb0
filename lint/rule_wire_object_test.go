package lint

import (
	"testing"

	"github.com/speccify/speccify-lint/contract"
	"github.com/speccify/speccify-lint/internal/jsonexact"
)

// onlyObjects is a shortcut of checkWireObject: where it says a schema
// admits objects only, the library must reject every other kind of value.
func TestOnlyObjects(t *testing.T) {
	tests := []struct {
		schema string
		want   bool
	}{
		{`{"type": "object"}`, true},
		{`{"type": ["object"], "properties": {"a": {"type": "string"}}}`, true},
		{`{"type": "object", "anyOf": [{"type": "string"}, {}]}`, true},
		{`{"$schema": "http://json-schema.org/draft-04/schema#", "type": "object"}`, true},
		{`{"type": ["object", "null"]}`, false},
		{`{"type": "string"}`, false},
		{`{"properties": {"a": {}}}`, false},
		{`{"$ref": "#/$defs/o", "$defs": {"o": {"type": "object"}}}`, false},
		{`{"allOf": [{"type": "object"}]}`, false},
		{`true`, false},
		{`{}`, false},
	}
	for _, tt := range tests {
		v, err := jsonexact.Parse([]byte(tt.schema))
		if err != nil {
			t.Fatal(err)
		}
		if got := onlyObjects(v); got != tt.want {
			t.Errorf("onlyObjects(%s) = %v, want %v", tt.schema, got, tt.want)
		}
		if !tt.want {
			continue
		}
		sch, issues := contract.CompileSchema(&contract.JSONDoc{Value: v}, "inputs", nil, t.TempDir())
		if len(issues) > 0 {
			t.Fatalf("%s: %v", tt.schema, issues)
		}
		for _, nv := range nonObjects {
			if sch.Validate(nv.value) == nil {
				t.Errorf("%s accepts %s, but onlyObjects says it admits objects only", tt.schema, nv.kind)
			}
		}
	}
}
