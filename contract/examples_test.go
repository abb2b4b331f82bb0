package contract

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"
)

// FuzzParseSpec: parseSpec on any text never panics, takes bounded time,
// every problem, case and input:/output: line has a real place, and every
// span lies within the text, in order, with the line and column of its
// offsets.
func FuzzParseSpec(f *testing.F) {
	for _, s := range []string{
		"---\nname: x\n---\n\n## Examples\n\n### a\ninput: {}\noutput: {\"ok\": true}\n",
		"---\n---\n## Examples\n### a\ninput:  {\"x\": 1}\noutput: {\"ok\": tru}\n### a\ninput: {}\ninput: {}\n",
		"## Examples\n```\n### not a case\ninput: {}\n```\n",
		"---\nname: x\n",
		"# h\n\n## Examples\n\n### 🌍 ok\n  input: {\"s\": \"🌍\"}\noutput: [1,\n",
		"---\n---\n## Example\n### a\ninput: {'a': 'b',}\noutput: {\"ok\": true,}\n",
		"---\n---\n   ### Examples ##\n### a\ninput: ['it\\'s', \"x\"]\noutput: {'ok': 'it's'}\n",
		"---\n---\n<!-- speccify-lint-disable-file a, b -- why -->\n<!-- speccify-lint-disable\nc -- 🌍 -->\n### a\n<!-- speccify-lint-x -->\n<!-- speccify-lint-disable",
		"---\n# speccify-lint: disable=a, b -- why\nname: x # speccify-lint: disable=c -- d\nd: |\n  # speccify-lint: disable=e -- f\ns: 'x # speccify-lint: disable=g'\n# speccify-lint-disable h\n---\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		text, err := normalizeText("TOOL.md", raw)
		if err != nil {
			return
		}
		checkDeadline(t, fmt.Sprintf("parsing %d bytes", len(text)), func() { parseSpec("TOOL.md", text) })
		s := parseSpec("TOOL.md", text)
		lines := NewLines(text)
		if s.Lines.Count() != lines.Count() {
			t.Fatalf("Spec.Lines has %d lines, want %d", s.Lines.Count(), lines.Count())
		}
		checkProblems(t, lines, s.Problems)
		checkExampleRepairs(t, text, s)
		if h, ok := s.ExamplesNearMiss(); ok {
			checkSpan(t, lines, h.Span)
			checkSpan(t, lines, h.TextSpan)
			if got := string(text[h.TextSpan.Start.Offset:h.TextSpan.End.Offset]); h.TextSpan.Start.IsValid() && got != h.Text {
				t.Fatalf("near-miss heading %q: its text span holds %q", h.Text, got)
			}
		}
		for _, span := range specSpans(s) {
			checkSpan(t, lines, span)
		}
		for _, sup := range s.Suppressions {
			checkSpan(t, lines, sup.Span)
			for _, r := range sup.Rules {
				checkSpan(t, lines, r.Span)
			}
			if sup.FromLine > sup.ToLine || sup.ToLine > lines.Count() {
				t.Fatalf("suppression covers lines %d to %d of %d", sup.FromLine, sup.ToLine, lines.Count())
			}
		}
		valid := func(what string, p Pos) {
			if !p.IsValid() || p.Line > lines.Count() {
				t.Fatalf("%s at %v, outside the %d lines", what, p, lines.Count())
			}
		}
		if s.Frontmatter != nil {
			valid("frontmatter", s.Frontmatter.Pos)
			for _, fld := range s.Frontmatter.Keys {
				valid("field "+fld.Name, fld.Span.Start.Pos)
			}
		}
		if ex := s.Examples; ex != nil {
			valid("## Examples", ex.Pos)
			for _, c := range ex.Cases {
				valid("case "+c.Title, c.Pos)
				if got := string(text[c.TitleSpan.Start.Offset:c.TitleSpan.End.Offset]); got != c.Title {
					t.Fatalf("case %q: its title span holds %q", c.Title, got)
				}
				if c.Pos.Line <= ex.Pos.Line {
					t.Fatalf("case %q at line %d, not after ## Examples at line %d", c.Title, c.Pos.Line, ex.Pos.Line)
				}
				for _, l := range []*ExampleLine{c.Input, c.Output} {
					if l == nil {
						continue
					}
					valid("line of "+c.Title, l.Pos)
					if got := string(text[l.Span.Start.Offset:l.Span.End.Offset]); got != l.Raw {
						t.Fatalf("line %q of %q: its span holds %q", l.Raw, c.Title, got)
					}
					if l.Pos.Line <= c.Pos.Line {
						t.Fatalf("input/output of %q at line %d, not after its heading at line %d", c.Title, l.Pos.Line, c.Pos.Line)
					}
					if (l.Err == nil) == (l.Value == nil && l.Raw != "null") {
						t.Fatalf("line %q: Value %v and Err %v disagree", l.Raw, l.Value, l.Err)
					}
				}
			}
		}
	})
}

