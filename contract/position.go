package contract

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"unicode/utf16"
	"unicode/utf8"
)

// Pos is a place in a file: a 1-based line and a 1-based column counted in
// UTF-16 code units, the unit GitHub, SARIF viewers and editors such as VS Code
// use. The zero Pos means "no known place".
type Pos struct {
	Line   int `json:"line"`
	Column int `json:"column"`
}

// IsValid reports whether p names a real place.
func (p Pos) IsValid() bool { return p.Line >= 1 && p.Column >= 1 }

func (p Pos) String() string { return fmt.Sprintf("%d:%d", p.Line, p.Column) }

// Lines indexes the line starts of a text so that byte offsets and rune
// columns can be turned into positions: the one position model of the
// project (the language server converts its positions to LSP's on it).
type Lines struct {
	text   []byte
	starts []int // byte offset of the start of each line
	// anyEnding: lines end at "\n", "\r\n" or "\r" (NewRawLines), and a
	// line's text is without its ending; else only at "\n".
	anyEnding bool
	// ascii says, by line (0-based), that the line is all ASCII: a rune
	// column is then the UTF-16 column.
	ascii []bool
	// units holds, for each line (1-based) of more than tableLine bytes
	// that is not all ASCII, the UTF-16 units before each rune of it and
	// after the last: so that RuneColumn costs no scan of a long line, which
	// a one-line schema of thousands of keys would make quadratic.
	units map[int][]int32
}

// tableLine is the length from which a line that is not all ASCII gets a
// table of its columns (Lines.units) instead of a scan per position.
const tableLine = 256

// NewLines indexes text. Line endings are "\n"; callers normalise CRLF first.
func NewLines(text []byte) *Lines {
	starts := make([]int, 1, 64)
	for i := 0; ; {
		j := bytes.IndexByte(text[i:], '\n')
		if j < 0 {
			break
		}
		i += j + 1
		starts = append(starts, i)
	}
	l := &Lines{text: text, starts: starts}
	l.indexColumns()
	return l
}

// indexColumns notes which lines are all ASCII and makes the column tables
// of the long lines that are not (Lines.ascii, Lines.units).
func (l *Lines) indexColumns() {
	l.ascii = make([]bool, len(l.starts))
	for n := 1; n <= len(l.starts); n++ {
		b := l.lineBytes(n)
		l.ascii[n-1] = isASCII(b)
		if !l.ascii[n-1] && len(b) > tableLine {
			if l.units == nil {
				l.units = map[int][]int32{}
			}
			l.units[n] = unitsTable(b)
		}
	}
}

