package report

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"io"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/speccify/speccify-lint/result"
)

// hostile is what a misbehaving implementation may print: NUL, colour and
// title escapes, a noncharacter, invalid UTF-8, a CDATA end, an encoded
// surrogate, a workflow command and markup.
const hostile = "ok\x00nul \x1b[31mred\x1b[0m \x1b]0;window title\x07 \uFFFE\uFFFF bad\xff\xfe bytes ]]> cdata \xed\xa0\x80 surrogate\r\n" +
	"::error file=x,line=1::injected\n::add-mask::secret\n<script>alert(1)</script> | a & b\n"

// hostileResult puts hostile text wherever a tool or a TOOL.md can put text.
func hostileResult() *result.Result {
	r := testResult()
	ex := &r.Tools[0].Examples[1] // "sorts keys", failed
	ex.Stdout = hostile
	ex.Stderr = hostile
	ex.Title = "title \x1b[1mbold\x1b[0m ]]> \x00"
	ex.Differences[0].Message = "expected \"\x1b[32mA\x1b[0m\", got \"\xff\""
	ex.Findings[0].Message = "output: " + hostile
	ex2 := &r.Tools[0].Examples[2] // "slow path", errored
	ex2.Stderr = strings.Repeat("x", 70<<10) + hostile
	ex2.Stdout = strings.Repeat("é", 40<<10) // 80 KiB of two-byte runes
	r.InternalErrors = []string{"cannot read \x1b[31mtools/x\x1b[0m: \x00"}
	return r
}

func TestHostileOutput(t *testing.T) {
	r := hostileResult()
	for _, format := range Formats {
		t.Run(format, func(t *testing.T) {
			out := render(t, format, r, goldenOptions())
			switch format {
			case "json", "sarif", "gitlab":
				if !utf8.Valid(out) {
					t.Error("output is not valid UTF-8")
				}
				var v any
				if err := json.Unmarshal(out, &v); err != nil {
					t.Errorf("output is not JSON: %v", err)
				}
			case "junit":
				checkXML(t, out)
			}
			if format != "json" {
				// Only the JSON model keeps the raw text (JSON-escaped).
				for _, bad := range []string{"\x00", "\x1b", "\uFFFE", "\uFFFF", "\xff"} {
					if bytes.Contains(out, []byte(bad)) {
						t.Errorf("output contains %q", bad)
					}
				}
			}
			if format == "json" {
				back, err := ReadJSON(bytes.NewReader(out))
				if err != nil {
					t.Fatal(err)
				}
				if got := back.Tools[0].Examples[1].Stderr; !strings.Contains(got, "::error file=x") {
					t.Errorf("JSON lost the stderr: %q", got)
				}
			}
		})
	}
}

// checkXML parses a JUnit report with encoding/xml (which rejects characters
// XML forbids) and checks what came through.
func checkXML(t *testing.T, out []byte) {
	t.Helper()
	dec := xml.NewDecoder(bytes.NewReader(out))
	var text strings.Builder
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("JUnit output is not XML: %v", err)
		}
		switch tok := tok.(type) {
		case xml.CharData:
			text.Write(tok)
		case xml.StartElement:
			for _, a := range tok.Attr {
				text.WriteString(a.Value)
			}
		}
	}
	s := text.String()
	if !strings.Contains(s, "bytes ]]> cdata") {
		t.Error("the CDATA end in the output did not survive")
	}
	if !strings.Contains(s, "bad\uFFFD bytes") {
		t.Error("invalid UTF-8 was not replaced by U+FFFD")
	}
	if strings.Contains(s, "[31m") || strings.Contains(s, "window title") {
		t.Error("ANSI escape sequences were not removed")
	}
	if !strings.Contains(s, "[... truncated by speccify-lint]") {
		t.Error("long output was not capped")
	}
	for _, line := range strings.Split(s, "\n") {
		if len(line) > outputCap {
			t.Errorf("a line of %d bytes is longer than the cap", len(line))
		}
	}
}

func TestCleanText(t *testing.T) {
	tests := []struct{ in, want string }{
		{"plain text\n", "plain text\n"},
		{"\x1b[1;31merror\x1b[0m: x", "error: x"},
		{"\x1b]8;;https://x\x1b\\link\x1b]8;;\x1b\\", "link"},
		{"\x1b]0;title\x07after", "after"},
		{"a\x00b\x01c\x7fd\u0085e", "abcde"},
		{"tab\tkept", "tab\tkept"},
		{"crlf\r\nand cr\rend", "crlf\nand cr\nend"},
		{"bad \xff\xfe\xfd run", "bad \uFFFD run"},
		{"surrogate \xed\xa0\x80", "surrogate \uFFFD"},
		{"non\uFFFEchar\uFFFF", "nonchar"},
		{"kept \uFFFD replacement", "kept \uFFFD replacement"},
		{"esc at end \x1b", "esc at end "},
		{"\x1b(Bcharset", "charset"},
		{"]]> stays", "]]> stays"},
	}
	for _, tt := range tests {
		if got := cleanText(tt.in); got != tt.want {
			t.Errorf("cleanText(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
	if got := cleanLine("two\nlines\there"); got != "two lines here" {
		t.Errorf("cleanLine = %q", got)
	}
}

func TestCapText(t *testing.T) {
	s := strings.Repeat("é", 100)
	got := capText(s, 101)
	if len(got) > 101 || !utf8.ValidString(got) || !strings.HasSuffix(got, "truncated by speccify-lint]") {
		t.Errorf("capText = %q (%d bytes)", got, len(got))
	}
	if capText("short", 10) != "short" {
		t.Error("capText changed a short text")
	}
}
