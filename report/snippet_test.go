package report

import (
	"bytes"
	"regexp"
	"strings"
	"testing"

	"github.com/speccify/speccify-lint/contract"
	"github.com/speccify/speccify-lint/result"
)

func TestRenderSource(t *testing.T) {
	long := strings.Repeat("x", maxSnippetWidth+10)
	for _, tc := range []struct {
		name     string
		line     string
		from, to int // UTF-16 columns
		text     string
		pad      int
		marked   int
	}{
		{"ascii caret", "name: x", 7, 8, "name: x", 6, 1},
		{"ascii span", `output: {"a": 1}`, 9, 17, `output: {"a": 1}`, 8, 8},
		{"to the end of the line", `key: [1,`, 6, -1, `key: [1,`, 5, 3},
		{"tab", "\tn: {}", 2, 3, "    n: {}", 4, 1},
		// é is one UTF-16 unit, 💥 two (a surrogate pair), 日本 two wide
		// characters of two columns each.
		{"BMP accent", `name: "café" x`, 14, 15, `name: "café" x`, 13, 1},
		{"surrogate pair", `a: "💥" b`, 9, 10, `a: "💥" b`, 8, 1},
		{"wide", `a: "日本" b`, 9, 10, `a: "日本" b`, 10, 1},
		{"span over wide characters", `a: "日本"`, 4, 8, `a: "日本"`, 3, 6},
		{"control characters", "a\x1b[31mb", 3, 4, "a\ufffd[31mb", 2, 1},
		{"invalid UTF-8", "a\xffb", 3, 4, "a\ufffdb", 2, 1},
		{"past the end", "ab", 5, 6, "ab", 2, 1},
		{"long line", long, 3, 4, strings.Repeat("x", maxSnippetWidth) + "…", 2, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			text, pad, marked := renderSource(tc.line, tc.from, tc.to)
			if text != tc.text || pad != tc.pad || marked != tc.marked {
				t.Errorf("renderSource(%q, %d, %d) = %q, %d, %d; want %q, %d, %d", tc.line, tc.from, tc.to, text, pad, marked, tc.text, tc.pad, tc.marked)
			}
		})
	}
}

// TestSnippetNotAProblem: a source line that reads like a finding does not
// become one for the GitHub problem matcher (.github/speccify-lint-matcher.json),
// which wants a line that does not start with a blank.
func TestSnippetNotAProblem(t *testing.T) {
	matcher := regexp.MustCompile(`^([^\s].*?):(\d+):(\d+): (error|warning): (.*) \[([a-z0-9][a-z0-9-]*)\]$`)
	var b bytes.Buffer
	writeSnippet(&b, &result.Finding{Line: 1234, Column: 1, Source: "x.md:1:2: error: looks like one [name]"}, false)
	for _, l := range strings.Split(b.String(), "\n") {
		if matcher.MatchString(l) {
			t.Errorf("the snippet line %q matches the problem matcher", l)
		}
	}
}

func TestWriteSnippet(t *testing.T) {
	at := func(line, col, off int) contract.Point {
		return contract.Point{Pos: contract.Pos{Line: line, Column: col}, Offset: off}
	}
	for _, tc := range []struct {
		name string
		f    result.Finding
		want string
	}{
		{"no source", result.Finding{Line: 3, Column: 1}, ""},
		{"blank source", result.Finding{Line: 3, Column: 1, Source: "  "}, ""},
		{"caret at the column", result.Finding{Line: 3, Column: 3, Source: "a: b"},
			"   |\n 3 | a: b\n   |   ^\n"},
		{"span on the line", result.Finding{Line: 12, Column: 1, Source: `output: {"ok": 1}`, Span: contract.Span{Start: at(12, 9, 40), End: at(12, 18, 49)}},
			"    |\n 12 | output: {\"ok\": 1}\n    |         ^^^^^^^^^\n"},
		{"span to a later line", result.Finding{Line: 2, Column: 4, Source: "a: [1,", Span: contract.Span{Start: at(2, 4, 10), End: at(3, 3, 20)}},
			"   |\n 2 | a: [1,\n   |    ^^^\n"},
		{"span on another line", result.Finding{Line: 2, Column: 1, Source: "### t", Span: contract.Span{Start: at(3, 1, 10), End: at(3, 5, 14)}},
			"   |\n 2 | ### t\n   | ^\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var b bytes.Buffer
			writeSnippet(&b, &tc.f, false)
			if b.String() != tc.want {
				t.Errorf("got\n%s\nwant\n%s", b.String(), tc.want)
			}
		})
	}
}
