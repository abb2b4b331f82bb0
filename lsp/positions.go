package lsp

import (
	"unicode/utf16"
	"unicode/utf8"

	"go.lsp.dev/protocol"

	"github.com/speccify/speccify-lint/contract"
)

// lineIndex is a document's lines as LSP counts them: contract.Lines of the
// text as the editor holds it (a line ends at "\n", "\r\n" or "\r", as
// contract.Normalize turns them into "\n", so that a finding's line is the
// editor's), with the conversions between LSP positions (0-based, columns
// in UTF-16 code units or UTF-8 bytes) and byte offsets; text is the
// document's text the lines index.
type lineIndex struct {
	*contract.Lines
	text string
}

func newLineIndex(text string) *lineIndex {
	return &lineIndex{contract.NewRawLines([]byte(text)), text}
}

// line is the text of the 0-based line n without its line ending; "" past
// the last line.
func (x *lineIndex) line(n int) string { return x.Line(n + 1) }

// start is the byte offset at which the 0-based line n starts.
func (x *lineIndex) start(n int) int { return x.LineStart(n + 1) }

// offset is the byte offset of an LSP position in the text, counted in enc
// (UTF-16 code units or UTF-8 bytes): a character past the line's end is the
// line's end, a line past the last the text's end, as the protocol says.
func (x *lineIndex) offset(p protocol.Position, utf8Columns bool) int {
	n := int(p.Line)
	if n >= x.Count() {
		return x.Size()
	}
	return x.start(n) + byteOfColumn(x.line(n), int(p.Character), utf8Columns)
}

// position is the LSP position of a byte offset of the text.
func (x *lineIndex) position(off int, utf8Columns bool) protocol.Position {
	off = min(max(off, 0), x.Size())
	n := x.LineOf(off) - 1
	l := x.line(n)
	col := min(off-x.start(n), len(l))
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
