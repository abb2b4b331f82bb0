package lint

import (
	"reflect"
	"testing"

	"github.com/speccify/speccify-lint/result"
)

// TestSkippedExamples: examples all skipped for one reason come back from
// their compact form as they were; one with more to say keeps them all as
// they are.
func TestSkippedExamples(t *testing.T) {
	plain := []result.ExampleResult{
		{Title: "a", Line: 3, InputLine: 4, OutputLine: 5, Status: result.StatusSkipped, SkipReason: "not run (--no-run)", ExitCode: -1},
		{Title: "b", Line: 7, Status: result.StatusSkipped, SkipReason: "not run (--no-run)", ExitCode: -1},
	}
	s := skipped(plain)
	if s == nil || !reflect.DeepEqual(s.expand(), plain) {
		t.Fatalf("skipped(%v) = %v, expands to %v", plain, s, s.expand())
	}
	for name, change := range map[string]func(*result.ExampleResult){
		"another reason": func(e *result.ExampleResult) { e.SkipReason = "no implementation for linux" },
		"ran":            func(e *result.ExampleResult) { e.Status, e.SkipReason = result.StatusPassed, "" },
		"a finding":      func(e *result.ExampleResult) { e.Findings = []result.Finding{{Rule: "example-syntax"}} },
		"a stderr":       func(e *result.ExampleResult) { e.Stderr = "x" },
	} {
		ex := append([]result.ExampleResult(nil), plain...)
		change(&ex[1])
		if s := skipped(ex); s != nil {
			t.Errorf("%s: compacted to %v", name, s)
		}
	}
	titled := []result.ExampleResult{ // titles of every length, one after the other in the compact form
		{Title: "", Line: 1, Status: result.StatusSkipped, SkipReason: "r", ExitCode: -1},
		{Title: "é 🌍 x", Line: 2, Status: result.StatusSkipped, SkipReason: "r", ExitCode: -1},
		{Title: "", Line: 3, Status: result.StatusSkipped, SkipReason: "r", ExitCode: -1},
		{Title: "last one", Line: 4, Status: result.StatusSkipped, SkipReason: "r", ExitCode: -1},
	}
	if s := skipped(titled); s == nil || !reflect.DeepEqual(s.expand(), titled) {
		t.Errorf("skipped(%v) expands to %v", titled, s.expand())
	}
	if skipped(nil) != nil {
		t.Error("no examples compacted")
	}
}
