package drift

import (
	"fmt"
	"testing"
)

// TestChangeMessage: a change in words names its field and its witness,
// and what was not compared.
func TestChangeMessage(t *testing.T) {
	for _, tt := range []struct {
		ch   Change
		want string
	}{
		{Change{Kind: KindInput, What: "required input \"mode\" added", Schema: &SchemaChange{Witness: map[string]any{}, HasWitness: true}},
			`inputs: required input "mode" added; witness {}`},
		{Change{Kind: KindOutput, What: "x", Schema: &SchemaChange{}}, "outputs: x"},
		{Change{Kind: KindEffects, What: "effects widened"}, "effects widened"},
		{Change{Kind: KindNotCompared, What: "no schema", Entry: "inputs"}, "inputs not compared: no schema"},
		{Change{Kind: KindNotCompared, What: "unreadable"}, "not compared: unreadable"},
	} {
		if got := tt.ch.Message(); got != tt.want {
			t.Errorf("%+v: %q, want %q", tt.ch, got, tt.want)
		}
	}
}

// TestToolChanges: a tool's changes carry the rule of those that are not
// compatible and their place, ordered by line with the unplaced last; the
// counts go by verdict, a report without verdicts by Breaking.
func TestToolChanges(t *testing.T) {
	changes := []Change{
		{Kind: KindEffects, Verdict: Compatible, What: "a"},
		{Kind: KindInput, Verdict: Breaking, What: "b", Schema: &SchemaChange{Witness: 1.0, HasWitness: true}},
		{Kind: KindNotCompared, Verdict: NotCompared, What: "c", Entry: "outputs"},
		{Kind: KindRequires, Verdict: Warning, What: "d"},
	}
	lines := map[string][2]int{"a": {5, 1}, "b": {3, 7}, "d": {3, 2}}
	got := ToolChanges(changes, func(k Kind) string { return "rule-" + string(k) },
		func(ch Change) (int, int) { return lines[ch.What][0], lines[ch.What][1] })
	want := []ToolChange{
		{Rule: "rule-requires", Field: "requires", Verdict: Warning, What: "d", Line: 3, Column: 2},
		{Rule: "rule-input", Field: "inputs", Verdict: Breaking, Breaking: true, What: "b", Witness: "1", Line: 3, Column: 7},
		{Field: "effects", Verdict: Compatible, What: "a", Line: 5, Column: 1},
		{Rule: "rule-not-compared", Field: "outputs", Verdict: NotCompared, What: "c"},
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("ToolChanges:\n got %+v\nwant %+v", got, want)
	}
	td := ToolDrift{Changes: append(got, ToolChange{Breaking: true}, ToolChange{})}
	if td.Breaking() != 2 || td.Count(Compatible) != 2 || td.Count(Warning) != 1 {
		t.Errorf("counts: breaking %d, compatible %d, warning %d", td.Breaking(), td.Count(Compatible), td.Count(Warning))
	}
}