// checkExampleRepairs: the repair of an example line's JSON lies within the
// text, and once applied that JSON parses: the text has one example problem
// fewer.
func checkExampleRepairs(t *testing.T, text []byte, s *Spec) {
	t.Helper()
	count := func(s *Spec) (n int) {
		for _, p := range s.Problems {
			if p.Kind == ProblemExample {
				n++
			}
		}
		return n
	}
	before := count(s)
	for _, p := range s.Problems {
		if p.Kind != ProblemExample || p.Repair == nil {
			continue
		}
		r := p.Repair
		checkSpan(t, s.Lines, r.Span)
		fixed := string(text[:r.Span.Start.Offset]) + r.New + string(text[r.Span.End.Offset:])
		if after := count(parseSpec("TOOL.md", []byte(fixed))); after != before-1 {
			t.Fatalf("repairing %q as %q leaves %d example problems, had %d", text[r.Span.Start.Offset:r.Span.End.Offset], r.New, after, before)
		}
	}
}

// caseSummary is what TestParseExamples checks of a case.
type caseSummary struct {
	title         string
	pos           Pos
	in, out       Pos    // zero: the line is missing
	inRaw, outRaw string // the JSON text
}

func summarize(ex *Examples) []caseSummary {
	var out []caseSummary
	for _, c := range ex.Cases {
		s := caseSummary{title: c.Title, pos: c.Pos}
		if c.Input != nil {
			s.in, s.inRaw = c.Input.Pos, c.Input.Raw
		}
		if c.Output != nil {
			s.out, s.outRaw = c.Output.Pos, c.Output.Raw
		}
		out = append(out, s)
	}
	return out
}

// fm is a frontmatter of 3 lines: bodies in TestParseExamples start on line 4.
const fm = "---\nname: x\n---\n"

