package lsp

import (
	"unicode/utf16"
	"unicode/utf8"

	"go.lsp.dev/protocol"
)

// lineIndex holds where each line of a text starts. A line ends at "\n",
// "\r\n" or "\r", as LSP counts lines (and as contract.Normalize turns
// them into "\n", so that a finding's line is the editor's).
type lineIndex struct {
	text   string
	starts []int
}

func newLineIndex(text string) *lineIndex {
	starts := []int{0}
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
	return &lineIndex{text: text, starts: starts}
}

// line is the text of the 0-based line n without its line ending; "" past
// the last line.
func (x *lineIndex) line(n int) string {
	if n < 0 || n >= len(x.starts) {
		return ""
	}
	end := len(x.text)
	if n+1 < len(x.starts) {
		end = x.starts[n+1]
	}
	l := x.text[x.starts[n]:end]
	for len(l) > 0 && (l[len(l)-1] == '\n' || l[len(l)-1] == '\r') {
		l = l[:len(l)-1]
	}
	return l
}

// offset is the byte offset of an LSP position in the text, counted in enc
// (UTF-16 code units or UTF-8 bytes): a character past the line's end is the
// line's end, a line past the last the text's end, as the protocol says.
func (x *lineIndex) offset(p protocol.Position, utf8Columns bool) int {
	n := int(p.Line)
	if n >= len(x.starts) {
		return len(x.text)
	}
	l := x.line(n)
	return x.starts[n] + byteOfColumn(l, int(p.Character), utf8Columns)
}

// position is the LSP position of a byte offset of the text.
func (x *lineIndex) position(off int, utf8Columns bool) protocol.Position {
	off = min(max(off, 0), len(x.text))
	n := 0
	lo, hi := 0, len(x.starts)
	for lo < hi { // the last line start at or before off
		m := (lo + hi) / 2
		if x.starts[m] <= off {
			n, lo = m, m+1
		} else {
			hi = m
		}
	}
	l := x.line(n)
	col := min(off-x.starts[n], len(l))
	return protocol.Position{Line: uint32(n), Character: uint32(columnOfByte(l, col, utf8Columns))}
}

// byteOfColumn is the byte offset in line of the column col (0-based,
// UTF-16 code units or bytes); the line's length past its end. A column in
// the middle of a character is its start.
func byteOfColumn(line string, col int, utf8Columns bool) int {
	if utf8Columns {
		col = min(col, len(line))
		for col > 0 && col < len(line) && !utf8.RuneStart(line[col]) {
			col--
		}
		return col
	}
	units := 0
	for i, r := range line {
		if units >= col {
			return i
		}
		units += utf16Len(r)
		if units > col {
			return i
		}
	}
	return len(line)
}

// columnOfByte is the column (0-based, UTF-16 code units or bytes) of the
// byte offset b of line.
func columnOfByte(line string, b int, utf8Columns bool) int {
	b = min(max(b, 0), len(line))
	if utf8Columns {
		return b
	}
	units := 0
	for i, r := range line {
		if i >= b {
			break
		}
		units += utf16Len(r)
	}
	return units
}

func utf16Len(r rune) int {
	if n := utf16.RuneLen(r); n > 0 {
		return n
	}
	return 1 // an invalid byte: one unit, as a replacement character
}
