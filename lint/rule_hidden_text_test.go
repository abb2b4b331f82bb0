package lint

import (
	"testing"

	"golang.org/x/text/unicode/runenames"

	"github.com/speccify/speccify-lint/contract"
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
		lines := contract.NewLines([]byte(tt.text))
		runs := hiddenRuns(lines, contract.Span{Start: lines.Point(0), End: lines.Point(len(tt.text))})
		if got := len(runs) > 0; got != tt.hidden {
			t.Errorf("%q: hidden %v, want %v (%v)", tt.text, got, tt.hidden, runs)
		}
	}
}