func TestParseExamples(t *testing.T) {
	type problem struct {
		pos Pos
		msg string
	}
	tests := []struct {
		name     string
		body     string
		heading  Pos // zero: no ## Examples
		cases    []caseSummary
		problems []problem
	}{
		{
			name:    "plain",
			body:    "\n## Examples\n\n### works\ninput: {}\noutput: {\"ok\": true}\n",
			heading: Pos{5, 1},
			cases:   []caseSummary{{"works", Pos{7, 1}, Pos{8, 1}, Pos{9, 1}, "{}", `{"ok": true}`}},
		},
		{
			name:    "no blank lines between cases, two spaces after input:",
			body:    "## Examples\n### a\ninput:  {\"x\": 1}\noutput: {\"ok\": true}\n### b\ninput: {}\noutput: {\"ok\": false}\n",
			heading: Pos{4, 1},
			cases: []caseSummary{
				{"a", Pos{5, 1}, Pos{6, 1}, Pos{7, 1}, `{"x": 1}`, `{"ok": true}`},
				{"b", Pos{8, 1}, Pos{9, 1}, Pos{10, 1}, "{}", `{"ok": false}`},
			},
		},
		{
			name:    "no space after the colon, blanks after the value, 3-space indent",
			body:    "## Examples\n\n### a\n   input:{}  \noutput:\t{\"ok\": true}\t\n",
			heading: Pos{4, 1},
			cases:   []caseSummary{{"a", Pos{6, 1}, Pos{7, 4}, Pos{8, 1}, "{}", `{"ok": true}`}},
		},
		{
			name:    "code fences, indented code, quotes and lists are not structure",
			body:    "## Examples\n\n### a\n```\ninput: {\"no\": 1}\n### fenced\n```\n\n    output: {\"no\": 2}\n\n> input: {\"no\": 3}\n\n- output: {\"no\": 4}\n\ninput: {}\noutput: {\"ok\": true}\n",
			heading: Pos{4, 1},
			cases:   []caseSummary{{"a", Pos{6, 1}, Pos{18, 1}, Pos{19, 1}, "{}", `{"ok": true}`}},
		},
		{
			name:    "a fenced ## Examples before the real one",
			body:    "~~~\n## Examples\n### fenced\ninput: {}\n~~~\n\n## Examples\n\n### real\ninput: {}\noutput: {}\n",
			heading: Pos{10, 1},
			cases:   []caseSummary{{"real", Pos{12, 1}, Pos{13, 1}, Pos{14, 1}, "{}", "{}"}},
		},
		{
			name:     "a second ## Examples is a problem at its heading; its cases are not read",
			body:     "## Examples\n\n### first\ninput: {}\noutput: {}\n\n## Examples\n\n### second\ninput: {}\noutput: {}\n",
			heading:  Pos{4, 1},
			cases:    []caseSummary{{"first", Pos{6, 1}, Pos{7, 1}, Pos{8, 1}, "{}", "{}"}},
			problems: []problem{{Pos{10, 1}, "a second `## Examples` section (the first is at line 4): its cases are not run"}},
		},
		{
			name:    "another ## heading ends the section; # and #### do not start cases",
			body:    "## examples\n\n#### detail\ninput: {}\n\n### a\ninput: {}\noutput: {}\n\n## Notes\n\n### b\ninput: {}\noutput: {}\n",
			heading: Pos{4, 1},
			cases:   []caseSummary{{"a", Pos{9, 1}, Pos{10, 1}, Pos{11, 1}, "{}", "{}"}},
		},
		{
			name:     "two inputs: the first is kept, the second is a problem",
			body:     "## Examples\n\n### a\ninput: {\"first\": 1}\ninput: {\"second\": 2}\noutput: {}\n",
			heading:  Pos{4, 1},
			cases:    []caseSummary{{"a", Pos{6, 1}, Pos{7, 1}, Pos{9, 1}, `{"first": 1}`, "{}"}},
			problems: []problem{{Pos{8, 1}, `example "a" has a second ` + "`input:`" + ` line (the first is at line 7)`}},
		},
		{
			name:    "an input split over two paragraphs",
			body:    "## Examples\n\n### a\ninput: {}\n\nSome words.\n\noutput: {}\n",
			heading: Pos{4, 1},
			cases:   []caseSummary{{"a", Pos{6, 1}, Pos{7, 1}, Pos{11, 1}, "{}", "{}"}},
		},
		{
			name:     "missing lines are problems at the heading",
			body:     "## Examples\n\n### a\nInput: {}\n",
			heading:  Pos{4, 1},
			cases:    []caseSummary{{"a", Pos{6, 1}, Pos{}, Pos{}, "", ""}},
			problems: []problem{{Pos{6, 1}, "has no `input:` line"}, {Pos{6, 1}, "has no `output:` line"}},
		},
		{
			name:     "case lines indented 4 spaces are a code block: one problem at the first, not missing lines",
			body:     "## Examples\n\n### a\n    input: {}\n    output: {}\n\n### b\ninput: {}\n\n\toutput: {}\n",
			heading:  Pos{4, 1},
			cases:    []caseSummary{{"a", Pos{6, 1}, Pos{}, Pos{}, "", ""}, {"b", Pos{10, 1}, Pos{11, 1}, Pos{}, "{}", ""}},
			problems: []problem{{Pos{7, 5}, "the `input:` and `output:` lines of example \"a\" are indented"}, {Pos{13, 2}, "the `output:` line of example \"b\" is indented"}},
		},
		{
			name:    "an indented code block beside the case lines is text",
			body:    "## Examples\n\n### a\ninput: {}\noutput: {}\n\n    input: {\"shown\": true}\n",
			heading: Pos{4, 1},
			cases:   []caseSummary{{"a", Pos{6, 1}, Pos{7, 1}, Pos{8, 1}, "{}", "{}"}},
		},
		{
			name:     "invalid JSON at its column; non-BMP counts two",
			body:     "## Examples\n\n### 🌍\ninput: {\"s\": \"🌍\" 1}\noutput: {}\n",
			heading:  Pos{4, 1},
			cases:    []caseSummary{{"🌍", Pos{6, 1}, Pos{7, 1}, Pos{8, 1}, `{"s": "🌍" 1}`, "{}"}},
			problems: []problem{{Pos{7, 19}, "is not valid JSON"}},
		},
		{
			name:     "no JSON value",
			body:     "## Examples\n\n### a\ninput: {}\noutput:   \n",
			heading:  Pos{4, 1},
			cases:    []caseSummary{{"a", Pos{6, 1}, Pos{7, 1}, Pos{8, 1}, "{}", ""}},
			problems: []problem{{Pos{8, 1}, "has no JSON value"}},
		},
		{
			name:    "title text is trimmed and kept raw",
			body:    "## Examples\n\n###   a `code` title  \ninput: {}\noutput: {}\n",
			heading: Pos{4, 1},
			cases:   []caseSummary{{"a `code` title", Pos{6, 1}, Pos{7, 1}, Pos{8, 1}, "{}", "{}"}},
		},
		{
			// A --- line right under a case is a separator in the convention
			// (the reference parser reads input:/output: line by line), not
			// the underline of a setext heading that swallows the case and
			// ends the section.
			name:    "a --- separator right after a case",
			body:    "## Examples\n\n### works\ninput: {}\noutput: {\"ok\": true}\n---\n### fails\ninput: {}\noutput: {\"ok\": false}\n",
			heading: Pos{4, 1},
			cases: []caseSummary{
				{"works", Pos{6, 1}, Pos{7, 1}, Pos{8, 1}, "{}", `{"ok": true}`},
				{"fails", Pos{10, 1}, Pos{11, 1}, Pos{12, 1}, "{}", `{"ok": false}`},
			},
		},
		{
			// An input: line right under a quote or a list item, without a
			// > or a -, is a case line, not a lazy continuation of the quote
			// or the item.
			name:    "case lines right after a quote and a list item",
			body:    "## Examples\n\n### works\n> Needs nothing.\ninput: {}\noutput: {\"ok\": true}\n\n### fails\n- a note\ninput: {}\noutput: {\"ok\": false}\n",
			heading: Pos{4, 1},
			cases: []caseSummary{
				{"works", Pos{6, 1}, Pos{8, 1}, Pos{9, 1}, "{}", `{"ok": true}`},
				{"fails", Pos{11, 1}, Pos{13, 1}, Pos{14, 1}, "{}", `{"ok": false}`},
			},
		},
		{
			name: "no section",
			body: "## Example\n\n### a\ninput: {}\noutput: {}\n",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := parseSpec("TOOL.md", []byte(fm+tt.body))
			if tt.heading == (Pos{}) {
				if s.Examples != nil {
					t.Fatalf("Examples = %+v, want none", s.Examples)
				}
				return
			}
			if s.Examples == nil {
				t.Fatal("no Examples")
			}
			if s.Examples.Pos != tt.heading {
				t.Errorf("## Examples at %v, want %v", s.Examples.Pos, tt.heading)
			}
			if got := summarize(s.Examples); !reflect.DeepEqual(got, tt.cases) {
				t.Errorf("cases:\n got %+v\nwant %+v", got, tt.cases)
			}
			var got []problem
			for _, p := range s.Problems {
				got = append(got, problem{p.Pos, p.Msg})
				if p.Kind != ProblemExample {
					t.Errorf("problem kind %v, want ProblemExample", p.Kind)
				}
			}
			if len(got) != len(tt.problems) {
				t.Fatalf("problems = %v, want %v", got, tt.problems)
			}
			for i, p := range tt.problems {
				if got[i].pos != p.pos || !strings.Contains(got[i].msg, p.msg) {
					t.Errorf("problem %d = %v, want at %v containing %q", i, got[i], p.pos, p.msg)
				}
			}
		})
	}
}

