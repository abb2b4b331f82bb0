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

// TestWalkStringChars: the characters OpenAI bounds are the names of
// properties, $defs and definitions, the strings of enums and a string
// const, in all the schema's objects; numbers, other values and the names
// in required do not count. An enum is held to its own bound only past
// Over values.
func TestWalkStringChars(t *testing.T) {
	schema := map[string]any{
		"type":     "object",
		"required": []any{"abc"},
		"properties": map[string]any{ // 5
			"abc": map[string]any{"enum": []any{"é1", 7, nil, "xy"}}, // 4
			"d":   map[string]any{"const": "12345"},                  // 5
			"e":   map[string]any{"const": map[string]any{"long key": 1}},
		},
		"$defs":       map[string]any{"ab": map[string]any{"const": 12345}},  // 2
		"definitions": map[string]any{"c": map[string]any{"type": "string"}}, // 1
	}
	for _, c := range []struct {
		limit int
		found bool
	}{{17, false}, {16, true}} {
		p := &Profile{Name: "t", Constraints: []Constraint{{Keyword: "properties", Check: CheckStringChars, Limit: c.limit, Verdict: Refuses}}}
		problems, _ := p.Walk("inputs", schema)
		if found := len(problems) == 1; found != c.found || len(problems) > 1 {
			t.Errorf("limit %d: %+v, want a finding: %v", c.limit, problems, c.found)
		}
	}
	enum := map[string]any{"enum": []any{"aa", "bb", "cc", 1}}
	for _, c := range []struct {
		over, limit int
		found       bool
	}{{3, 5, true}, {4, 5, false}, {3, 6, false}} {
		p := &Profile{Name: "t", Constraints: []Constraint{{Keyword: "enum", Check: CheckEnumChars, Limit: c.limit, Over: c.over, Verdict: Refuses}}}
		problems, _ := p.Walk("inputs", enum)
		if found := len(problems) == 1; found != c.found {
			t.Errorf("over %d, limit %d: %+v, want a finding: %v", c.over, c.limit, problems, c.found)
		} else if found && problems[0].Message != "t refuses enum of 4 values with 6 characters at inputs/enum" {
			t.Errorf("over %d, limit %d: message %q", c.over, c.limit, problems[0].Message)
		}
	}
}
