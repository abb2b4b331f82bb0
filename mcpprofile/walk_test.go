package mcpprofile

import (
	"fmt"
	"testing"
)

// TestWalk: what a profile's walk finds in a schema, where, with which key
// and message; at most maxProfileFindings of them, the rest counted.
func TestWalk(t *testing.T) {
	gemini, openai := Named("gemini"), Named("openai-strict")
	schema := map[string]any{
		"type": "object",
		"properties": map[string]any{
			"loud":    map[string]any{"type": []any{"boolean", "null"}},
			"a\nb":    map[string]any{"type": "string", "format": "email"},
			"nothing": map[string]any{"not": map[string]any{}},
		},
	}
	problems, more := gemini.Walk("inputs", schema)
	want := []Problem{
		{Pointer: "/properties/a\nb/format", Key: "client:gemini:ignores:inputs/properties/a\nb/format",
			Message: `gemini ignores format email at "inputs/properties/a\nb/format"`},
		{Pointer: "/properties/loud/type", Key: "client:gemini:refuses:inputs/properties/loud/type",
			Message: "gemini refuses type as a list at inputs/properties/loud/type"},
		{Pointer: "/properties/nothing/not", Key: "client:gemini:refuses:inputs/properties/nothing/not",
			Message: "gemini refuses not at inputs/properties/nothing/not"},
	}
	if more != 0 || len(problems) != len(want) {
		t.Fatalf("gemini: %d problems and %d more, want %d: %+v", len(problems), more, len(want), problems)
	}
	for i, w := range want {
		if p := problems[i]; p.Pointer != w.Pointer || p.Key != w.Key || p.Message != w.Message || p.Help() == "" {
			t.Errorf("gemini: problem %d is %+v, want %+v", i, p, w)
		}
	}

	props := map[string]any{}
	for i := range 60 {
		props[fmt.Sprintf("p%02d", i)] = map[string]any{"type": "string"}
	}
	problems, more = openai.Walk("inputs", map[string]any{"type": "object", "additionalProperties": false, "properties": props})
	if len(problems) != maxProfileFindings || more != 60-maxProfileFindings {
		t.Errorf("openai-strict: %d problems and %d more, want %d and %d", len(problems), more, maxProfileFindings, 60-maxProfileFindings)
	}
	if p := problems[0]; p.Message != `openai-strict refuses the optional property "p00" at inputs/properties/p00` {
		t.Errorf("openai-strict: first problem %+v", p)
	}
}
