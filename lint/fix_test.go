package lint

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/speccify/speccify-lint/contract"
)

// TestFixJSON: a finding's fix reads back from the JSON report as it was
// written (merge reads shards' reports), its safety as a word.
func TestFixJSON(t *testing.T) {
	p := func(line, col, off int) contract.Point {
		return contract.Point{Pos: contract.Pos{Line: line, Column: col}, Offset: off}
	}
	f := Finding{Rule: "yaml-split", Severity: SeverityWarning, File: "t/TOOL.md", Line: 3, Column: 4, Fix: &Fix{Title: "quote", Safety: SafeFix, File: "t/TOOL.md",
		Edits: []Edit{{Start: p(3, 1, 20), End: p(3, 5, 24), New: `"a, b"`}}}}
	g := Finding{Rule: "fixture-unused", Severity: SeverityWarning, Fix: &Fix{Title: "delete", Safety: UnsafeFix, File: "t/fixtures/a", Delete: true}}
	for _, want := range []Finding{f, g} {
		b, err := json.Marshal(want)
		if err != nil {
			t.Fatal(err)
		}
		var got Finding
		if err := json.Unmarshal(b, &got); err != nil {
			t.Fatalf("%s: %v", b, err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("read back %+v, want %+v (%s)", got.Fix, want.Fix, b)
		}
	}
	var s FixSafety
	if err := json.Unmarshal([]byte(`"risky"`), &s); err == nil {
		t.Error(`"risky" read as a fix safety`)
	}
}
