package coverage

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/speccify/speccify-lint/contract"
)

func TestExercised(t *testing.T) {
	text := tool(`inputs:
  type: object
  properties:
    mode: {enum: [fast, exact]}
outputs:
  type: object
  properties:
    ok: {type: boolean}
    result: {type: string}
    error: {type: string}
`, "### a\ninput: {\"mode\": \"fast\"}\noutput: {\"ok\": true}\n")
	spec := contract.ParseText("TOOL.md", []byte(text))
	tl := Tool{Spec: spec, Inputs: compiled(spec.Frontmatter.Inputs), Outputs: compiled(spec.Frontmatter.Outputs)}
	tests := []struct {
		input, output string
		want          []string
	}{
		{`{"mode": "exact"}`, ``, []string{"enum /inputs/properties/mode/enum/1", "given /inputs/properties/mode"}},
		{`{}`, `{"ok": false, "error": "e"}`, []string{"absent /inputs/properties/mode", "failure /outputs/properties/ok",
			"output-key /outputs/properties/error", "output-key /outputs/properties/ok"}},
		{`{}`, `{"ok": true, "result": "r"}`, []string{"absent /inputs/properties/mode", "output-key /outputs/properties/ok",
			"output-key /outputs/properties/result"}},
	}
	for _, tt := range tests {
		var in, out any
		_ = json.Unmarshal([]byte(tt.input), &in)
		if tt.output != "" {
			_ = json.Unmarshal([]byte(tt.output), &out)
		}
		var got []string
		for id := range Exercised(tl, in, out) {
			got = append(got, string(id.Kind)+" "+id.Path)
		}
		slices.Sort(got)
		if !slices.Equal(got, tt.want) {
			t.Errorf("Exercised(%s, %s):\n got %s\nwant %s", tt.input, tt.output, strings.Join(got, ", "), strings.Join(tt.want, ", "))
		}
	}
	// The tool's own examples are not counted, and stay as they were.
	if n := len(spec.Examples.Cases); n != 1 {
		t.Errorf("the spec has %d cases after Exercised, want 1", n)
	}
}
