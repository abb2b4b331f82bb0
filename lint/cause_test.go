package lint

import (
	"testing"

	"github.com/speccify/speccify-lint/contract"
	"github.com/speccify/speccify-lint/discover"
	"github.com/speccify/speccify-lint/result"
)

// TestExplain: the consequent findings of a run are one finding: that names
// the cause when a static finding explains the run, or that goes on with
// the others' messages when none does; the others stand; a cause of an
// unanswered run explains nothing of a run that answered, one of an
// unstarted run only the crash of a run that could not start.
func TestExplain(t *testing.T) {
	cs := &contract.Case{Title: "camera"}
	fixture := cause{rule: "fixture-missing", subject: "fixtures/a.plist", is: "is missing", are: "are missing", at: "t/TOOL.md:13"}
	fixture2 := fixture
	fixture2.subject, fixture2.at = "fixtures/b.plist", "t/TOOL.md:13"
	stdin := cause{rule: "stdin-twice", subject: "linux.sh", is: "reads stdin twice", are: "read stdin twice", at: "t/linux.sh:3", explains: unanswered}
	noShebang := cause{rule: "implementation-runnable", subject: "linux.sh", is: "is executable but has no #! line", at: "t/linux.sh:1", explains: unstarted}
	run := []result.Finding{
		{Rule: "example-failed", Severity: result.SeverityWarning, Message: `example "camera": differs`, Help: "fix it", Key: "camera"},
		{Rule: "example-exit", Severity: result.SeverityError, Message: `example "camera": exit`, Help: "exit 0"},
		{Rule: "effects", Severity: result.SeverityWarning, Message: "wrote x"},
	}
	crash := []result.Finding{{Rule: "example-crash", Severity: result.SeverityError, Message: `example "camera": could not start`}}
	for _, tc := range []struct {
		name     string
		causes   []cause
		impl     []cause
		end      ending
		answered bool
		run      []result.Finding
		want     []string // rule: message
		help     string
	}{
		{"no cause", nil, nil, endAnswered, true, run,
			[]string{`example-failed: example "camera": differs; and exit`, "effects: wrote x"}, "fix it; exit 0"},
		{"crash, no cause", nil, nil, endNotStarted, false, crash, []string{`example-crash: example "camera": could not start`}, ""},
		{"crash, caused", nil, []cause{noShebang}, endNotStarted, false, crash,
			[]string{`example-crash: example "camera" fails because linux.sh is executable but has no #! line, see implementation-runnable`},
			"see implementation-runnable at t/linux.sh:1"},
		{"unstarted cause, answered", nil, []cause{noShebang}, endAnswered, true, run,
			[]string{`example-failed: example "camera": differs; and exit`, "effects: wrote x"}, "fix it; exit 0"},
		{"fixture", []cause{fixture}, nil, endAnswered, true, run,
			[]string{`example-failed: example "camera" fails because fixtures/a.plist is missing, see fixture-missing`, "effects: wrote x"},
			"see fixture-missing at t/TOOL.md:13"},
		{"two fixtures", []cause{fixture, fixture2}, nil, endAnswered, true, run,
			[]string{`example-failed: example "camera" fails because fixtures/a.plist and fixtures/b.plist are missing, see fixture-missing`, "effects: wrote x"},
			"see fixture-missing at t/TOOL.md:13"},
		{"stdin, answered", nil, []cause{stdin}, endAnswered, true, run,
			[]string{`example-failed: example "camera": differs; and exit`, "effects: wrote x"}, "fix it; exit 0"},
		{"stdin, unanswered", []cause{fixture}, []cause{stdin}, endAnswered, false, run,
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
			r := &exampleRun{cs: cs, impl: discover.ImplFile{Name: "linux.sh"}, end: tc.end}
			if tc.answered {
				r.actual = map[string]any{}
			}
			got := c.explain(r, append([]result.Finding(nil), tc.run...))
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
				if got[0].Severity != result.SeverityError {
					t.Errorf("severity = %v, want the highest of the folded findings, error", got[0].Severity)
				}
			}
		})
	}
}
