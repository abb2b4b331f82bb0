package lint

import (
	"testing"

	"github.com/speccify/speccify-lint/contract"
)

// TestExplain: the consequent findings of a run that a static finding
// explains are one finding that names the cause; the others stand; a cause
// of an unanswered run explains nothing of a run that answered.
func TestExplain(t *testing.T) {
	cs := &contract.Case{Title: "camera"}
	fixture := cause{rule: "fixture-missing", subject: "fixtures/a.plist", is: "is missing", are: "are missing", at: "t/TOOL.md:13"}
	fixture2 := fixture
	fixture2.subject, fixture2.at = "fixtures/b.plist", "t/TOOL.md:13"
	stdin := cause{rule: "stdin-twice", subject: "linux.sh", is: "reads stdin twice", are: "read stdin twice", at: "t/linux.sh:3", unanswered: true}
	run := []Finding{
		{Rule: "example-failed", Severity: SeverityWarning, Message: "differs", Key: "camera"},
		{Rule: "example-exit", Severity: SeverityError, Message: "exit"},
		{Rule: "effects", Severity: SeverityWarning, Message: "wrote x"},
	}
	for _, tc := range []struct {
		name     string
		causes   []cause
		impl     []cause
		answered bool
		want     []string // rule: message
		help     string
	}{
		{"no cause", nil, nil, true, []string{"example-failed: differs", "example-exit: exit", "effects: wrote x"}, ""},
		{"fixture", []cause{fixture}, nil, true,
			[]string{`example-failed: example "camera" fails because fixtures/a.plist is missing, see fixture-missing`, "effects: wrote x"},
			"see fixture-missing at t/TOOL.md:13"},
		{"two fixtures", []cause{fixture, fixture2}, nil, true,
			[]string{`example-failed: example "camera" fails because fixtures/a.plist and fixtures/b.plist are missing, see fixture-missing`, "effects: wrote x"},
			"see fixture-missing at t/TOOL.md:13"},
		{"stdin, answered", nil, []cause{stdin}, true, []string{"example-failed: differs", "example-exit: exit", "effects: wrote x"}, ""},
		{"stdin, unanswered", []cause{fixture}, []cause{stdin}, false,
			[]string{`example-failed: example "camera" fails because fixtures/a.plist is missing, see fixture-missing; and linux.sh reads stdin twice, see stdin-twice`, "effects: wrote x"},
			"see fixture-missing at t/TOOL.md:13 and stdin-twice at t/linux.sh:3"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := &toolCheck{}
			for _, k := range tc.causes {
				c.causeOfCase(cs, k)
			}
			for _, k := range tc.impl {
				c.causeOfImpl("linux.sh", k)
			}
			got := c.explain(cs, "linux.sh", tc.answered, append([]Finding(nil), run...))
			if len(got) != len(tc.want) {
				t.Fatalf("got %d findings %v, want %d", len(got), got, len(tc.want))
			}
			for i, f := range got {
				if s := f.Rule + ": " + f.Message; s != tc.want[i] {
					t.Errorf("finding %d = %q, want %q", i, s, tc.want[i])
				}
			}
			if tc.help != "" {
				if got[0].Help != tc.help {
					t.Errorf("help = %q, want %q", got[0].Help, tc.help)
				}
				if got[0].Severity != SeverityError {
					t.Errorf("severity = %v, want the highest of the folded findings, error", got[0].Severity)
				}
			}
		})
	}
}
