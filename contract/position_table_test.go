package contract

import (
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf16"
	"unicode/utf8"
)

// scanRuneColumn is RuneColumn as it was before the tables: a scan of the
// line for each position, the reference the tables must agree with.
func scanRuneColumn(l *Lines, line, runeCol int) Pos {
	if line < 1 || line > len(l.starts) {
		return Pos{Line: max(line, 1), Column: max(runeCol, 1)}
	}
	units, runes := 0, 1
	for b := l.lineBytes(line); len(b) > 0; {
		if runes >= runeCol {
			break
		}
		r, size := utf8.DecodeRune(b)
		b = b[size:]
		units += utf16.RuneLen(r)
		if utf16.RuneLen(r) < 0 {
			units++
		}
		runes++
	}
	if runes < runeCol {
		units += runeCol - runes
	}
	return Pos{Line: line, Column: units + 1}
}

// TestRuneColumnTables: the columns of long lines that are not all ASCII
// (read from a table) and of ASCII lines (no scan) are those a scan finds,
// at every rune, before the first and past the end.
func TestRuneColumnTables(t *testing.T) {
	pieces := []string{"a", "é", "😀", "\xff", "\t", "名", "z"}
	rng := rand.New(rand.NewPCG(1, 2))
	var b strings.Builder
	for range 40 {
		n := rng.IntN(3 * tableLine)
		for range n {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		if rng.IntN(4) == 0 {
			b.WriteString(strings.Repeat("x", tableLine+1)) // a long ASCII line
		}
		b.WriteByte('\n')
	}
	l := NewLines([]byte(b.String()))
	if len(l.units) == 0 {
		t.Fatal("no line got a table")
	}
	for line := 0; line <= l.Count()+1; line++ {
		for col := -1; col <= 3*tableLine*4+2; col++ {
			if got, want := l.RuneColumn(line, col), scanRuneColumn(l, line, col); got != want {
				t.Fatalf("RuneColumn(%d, %d) = %v, the scan says %v", line, col, got, want)
			}
		}
	}
}
