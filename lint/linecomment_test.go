package lint

import (
	"testing"

	"github.com/speccify/speccify-lint/runner"
)

// TestLineCommentsHoldSuppressions: a suppression comment written after
// the line comment of each interpreter's language (runner.LineComment,
// what the language server's "disable here" action writes) is one that
// the reporter reads, with its rule and reason.
func TestLineCommentsHoldSuppressions(t *testing.T) {
	for _, e := range runner.Extensions() {
		c := runner.LineComment(e.Ext)
		if c == "" {
			t.Errorf("%s: no line comment", e.Ext)
			continue
		}
		text := "first line\n" + c + " speccify-lint: disable=stdin-twice -- reads twice on purpose\n"
		sups := implSuppressions("linux"+e.Ext, []byte(text))
		if len(sups) != 1 || sups[0].problem != "" || sups[0].reason != "reads twice on purpose" || len(sups[0].rules) != 1 || sups[0].rules[0].Value != "stdin-twice" {
			t.Errorf("%s: %q read as %+v", e.Ext, text, sups)
		}
	}
	if c := runner.LineComment(".exe"); c != "" {
		t.Errorf("an unknown extension's line comment %q", c)
	}
}