// isASCII reports whether b holds only ASCII bytes.
func isASCII(b []byte) bool {
	for _, c := range b {
		if c >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// unitsTable is the UTF-16 units of the line b before each of its runes
// and after the last, as scanColumn counts them.
func unitsTable(b []byte) []int32 {
	t := make([]int32, 0, len(b)+1)
	units := 0
	for len(b) > 0 {
		t = append(t, int32(units))
		r, size := utf8.DecodeRune(b)
		b = b[size:]
		units += runeUnits(r)
	}
	return append(t, int32(units))
}

// runeUnits is the UTF-16 units a rune of a line takes in a column.
func runeUnits(r rune) int {
	if n := utf16.RuneLen(r); n > 0 {
		return n
	}
	return 0
}

// NewRawLines indexes a text as an editor holds it, not normalised: a line
// ends at "\n", "\r\n" or "\r", as the Language Server Protocol counts
// lines (and as Normalize turns them into "\n", so that a line is the
// same line of the normalised text).
func NewRawLines(text []byte) *Lines {
	starts := make([]int, 1, 64)
	for i := 0; i < len(text); i++ {
		switch text[i] {
		case '\n':
			starts = append(starts, i+1)
		case '\r':
			if i+1 < len(text) && text[i+1] == '\n' {
				i++
			}
			starts = append(starts, i+1)
		}
	}
	l := &Lines{text: text, starts: starts, anyEnding: true}
	l.indexColumns()
	return l
}

// Size is the length of the text in bytes.
func (l *Lines) Size() int { return len(l.text) }

// LineOf is the 1-based line that holds the byte offset off (clamped to the
// text): the last line that starts at or before it.
func (l *Lines) LineOf(off int) int {
	off = min(max(off, 0), len(l.text))
	lo, hi := 0, len(l.starts)-1
	for lo < hi {
		mid := (lo + hi + 1) / 2
		if l.starts[mid] <= off {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	return lo + 1
}

// Count is the number of lines.
func (l *Lines) Count() int { return len(l.starts) }

// Line returns the text of the 1-based line n without its line ending, or ""
// when n is out of range.
func (l *Lines) Line(n int) string {
	if n < 1 || n > len(l.starts) {
		return ""
	}
	return string(l.lineBytes(n))
}

// lineBytes is the text of the 1-based line n (in range) without its line
// ending.
func (l *Lines) lineBytes(n int) []byte {
	start := l.starts[n-1]
	end := len(l.text)
	if n < len(l.starts) {
		end = l.starts[n] - 1
		if l.anyEnding && end > start && l.text[end] == '\n' && l.text[end-1] == '\r' {
			end-- // "\r\n"
		}
	}
	return l.text[start:end]
}

// LineStart is the byte offset at which the 1-based line n starts.
func (l *Lines) LineStart(n int) int {
	if n < 1 {
		return 0
	}
	if n > len(l.starts) {
		return len(l.text)
	}
	return l.starts[n-1]
}

// Offset turns a byte offset into a position. Offsets past the end clamp to
// the end of the text.
func (l *Lines) Offset(off int) Pos {
	off = min(max(off, 0), len(l.text))
	n := l.LineOf(off)
	return Pos{Line: n, Column: utf16Width(l.text[l.starts[n-1]:off]) + 1}
}

// RuneColumn turns a 1-based line and a 1-based column counted in runes (as
// the YAML parser counts) into a position with a UTF-16 column.
func (l *Lines) RuneColumn(line, runeCol int) Pos {
	if line < 1 || line > len(l.starts) {
		return Pos{Line: max(line, 1), Column: max(runeCol, 1)}
	}
	if l.ascii[line-1] {
		return Pos{Line: line, Column: max(runeCol, 1)}
	}
	if t, ok := l.units[line]; ok {
		last := len(t) - 1 // the line's runes
		if i := runeCol - 1; i <= last {
			return Pos{Line: line, Column: int(t[max(i, 0)]) + 1}
		}
		return Pos{Line: line, Column: int(t[last]) + runeCol - 1 - last + 1}
	}
	return Pos{Line: line, Column: scanColumn(l.lineBytes(line), runeCol) + 1}
}

// scanColumn is the UTF-16 units of the line b before its rune column
// runeCol (1-based; past the end of the line, one unit a column).
func scanColumn(b []byte, runeCol int) int {
	units, runes := 0, 1
	for len(b) > 0 && runes < runeCol { // as ranging over a string, without copying the line
		if b[0] < utf8.RuneSelf { // ASCII, most of a TOOL.md: one rune, one unit
			b = b[1:]
			units++
			runes++
			continue
		}
		r, size := utf8.DecodeRune(b)
		b = b[size:]
		units += runeUnits(r)
		runes++
	}
	if runes < runeCol { // past the end of the line
		units += runeCol - runes
	}
	return units
}

// asciiMask has the high bit of each of eight bytes: a uint64 of eight
// ASCII bytes has none of them set.
const asciiMask = 0x8080808080808080

// utf16Width counts the UTF-16 code units of b; invalid bytes count one each.
func utf16Width(b []byte) int {
	n := 0
	for len(b) > 0 {
		if len(b) >= 8 && binary.LittleEndian.Uint64(b)&asciiMask == 0 { // eight ASCII bytes: a unit each
			b = b[8:]
			n += 8
			continue
		}
		if b[0] < utf8.RuneSelf { // ASCII: one unit
			b = b[1:]
			n++
			continue
		}
		r, size := utf8.DecodeRune(b)
		b = b[size:]
		if w := utf16.RuneLen(r); w > 0 {
			n += w
		} else {
			n++
		}
	}
	return n
}

// runeOffset turns a 1-based line and a 1-based column counted in runes into
// a byte offset, clamped to the line (RuneColumn's counterpart).
func (l *Lines) runeOffset(line, runeCol int) int {
	if line < 1 || line > len(l.starts) {
		return l.LineStart(line)
	}
	b := l.lineBytes(line)
	off := 0
	for runes := 1; runes < runeCol && off < len(b); runes++ {
		_, size := utf8.DecodeRune(b[off:])
		off += size
	}
	return l.starts[line-1] + off
}

// ByteColumn is the 1-based column of p on its line counted in bytes of the
// text (UTF-8), the unit reviewdog counts columns in, for p's UTF-16 column
// (see ByteColumn); a line out of range counts every column as one byte.
func (l *Lines) ByteColumn(p Pos) int {
	if p.Line < 1 || p.Line > len(l.starts) {
		return p.Column
	}
	return ByteColumn(l.lineBytes(p.Line), p.Column)
}

// ByteColumn turns the 1-based column col of line, counted in UTF-16 code
// units as positions count, into the 1-based column counted in bytes (UTF-8).
// An invalid byte is one unit and one byte, as utf16Width counts it; past the
// end of the line each column is one byte. A column below 1 stays as it is.
func ByteColumn(line []byte, col int) int {
	if col <= 1 {
		return col
	}
	units, n := 0, 0
	for n < len(line) && units < col-1 {
		r, size := utf8.DecodeRune(line[n:])
		if w := utf16.RuneLen(r); w > 0 {
			units += w
		} else {
			units++
		}
		n += size
	}
	return n + 1 + max(col-1-units, 0)
}

// RawLine is the 1-based line n of text as read, not normalised, without
// its line ending ("\n" or "\r\n"; a lone "\r" ends no line); nil when
// text has no line n, the first line for n below 1. The line of a finding
// in a file the engine read but did not parse (an implementation).
func RawLine(text []byte, n int) []byte {
	for i := 1; i < n; i++ {
		j := bytes.IndexByte(text, '\n')
		if j < 0 {
			return nil
		}
		text = text[j+1:]
	}
	if j := bytes.IndexByte(text, '\n'); j >= 0 {
		text = text[:j]
	}
	return bytes.TrimSuffix(text, []byte("\r"))
}
