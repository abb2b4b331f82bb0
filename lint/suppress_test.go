package lint

import (
	"strings"
	"testing"
)

// TestImplSuppressions: the suppression comments of an implementation, with
// the place of each rule id; a directive outside a comment is not one.
func TestImplSuppressions(t *testing.T) {
	text := "#!/bin/sh\n" +
		"# speccify-lint: disable=stdin-twice,example-failed -- reads twice on purpose\n" +
		"echo 'speccify-lint: disable=effects -- in a string, not a comment'\n" +
		"x=1 // speccify-lint: disable=\n" +
		"// speccify-lint: disable=effects\n"
	got := implSuppressions("t/linux.sh", []byte(text))
	if len(got) != 3 {
		t.Fatalf("got %d suppressions %+v, want 3", len(got), got)
	}
	s := got[0]
	if ruleList(&s) != "stdin-twice, example-failed" || s.reason != "reads twice on purpose" || !s.whole || s.file != "t/linux.sh" {
		t.Errorf("first suppression %+v", s)
	}
	if p := s.ruleAt[1].pos; p.Line != 2 || p.Column != 38 {
		t.Errorf("example-failed at %v, want 2:38", p)
	}
	if got[1].problem == "" || got[2].reason != "" || ruleList(&got[2]) != "effects" {
		t.Errorf("second and third: %+v, %+v", got[1], got[2])
	}
}

// FuzzImplSuppressions: any text gives suppressions whose places are in it.
func FuzzImplSuppressions(f *testing.F) {
	f.Add([]byte("# speccify-lint: disable=a,b -- why\n"))
	f.Add([]byte("//speccify-lint: disable=,, -- \n# speccify-lint: disable=🌍 -- x"))
	f.Fuzz(func(t *testing.T, data []byte) {
		lines := strings.Count(string(data), "\n") + 1
		for _, s := range implSuppressions("f", data) {
			for _, p := range append([]place{s.at}, s.ruleAt...) {
				if p.pos.Line < 1 || p.pos.Line > lines || p.pos.Column < 1 {
					t.Fatalf("a place %v outside the %d lines", p.pos, lines)
				}
			}
			if len(s.ruleAt) != len(s.rules) {
				t.Fatalf("%d rules, %d places", len(s.rules), len(s.ruleAt))
			}
		}
	})
}
