package contract

import (
	"testing"
	"unicode/utf16"
	"unicode/utf8"
)

func TestLines(t *testing.T) {
	l := NewLines([]byte("a🌍b\nxyz\n"))
	if l.Count() != 3 {
		t.Errorf("Count = %d, want 3 (the empty line after the last newline counts)", l.Count())
	}
	for n, want := range map[int]string{0: "", 1: "a🌍b", 2: "xyz", 3: "", 4: ""} {
		if got := l.Line(n); got != want {
			t.Errorf("Line(%d) = %q, want %q", n, got, want)
		}
	}
	for n, want := range map[int]int{0: 0, 1: 0, 2: 7, 3: 11, 4: 11} {
		if got := l.LineStart(n); got != want {
			t.Errorf("LineStart(%d) = %d, want %d", n, got, want)
		}
	}
}

func TestLinesOffset(t *testing.T) {
	// "a🌍b\nxyz\n": a is byte 0, 🌍 bytes 1-4, b byte 5, \n byte 6, x byte 7.
	l := NewLines([]byte("a🌍b\nxyz\n"))
	tests := []struct {
		off  int
		want Pos
	}{
		{-5, Pos{1, 1}},
		{0, Pos{1, 1}},
		{1, Pos{1, 2}}, // 🌍
		{5, Pos{1, 4}}, // b: 🌍 is two UTF-16 units
		{6, Pos{1, 5}}, // the newline itself
		{7, Pos{2, 1}},
		{9, Pos{2, 3}},
		{11, Pos{3, 1}},
		{99, Pos{3, 1}}, // clamped to the end
	}
	for _, tt := range tests {
		if got := l.Offset(tt.off); got != tt.want {
			t.Errorf("Offset(%d) = %v, want %v", tt.off, got, tt.want)
		}
	}
	// Characters of every width: é (2 bytes, 1 unit), 中 (3 bytes, 1 unit),
	// 🌍 (4 bytes, 2 units), a ZWJ family (3 emoji + 2 joiners = 8 units).
	text := "é中🌍👨\u200d👩\u200d👧x"
	x := len(text) - 1
	if got := NewLines([]byte(text)).Offset(x); got != (Pos{1, 13}) {
		t.Errorf("Offset of x after é中🌍 and a ZWJ family = %v, want 1:13", got)
	}
	// An invalid byte counts one column.
	if got := NewLines([]byte("\xffab")).Offset(2); got != (Pos{1, 3}) {
		t.Errorf("Offset after an invalid byte = %v, want 1:3", got)
	}
}

func TestLinesRuneColumn(t *testing.T) {
	l := NewLines([]byte("a🌍b🌍c\nxy"))
	tests := []struct {
		line, col int
		want      Pos
	}{
		{1, 1, Pos{1, 1}},
		{1, 2, Pos{1, 2}}, // 🌍
		{1, 3, Pos{1, 4}}, // b
		{1, 4, Pos{1, 5}}, // the second 🌍
		{1, 5, Pos{1, 7}}, // c
		{1, 6, Pos{1, 8}}, // one past the end
		{2, 2, Pos{2, 2}},
		{2, 5, Pos{2, 5}}, // past the end: one unit per missing rune
		{0, 3, Pos{1, 3}},
		{1, 0, Pos{1, 1}},
	}
	for _, tt := range tests {
		if got := l.RuneColumn(tt.line, tt.col); got != tt.want {
			t.Errorf("RuneColumn(%d, %d) = %v, want %v", tt.line, tt.col, got, tt.want)
		}
	}
}

func TestPos(t *testing.T) {
	if (Pos{}).IsValid() || (Pos{1, 0}).IsValid() || (Pos{0, 1}).IsValid() || !(Pos{1, 1}).IsValid() {
		t.Error("IsValid is wrong")
	}
	if s := (Pos{12, 5}).String(); s != "12:5" {
		t.Errorf("String = %q", s)
	}
}

// IsValid reports whether s names a real piece of the text.
func (s Span) IsValid() bool { return s.Start.IsValid() }

