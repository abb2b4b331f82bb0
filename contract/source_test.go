package contract

import (
	"testing"
	"unicode/utf16"
)

// TestNormalizeTextWide checks that text saved as UTF-16 or UTF-32 is named
// as such (a FileError at 1:1 whose message says how it was saved), not as a
// binary file, and that UTF-8 near misses are read.
func TestNormalizeTextWide(t *testing.T) {
	le := func(s string) []byte {
		var b []byte
		for _, u := range utf16.Encode([]rune(s)) {
			b = append(b, byte(u), byte(u>>8))
		}
		return b
	}
	be := func(s string) []byte {
		var b []byte
		for _, u := range utf16.Encode([]rune(s)) {
			b = append(b, byte(u>>8), byte(u))
		}
		return b
	}
	const doc = "---\nname: t\n---\n"
	tests := []struct {
		name string
		in   []byte
		msg  string // "" when the text is read
		pos  Pos
	}{
		{"UTF-16LE with BOM", le("\ufeff" + doc), "is UTF-16 (little-endian, with a byte-order mark); save it as UTF-8", Pos{1, 1}},
		{"UTF-16BE with BOM", be("\ufeff" + doc), "is UTF-16 (big-endian, with a byte-order mark); save it as UTF-8", Pos{1, 1}},
		{"UTF-16LE with BOM, non-ASCII", le("\ufeffGrüße 🌍"), "is UTF-16 (little-endian, with a byte-order mark); save it as UTF-8", Pos{1, 1}},
		{"UTF-16LE without BOM", le(doc), "is UTF-16 (little-endian, without a byte-order mark); save it as UTF-8", Pos{1, 1}},
		{"UTF-16BE without BOM", be(doc), "is UTF-16 (big-endian, without a byte-order mark); save it as UTF-8", Pos{1, 1}},
		{"UTF-32LE with BOM", []byte{0xff, 0xfe, 0, 0, '-', 0, 0, 0}, "is UTF-32 (little-endian, with a byte-order mark); save it as UTF-8", Pos{1, 1}},
		{"UTF-32BE with BOM", []byte{0, 0, 0xfe, 0xff, 0, 0, 0, '-'}, "is UTF-32 (big-endian, with a byte-order mark); save it as UTF-8", Pos{1, 1}},
		{"BOM alone", []byte{0xff, 0xfe}, "is UTF-16 (little-endian, with a byte-order mark); save it as UTF-8", Pos{1, 1}},
		// Near misses.
		{"UTF-8 with BOM", []byte("\ufeff" + doc), "", Pos{}},
		{"short ASCII/NUL run is binary", []byte("a\x00b\x00c\x00"), "is a binary file (it holds a NUL byte), not Markdown text", Pos{1, 2}},
		{"NUL later is binary", []byte("---\nname\x00"), "is a binary file (it holds a NUL byte), not Markdown text", Pos{2, 5}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := normalizeText("TOOL.md", tt.in)
			if tt.msg == "" {
				if err != nil {
					t.Fatalf("error %v, want none", err)
				}
				return
			}
			fe, ok := err.(*FileError)
			if !ok {
				t.Fatalf("error %v, want a *FileError", err)
			}
			if fe.Msg != tt.msg || fe.Pos != tt.pos {
				t.Errorf("got %q at %v, want %q at %v", fe.Msg, fe.Pos, tt.msg, tt.pos)
			}
		})
	}
}

// TestToLF: every CRLF and CR becomes LF, the BOM stays, nothing else
// changes; ToLF does not write into the text it was given.
func TestToLF(t *testing.T) {
	for in, want := range map[string]string{
		"a\r\nb\rc\n":            "a\nb\nc\n",
		"\xef\xbb\xbfa\r\n":      "\xef\xbb\xbfa\n",
		"\r\r\n\n":               "\n\n\n",
		"no ending":              "no ending",
		"\xef\xbb\xbf":           "\xef\xbb\xbf",
		"x\xef\xbb\xbf\r\ny\xff": "x\xef\xbb\xbf\ny\xff",
	} {
		raw := []byte(in)
		if got := string(ToLF(raw)); got != want {
			t.Errorf("ToLF(%q) = %q, want %q", in, got, want)
		}
		if string(raw) != in {
			t.Errorf("ToLF changed its input to %q", raw)
		}
	}
}
