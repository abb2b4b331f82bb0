package runner

import (
	"strings"
	"testing"
)

// TestParseStdout: the answer is exactly one JSON object; every other
// stdout gets the message that says why not.
func TestParseStdout(t *testing.T) {
	for _, tt := range []struct{ stdout, note, msg string }{
		{`{"ok": true}`, "", ""},
		{"", "; stderr ends: \"boom\"", "stdout is empty; the implementation must print one JSON object; stderr ends: \"boom\""},
		{"{} {}", "", "stdout holds more than one JSON value (or text after it): \"{} {}\""},
		{"[]", "", "stdout is a JSON array, not a JSON object: \"[]\""},
		{"\xff", "", "stdout is not valid UTF-8: \"\\ufffd\""},
	} {
		v, msg := ParseStdout([]byte(tt.stdout), tt.note)
		if msg != tt.msg || (msg == "") != (v != nil) {
			t.Errorf("ParseStdout(%q) = %v, %q; want message %q", tt.stdout, v, msg, tt.msg)
		}
	}
}

// TestOutputCaps: texts are cut at a rune boundary, quotes at QuoteLimit
// characters with "…".
func TestOutputCaps(t *testing.T) {
	long := strings.Repeat("é", CapturedOutput)
	if got := CapText([]byte(long)); len(got) > CapturedOutput || !strings.HasPrefix(long, got) || strings.ContainsRune(got, '\uFFFD') {
		t.Errorf("CapText cut %d bytes, not at a rune boundary", len(got))
	}
	if got := Shorten(strings.Repeat("a", QuoteLimit+1)); got != strings.Repeat("a", QuoteLimit)+"…" {
		t.Errorf("Shorten = %q", got)
	}
	if got := StderrTail([]byte("a\nlast line\n\n")); got != "; stderr ends: \"last line\"" {
		t.Errorf("StderrTail = %q", got)
	}
	if got := DeniedLine([]byte("ok\n"), []byte("x\nopen: Permission denied\n")); got != "open: Permission denied" {
		t.Errorf("DeniedLine = %q", got)
	}
}
