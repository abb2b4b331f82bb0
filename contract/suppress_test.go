package contract

import (
	"reflect"
	"testing"
)

// TestSuppressions: the suppression comments of a body with the rules they
// name (each at its place), their reason and the lines they cover; other
// comments and comments in code blocks are not suppressions.
func TestSuppressions(t *testing.T) {
	text := "---\nname: t\n---\n" + // lines 1-3
		"<!-- speccify-lint-disable-file required-field -- generated -->\n" + // 4
		"<!-- a plain comment -->\n" + // 5
		"\n## Examples\n\n" + // 6-8
		"<!-- speccify-lint-disable example-failed, effects -- flaky upstream -->\n" + // 9
		"### one\n" + // 10
		"input: {}\n" + // 11
		"output: {\"ok\": true}\n\n" + // 12-13
		"### two\n" + // 14
		"input: {}\n" + // 15
		"<!-- speccify-lint-disable example-failed -->\n" + // 16
		"output: {\"ok\": true}\n\n" + // 17-18
		"```\n<!-- speccify-lint-disable effects -- in a code block -->\n```\n" + // 19-21
		"<!-- speccify-lint-disabled effects -- typo -->\n" // 22
	spec := parseSpec("TOOL.md", []byte(text))
	type got struct {
		rules        []string
		at           []Pos
		reason       string
		file         bool
		from, to     int
		problem      string
		help         string
		commentStart Pos
	}
	var all []got
	for _, s := range spec.Suppressions {
		g := got{reason: s.Reason, file: s.File, from: s.FromLine, to: s.ToLine, problem: s.Problem, help: s.Help, commentStart: s.Span.Start.Pos}
		for _, r := range s.Rules {
			g.rules = append(g.rules, r.Value)
			g.at = append(g.at, r.Span.Start.Pos)
			if text[r.Span.Start.Offset:r.Span.End.Offset] != r.Value {
				t.Errorf("the span of %q holds %q", r.Value, text[r.Span.Start.Offset:r.Span.End.Offset])
			}
		}
		all = append(all, g)
	}
	want := []got{
		{rules: []string{"required-field"}, at: []Pos{{4, 33}}, reason: "generated", file: true, commentStart: Pos{4, 1}},
		{rules: []string{"example-failed", "effects"}, at: []Pos{{9, 28}, {9, 44}}, reason: "flaky upstream", from: 10, to: 13, commentStart: Pos{9, 1}},
		{rules: []string{"example-failed"}, at: []Pos{{16, 28}}, from: 17, to: 17, commentStart: Pos{16, 1}},
		{problem: `has the unknown directive "speccify-lint-disabled"`, help: "write speccify-lint-disable RULE -- reason, or speccify-lint-disable-file RULE -- reason", commentStart: Pos{22, 1}},
	}
	if !reflect.DeepEqual(all, want) {
		t.Errorf("suppressions:\n got %+v\nwant %+v", all, want)
	}
	if s := parseSpec("TOOL.md", []byte("---\nname: t\n---\nno comment\n")).Suppressions; s != nil {
		t.Errorf("suppressions of a body without one: %+v", s)
	}
}

// mayHoldHashDirective is true wherever a suppression comment could be:
// "speccify-lint" after a # and blanks, and false for a frontmatter that
// only names speccify-lint in its text.
func TestMayHoldHashDirective(t *testing.T) {
	tests := []struct {
		yaml string
		want bool
	}{
		{"name: x\n# speccify-lint: disable=name -- why\n", true},
		{"name: x #\tspeccify-lint: disable=name\n", true},
		{"name: x #speccify-lint\n", true},
		{"description: checked by speccify-lint, # speccify-lint later\n", true},
		{"description: checked by speccify-lint\n", false},
		{"description: speccify-lint\nother: # not it\n", false},
		{"speccify-lint", false},
		{"", false},
	}
	for _, tt := range tests {
		if got := mayHoldHashDirective([]byte(tt.yaml)); got != tt.want {
			t.Errorf("mayHoldHashDirective(%q) = %v, want %v", tt.yaml, got, tt.want)
		}
	}
}