func TestExampleValues(t *testing.T) {
	s := parseSpec("TOOL.md", []byte(fm+"## Examples\n### a\ninput: {\"n\": 12345678901234567890, \"f\": 1.50}\noutput: {\"ok\": false}\n### b\ninput: null\noutput: {\"ok\": \"false\"}\n"))
	if len(s.Problems) > 0 {
		t.Fatal(s.Problems)
	}
	a, b := s.Examples.Cases[0], s.Examples.Cases[1]
	want := map[string]any{"n": json.Number("12345678901234567890"), "f": json.Number("1.50")}
	if !reflect.DeepEqual(a.Input.Value, want) {
		t.Errorf("input = %#v, want %#v", a.Input.Value, want)
	}
	if !a.ExpectsFailure() || b.ExpectsFailure() {
		t.Errorf("ExpectsFailure = %v, %v; want true, false", a.ExpectsFailure(), b.ExpectsFailure())
	}
	if b.Input.Value != nil || b.Input.Err != nil {
		t.Errorf("input null = %v, %v; want nil, nil", b.Input.Value, b.Input.Err)
	}
}

// TestExampleLayoutRepair: case lines indented into a code block, and the
// JSON of a case line spread over the lines that follow it, are repaired
// to one case line each at the start of its line; not when the code block
// holds other text, or the lines that follow do not complete the JSON.
func TestExampleLayoutRepair(t *testing.T) {
	tests := []struct {
		name, body string
		help       string
		want       string // the body repaired; "" for no repair
	}{
		{name: "indented", body: "### a\n    input: {}\n    output: {\"ok\": true}\n",
			help: "start them at the beginning of the line, without the indentation",
			want: "### a\ninput: {}\noutput: {\"ok\": true}\n"},
		{name: "indented with a tab, a blank line kept", body: "### a\n\tinput: {}\n\n\toutput: {\"ok\": true}\n\n### b\n",
			help: "start them at the beginning of the line, without the indentation",
			want: "### a\ninput: {}\n\noutput: {\"ok\": true}\n\n### b\n"},
		{name: "indented beside other code", body: "### a\n    input: {}\n    output: {}\n    print(1)\n",
			help: "start them at the beginning of the line, without the indentation"},
		{name: "spread over lines", body: "### a\ninput: {}\noutput: {\n  \"ok\": true,\n  \"n\": [\n    1\n  ]\n}\n",
			help: "the JSON of an `output:` line is on that line: join the lines it is spread over",
			want: "### a\ninput: {}\noutput: {\"ok\": true, \"n\": [1]}\n"},
		{name: "spread, not completed", body: "### a\ninput: {\n  \"x\": 1\noutput: {}\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			text := fm + "## Examples\n\n" + tt.body
			s := parseSpec("TOOL.md", []byte(text))
			if s.Examples == nil || len(s.Examples.Cases) == 0 {
				t.Fatal("no cases")
			}
			var r *Replacement
			var help string
			for _, p := range s.Examples.Cases[0].Problems {
				if p.Help != "" {
					help = p.Help
				}
				if p.Repair != nil {
					r = p.Repair
				}
			}
			if tt.help != "" && help != tt.help {
				t.Errorf("help %q, want %q", help, tt.help)
			}
			if tt.want == "" {
				if r != nil {
					t.Fatalf("repair %+v, want none", r)
				}
				return
			}
			if r == nil {
				t.Fatalf("no repair; problems %+v", s.Examples.Cases[0].Problems)
			}
			checkSpan(t, s.Lines, r.Span)
			fixed := text[:r.Span.Start.Offset] + r.New + text[r.Span.End.Offset:]
			if want := fm + "## Examples\n\n" + tt.want; fixed != want {
				t.Fatalf("repaired:\n%s\nwant:\n%s", fixed, want)
			}
			if after := parseSpec("TOOL.md", []byte(fixed)); len(after.Examples.Cases[0].Problems) > 0 {
				t.Errorf("after the repair: %+v", after.Examples.Cases[0].Problems)
			}
		})
	}
}

// TestJoinedJSONBound: a case line whose JSON goes on over a hostile
// paragraph of many lines is not joined past maxJoinedLines, and costs
// little.
func TestJoinedJSONBound(t *testing.T) {
	body := "## Examples\n\n### a\ninput: {}\noutput: {\"a\": [\n" + strings.Repeat("1,\n", 200000) + "1]}\n"
	start := time.Now()
	s := parseSpec("TOOL.md", []byte(fm+body))
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("parsing took %v", d)
	}
	for _, p := range s.Examples.Cases[0].Problems {
		if p.Repair != nil {
			t.Errorf("a repair joining %d bytes", len(p.Repair.New))
		}
	}
}