// TestByteColumn: UTF-16 columns become UTF-8 byte columns; past the end of
// the line each column counts one byte.
func TestByteColumn(t *testing.T) {
	for _, tc := range []struct {
		line   string
		col, b int
	}{
		{"name: x", 7, 7},
		{"é: x", 2, 3}, // é is 1 unit, 2 bytes
		{"😀 x", 3, 5},  // the emoji is 2 units, 4 bytes
		{"😀 x", 4, 6},
		{"ab", 5, 5}, // past the end: one byte a column
		{"é", 4, 5},
		{"\xff x", 2, 2}, // an invalid byte: one unit, one byte
		{"x", 1, 1},
		{"x", 0, 0},
	} {
		if b := ByteColumn([]byte(tc.line), tc.col); b != tc.b {
			t.Errorf("ByteColumn(%q, %d) = %d, want %d", tc.line, tc.col, b, tc.b)
		}
	}
	l := NewLines([]byte("a\nxé = 1\n"))
	if got := l.ByteColumn(Pos{Line: 2, Column: 4}); got != 5 {
		t.Errorf("Lines.ByteColumn(2:4) = %d, want 5", got)
	}
	if got := l.ByteColumn(Pos{Line: 9, Column: 4}); got != 4 {
		t.Errorf("Lines.ByteColumn(9:4) = %d, want 4 (no such line)", got)
	}
	// The inverse of Offset: the byte column of a position is its offset
	// from the line's start, plus one.
	text := []byte("ça 😀 va\n\tb\xffé x\n")
	lines := NewLines(text)
	for off := range text {
		p := lines.Offset(off)
		if got, want := lines.ByteColumn(p), off-lines.LineStart(p.Line)+1; got != want && utf8.RuneStart(text[off]) {
			t.Errorf("offset %d (%v): byte column %d, want %d", off, p, got, want)
		}
	}
}

// TestRuneColumnMixedText checks RuneColumn and utf16Width, which step over
// ASCII a byte at a time, against rune-by-rune counting on lines that mix
// ASCII with wide, astral and invalid characters, at every column.
func TestRuneColumnMixedText(t *testing.T) {
	for _, line := range []string{"", "abc", "é", "aé中b🌍c", "🌍🌍x", "a\xffb\xc3", "  key: \"x🌍\" # é",
		"0123456789abcdefé0123456789🌍abcdefgh", "abcdefg\xff01234567\xe4\xb8"} {
		l := NewLines([]byte(line))
		for col := 1; col <= utf8.RuneCountInString(line)+3; col++ {
			units, runes := 0, 1
			for _, r := range line {
				if runes >= col {
					break
				}
				units += max(utf16.RuneLen(r), 1)
				runes++
			}
			units += max(col-runes, 0)
			if got := l.RuneColumn(1, col); got != (Pos{1, units + 1}) {
				t.Errorf("RuneColumn(1, %d) of %q = %v, want 1:%d", col, line, got, units+1)
			}
		}
		want := 0
		for _, r := range line {
			want += max(utf16.RuneLen(r), 1)
		}
		if got := utf16Width([]byte(line)); got != want {
			t.Errorf("utf16Width(%q) = %d, want %d", line, got, want)
		}
	}
}

// TestRawLine: the line n of a text as read, without its "\n" or "\r\n";
// a lone "\r" ends no line; nil past the last line, the first below 1.
func TestRawLine(t *testing.T) {
	tests := []struct {
		text string
		n    int
		want string
		none bool
	}{
		{text: "a\nb\n", n: 1, want: "a"},
		{text: "a\r\nb🌍\r\n", n: 2, want: "b🌍"},
		{text: "a\rb\rc", n: 1, want: "a\rb\rc"},
		{text: "a\nb", n: 2, want: "b"},
		{text: "a\n", n: 2, want: ""},
		{text: "a\n", n: 3, none: true},
		{text: "a\nb", n: 0, want: "a"},
		{text: "", n: 1, want: ""},
	}
	for _, tt := range tests {
		got := RawLine([]byte(tt.text), tt.n)
		if string(got) != tt.want || (got == nil) != tt.none {
			t.Errorf("RawLine(%q, %d) = %q (nil %v), want %q (nil %v)", tt.text, tt.n, got, got == nil, tt.want, tt.none)
		}
	}
}
