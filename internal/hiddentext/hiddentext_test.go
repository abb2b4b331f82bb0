package hiddentext

import (
	"slices"
	"testing"

	"golang.org/x/text/unicode/runenames"
)

// TestHiddenNames: the names hidden-text gives characters are their names
// in the Unicode Character Database.
func TestHiddenNames(t *testing.T) {
	for r, name := range hiddenNames {
		if want := runenames.Name(r); name != want {
			t.Errorf("U+%04X is %q, want %q", r, name, want)
		}
	}
	for r := rune(0xE0000); r <= 0xE007F; r++ {
		if got, want := tagName(r), runenames.Name(r); got != want {
			t.Errorf("U+%04X is %q, want %q", r, got, want)
		}
	}
}

// TestHiddenKinds: which characters are hidden, and which a language's
// text needs where they are.
func TestHiddenKinds(t *testing.T) {
	for _, tt := range []struct {
		text   string
		hidden bool
	}{
		{"a\u202eb", true},
		{"a\u200bb", true},
		{"a\u200db", true},              // a joiner between Latin letters
		{"👩\u200d💻", false},             // between two emoji
		{"👁\ufe0f\u200d🗨\ufe0f", false}, // after the emoji variation selector
		{"می\u200cخواهم", false},        // a Persian non-joiner
		{"a\u200cb", true},
		{"שלום\u200f עולם", false}, // a mark on a Hebrew line
		{"abc\u200f def", true},
		{"🏴\U000E0067\U000E0062\U000E0073\U000E0063\U000E0074\U000E007F", false}, // the flag of Scotland
		{"x\U000E0067\U000E0062\U000E007F", true},
		{"a\U000E0041", true},
		{"a\x07b", true},
		{"a\tb\r\n", false},
		{"a\u00a0b é 日 😀", false},
		{"a\ufeffb", true},
	} {
		runs := Find([]byte(tt.text))
		if got := len(runs) > 0; got != tt.hidden {
			t.Errorf("%q: hidden %v, want %v (%v)", tt.text, got, tt.hidden, runs)
		}
	}
}

// TestFindEscaped: the hidden characters written as escapes in a
// double-quoted scalar, as runs of the escapes' text, and the escapes of
// visible characters left alone.
func TestFindEscaped(t *testing.T) {
	for _, tt := range []struct {
		text string
		want []string // the text of each run
		desc string   // what the first run is, "" for none
	}{
		{`"a\u202Eb"`, []string{`\u202E`}, "U+202E RIGHT-TO-LEFT OVERRIDE, a bidirectional control character, which reorders the text around it on screen, written as an escape"},
		{`"\U000E0048\U000E0049 x"`, []string{`\U000E0048\U000E0049`}, `2 Unicode tag characters, which are invisible and spell "HI", written as escapes`},
		{`"\uDB40\uDC41"`, []string{`\uDB40\uDC41`}, "U+E0041 TAG LATIN CAPITAL LETTER A, a Unicode tag character, which is invisible, written as an escape"},
		{`"bell\x07 and \u200b"`, []string{`\x07`, `\u200b`}, "U+0007, a control character, written as an escape"},
		{`"caf\u00e9 \n \\u202E \"q\""`, nil, ""},
		{`"\u20"`, nil, ""},
	} {
		runs := FindEscaped([]byte(tt.text))
		var got []string
		for _, r := range runs {
			if !r.Escaped {
				t.Errorf("%s: run %+v not marked as escaped", tt.text, r)
			}
			got = append(got, tt.text[r.Start:r.End])
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("%s: runs %q, want %q", tt.text, got, tt.want)
			continue
		}
		if len(runs) > 0 && runs[0].Describe() != tt.desc {
			t.Errorf("%s: %q, want %q", tt.text, runs[0].Describe(), tt.desc)
		}
	}
}

// TestDescribeAndFixTitle: how a message names a run written as it is,
// and what its fix says it removes.
func TestDescribeAndFixTitle(t *testing.T) {
	for _, tt := range []struct {
		text, desc, title string
	}{
		{"a\u202eb", "U+202E RIGHT-TO-LEFT OVERRIDE, a bidirectional control character, which reorders the text around it on screen",
			"remove U+202E RIGHT-TO-LEFT OVERRIDE"},
		{"a\u200b\u200b\u200cb", "3 characters that show nothing: 2 × U+200B ZERO WIDTH SPACE, U+200C ZERO WIDTH NON-JOINER",
			"remove the 3 hidden characters"},
		{"a\u200b\u200c\u2060\u2062b", "4 characters that show nothing: U+200B ZERO WIDTH SPACE, U+200C ZERO WIDTH NON-JOINER, U+2060 WORD JOINER and 1 others",
			"remove the 4 hidden characters"},
	} {
		runs := Find([]byte(tt.text))
		if len(runs) != 1 {
			t.Errorf("%q: %d runs, want 1", tt.text, len(runs))
			continue
		}
		if d, ft := runs[0].Describe(), runs[0].FixTitle(); d != tt.desc || ft != tt.title {
			t.Errorf("%q: %q, %q; want %q, %q", tt.text, d, ft, tt.desc, tt.title)
		}
	}
	if got := Visible("a\u202eb\U000E0041c"); got != "abc" {
		t.Errorf("Visible = %q, want abc", got)
	}
}

// TestSafeToRemove: deleting a run is safe unless a comment, a key or a
// list item would begin where it was, or a quoted value would be empty.
func TestSafeToRemove(t *testing.T) {
	for _, tt := range []struct {
		text string
		safe bool
	}{
		{"description: a\u200bb\n", true},
		{"description: a \u200bb", true},
		{"description: \u200b\n", false},     // the value would be empty
		{"description: a \u200b#b\n", false}, // a comment would begin
		{"a:\u200b x\n", false},              // a key would end at it
		{"-\u200b x\n", false},               // a list item would begin
		{"x: \"\u200b\"\n", false},           // the string would be empty
		{"\u200b", false},
		{"x\u200b", true},
	} {
		runs := Find([]byte(tt.text))
		if len(runs) != 1 {
			t.Errorf("%q: %d runs, want 1", tt.text, len(runs))
			continue
		}
		if got := SafeToRemove([]byte(tt.text), runs[0].Start, runs[0].End); got != tt.safe {
			t.Errorf("%q: safe %v, want %v", tt.text, got, tt.safe)
		}
	}
}
