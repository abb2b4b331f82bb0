package contract

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// TestFailedKeyword: the pointer of the keyword a value fails, in the
// schema document, through $defs and $ref inside it; "" for a keyword in a
// $ref'd file and for no failure.
func TestFailedKeyword(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "item.json"), []byte(`{"type": "string", "minLength": 2}`), 0o644); err != nil {
		t.Fatal(err)
	}
	schema := map[string]any{}
	if err := json.Unmarshal([]byte(`{
		"type": "object", "required": ["ok"],
		"properties": {
			"ok": {"type": "boolean"},
			"n": {"type": "integer", "maximum": 3},
			"tag": {"$ref": "#/$defs/tag"},
			"file": {"$ref": "item.json"}
		},
		"$defs": {"tag": {"enum": ["a", "b"]}}
	}`), &schema); err != nil {
		t.Fatal(err)
	}
	sch, issues := compileIn(t, schema, dir)
	if len(issues) > 0 {
		t.Fatal(issues)
	}
	for _, tc := range []struct {
		value string
		want  string
	}{
		{`{}`, "/required"},
		{`{"ok": 1}`, "/properties/ok/type"},
		{`{"ok": true, "n": 4}`, "/properties/n/maximum"},
		{`{"ok": true, "tag": "c"}`, "/$defs/tag/enum"},
		{`{"ok": true, "file": "x"}`, ""},
		{`"text"`, "/type"},
	} {
		var v any
		if err := json.Unmarshal([]byte(tc.value), &v); err != nil {
			t.Fatal(err)
		}
		err := sch.Validate(v)
		if err == nil {
			t.Errorf("%s is valid", tc.value)
			continue
		}
		if got := sch.FailedKeyword(err); got != tc.want {
			t.Errorf("FailedKeyword of %s = %q, want %q", tc.value, got, tc.want)
		}
	}
	if got := sch.FailedKeyword(nil); got != "" {
		t.Errorf("FailedKeyword(nil) = %q", got)
	}
}
