package contract

import "testing"

// TestRawLines: a text as an editor holds it has lines ending at "\n",
// "\r\n" or "\r", each line's text without its ending, and an offset is on
// the line that starts at or before it.
func TestRawLines(t *testing.T) {
	l := NewRawLines([]byte("a\r\nbé\rc\n\nd"))
	want := []string{"a", "bé", "c", "", "d"}
	if l.Count() != len(want) {
		t.Fatalf("%d lines, want %d", l.Count(), len(want))
	}
	for i, w := range want {
		if got := l.Line(i + 1); got != w {
			t.Errorf("line %d = %q, want %q", i+1, got, w)
		}
	}
	for off, line := range []int{1, 1, 1, 2, 2, 2, 2, 3, 3, 4, 5, 5} {
		if got := l.LineOf(off); got != line {
			t.Errorf("LineOf(%d) = %d, want %d", off, got, line)
		}
	}
	if p := l.Offset(6); p != (Pos{Line: 2, Column: 3}) {
		t.Errorf("Offset(6) = %v, want 2:3", p)
	}
	if l.Size() != 11 {
		t.Errorf("Size = %d, want 11", l.Size())
	}
	// NewLines keeps its "\n"-only lines: a "\r" stays in the line's text.
	if got := NewLines([]byte("a\r\nb")).Line(1); got != "a\r" {
		t.Errorf("NewLines line 1 = %q, want %q", got, "a\r")
	}
}
