package contract

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
)

// TestFrontmatterSuppressions: the YAML comments of a frontmatter that
// start with speccify-lint, with the rules they name (each at its place),
// their reason, the lines they cover (the next line of YAML or their own,
// the whole entry that starts there) and the problem of one not well
// formed; a # in a quoted string or a block scalar is not a comment.
func TestFrontmatterSuppressions(t *testing.T) {
	text := "---\n" + // 1
		"name: t # speccify-lint: disable=name -- own line\n" + // 2
		"description: \"a # speccify-lint: disable=x -- in a string\"\n" + // 3
		"# speccify-lint: disable=error-field, ok-field -- the whole entry\n" + // 4
		"\n" + // 5
		"# a plain comment between\n" + // 6
		"outputs:\n" + // 7
		"  type: object\n" + // 8
		"  properties:\n" + // 9
		"    # speccify-lint: disable=schema -- one property\n" + // 10
		"    n: {type: float}\n" + // 11
		"    m: {type: flot}\n" + // 12
		"notes: |\n" + // 13
		"  # speccify-lint: disable=y -- text of a block scalar\n" + // 14
		"# speccify-lint-disable z -- the body's syntax\n" + // 15
		"tags: [a]\n" + // 16
		"# speccify-lint: disable= -- no rule (the next line is a comment: nothing follows)\n" + // 17
		"# speccify-lint: disable=last -- nothing follows\n" + // 18
		"---\n"
	spec := parseSpec("TOOL.md", []byte(text))
	type got struct {
		rules    []string
		at       []Pos
		reason   string
		from, to int
		entry    string
		problem  string
		start    Pos
	}
	var all []got
	for _, s := range spec.Suppressions {
		g := got{reason: s.Reason, from: s.FromLine, to: s.ToLine, entry: s.Entry, problem: s.Problem, start: s.Span.Start.Pos}
		for _, r := range s.Rules {
			g.rules = append(g.rules, r.Value)
			g.at = append(g.at, r.Span.Start.Pos)
		}
		all = append(all, g)
	}
	want := []got{
		{rules: []string{"name"}, at: []Pos{{2, 34}}, reason: "own line", from: 2, to: 2, entry: "name", start: Pos{2, 11}},
		{rules: []string{"error-field", "ok-field"}, at: []Pos{{4, 26}, {4, 39}}, reason: "the whole entry", from: 7, to: 12, entry: "outputs", start: Pos{4, 3}},
		{rules: []string{"schema"}, at: []Pos{{10, 30}}, reason: "one property", from: 11, to: 11, entry: "n", start: Pos{10, 7}},
		{reason: "", from: 16, to: 16, entry: "tags", problem: `has the unknown directive "speccify-lint-disable"`, start: Pos{15, 3}},
		{reason: "no rule (the next line is a comment: nothing follows)", problem: "names no rule", start: Pos{17, 3}},
		{rules: []string{"last"}, at: []Pos{{18, 26}}, reason: "nothing follows", start: Pos{18, 3}},
	}
	if !reflect.DeepEqual(all, want) {
		t.Errorf("suppressions:\n got %+v\nwant %+v", all, want)
	}
}

// TestReadHashSuppression: the rule ids after disable=, separated by
// commas or blanks, and the reason after " -- ".
func TestReadHashSuppression(t *testing.T) {
	for _, tc := range []struct {
		line    string
		rules   []string
		reason  string
		problem string
	}{
		{"# speccify-lint: disable=a -- why", []string{"a"}, "why", ""},
		{"# speccify-lint: disable=a,b -- why", []string{"a", "b"}, "why", ""},
		{"# speccify-lint: disable=a, b -- why -- really", []string{"a", "b"}, "why -- really", ""},
		{"# speccify-lint: disable=a b", []string{"a", "b"}, "", ""},
		{"# speccify-lint: disable=", nil, "", "names no rule"},
		{"# speccify-lint: enable=a -- why", nil, "", `has the unknown directive "speccify-lint:"`},
	} {
		s := ReadHashSuppression(NewLines([]byte(tc.line)), 0, tc.line, 2)
		var rules []string
		for _, r := range s.Rules {
			rules = append(rules, r.Value)
			if got := tc.line[r.Span.Start.Offset:r.Span.End.Offset]; got != r.Value {
				t.Errorf("%q: the span of %q holds %q", tc.line, r.Value, got)
			}
		}
		if !reflect.DeepEqual(rules, tc.rules) || s.Reason != tc.reason || s.Problem != tc.problem {
			t.Errorf("%q: rules %q, reason %q, problem %q; want %q, %q, %q", tc.line, rules, s.Reason, s.Problem, tc.rules, tc.reason, tc.problem)
		}
	}
}

