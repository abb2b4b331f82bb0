package jsonexact

import (
	"encoding/json"
	"testing"
)

// TestCompactAndSize: Compact has keys sorted, numbers as written, <, > and & as they are, no
// final newline; CompactSize is its length, and 0 for what does not encode.
func TestCompactAndSize(t *testing.T) {
	v := map[string]any{"b": json.Number("1.50"), "a": "<&>", "c": []any{nil, true}}
	const want = `{"a":"<&>","b":1.50,"c":[null,true]}`
	got, err := Compact(v)
	if err != nil || string(got) != want {
		t.Errorf("Compact = %s, %v; want %s", got, err, want)
	}
	if n := CompactSize(v); n != int64(len(want)) {
		t.Errorf("CompactSize = %d, want %d", n, len(want))
	}
	if _, err := Compact(func() {}); err == nil {
		t.Error("a func encoded")
	}
	if n := CompactSize(func() {}); n != 0 {
		t.Errorf("CompactSize of a func = %d, want 0", n)
	}
}