// TestFrontmatterSuppressionsLarge: a frontmatter of the largest size
// read, every line a suppression comment or an entry with one, is read
// in one pass (a quadratic scan would not end in the test's time).
func TestFrontmatterSuppressionsLarge(t *testing.T) {
	var b strings.Builder
	b.WriteString("---\n")
	for i := 0; b.Len() < MaxSpecSize-100; i++ {
		fmt.Fprintf(&b, "# speccify-lint: disable=a -- b\nk%d: 'v # speccify-lint: x' # speccify-lint: disable=c -- d\n", i)
	}
	b.WriteString("---\n")
	spec := parseSpec("TOOL.md", []byte(b.String()))
	if n := len(spec.Suppressions); n < 20000 {
		t.Fatalf("%d suppressions, want one per comment", n)
	}
	for _, s := range spec.Suppressions[:4] {
		if s.FromLine == 0 || s.Entry == "" || s.Problem != "" {
			t.Errorf("suppression %+v: want one covering its entry", s)
		}
	}
}

// TestImplementationSuppressions: the suppression comments of an
// implementation after # or //, each covering the file, with the place of
// each rule id; a directive outside a comment is not one, and one that
// names no rule is a problem.
func TestImplementationSuppressions(t *testing.T) {
	text := "#!/bin/sh\n" +
		"# speccify-lint: disable=stdin-twice,example-failed -- reads twice on purpose\n" +
		"echo 'speccify-lint: disable=effects -- in a string, not a comment'\n" +
		"x=1 // speccify-lint: disable=\n" +
		"// speccify-lint: disable=effects\n"
	got := ImplementationSuppressions([]byte(text))
	if len(got) != 3 {
		t.Fatalf("got %d suppressions %+v, want 3", len(got), got)
	}
	s := got[0]
	if len(s.Rules) != 2 || s.Rules[0].Value != "stdin-twice" || s.Rules[1].Value != "example-failed" || s.Reason != "reads twice on purpose" || !s.File || s.Problem != "" {
		t.Errorf("first suppression %+v", s)
	}
	if p := s.Rules[1].Span.Start.Pos; p.Line != 2 || p.Column != 38 {
		t.Errorf("example-failed at %v, want 2:38", p)
	}
	if p := s.Span.Start.Pos; p.Line != 2 || p.Column != 3 {
		t.Errorf("the comment at %v, want 2:3", p)
	}
	if got[1].Problem == "" || got[1].Help == "" || got[2].Reason != "" || len(got[2].Rules) != 1 || got[2].Rules[0].Value != "effects" {
		t.Errorf("second and third: %+v, %+v", got[1], got[2])
	}
	if got := ImplementationSuppressions([]byte("echo speccify-lint: disable=a -- no comment\n")); got != nil {
		t.Errorf("a directive outside a comment: %+v", got)
	}
}

// FuzzImplementationSuppressions: any text gives suppressions whose places
// are in it.
func FuzzImplementationSuppressions(f *testing.F) {
	f.Add([]byte("# speccify-lint: disable=a,b -- why\n"))
	f.Add([]byte("//speccify-lint: disable=,, -- \n# speccify-lint: disable=🌍 -- x"))
	f.Fuzz(func(t *testing.T, data []byte) {
		lines := strings.Count(string(data), "\n") + 1
		for _, s := range ImplementationSuppressions(data) {
			places := []Pos{s.Span.Start.Pos}
			for _, r := range s.Rules {
				places = append(places, r.Span.Start.Pos)
			}
			for _, p := range places {
				if p.Line < 1 || p.Line > lines || p.Column < 1 {
					t.Fatalf("a place %v outside the %d lines", p, lines)
				}
			}
		}
	})
}
