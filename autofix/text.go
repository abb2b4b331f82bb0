package autofix

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"

	"github.com/speccify/speccify-lint/contract"
)

// rawText is a file's bytes as read and its normalised text (what the
// engine parsed, see contract.ReadText: BOM dropped, CRLF and CR line
// endings as LF), with the place in the bytes of every offset of the text.
type rawText struct {
	raw  []byte
	text []byte
	// toRaw[i] is the offset in raw of offset i of text (len(text)+1
	// entries): a text "\n" that was "\r\n" maps to its '\r'.
	toRaw []int
	// sum is the SHA-256 of text once checkSum computed it.
	sum string
}

// newRawText normalises raw as contract.ReadText does, keeping the map.
func newRawText(raw []byte) *rawText {
	text, toRaw := contract.Normalize(raw)
	return &rawText{raw: raw, text: text, toRaw: toRaw}
}

// eolAt is the line ending of the line holding raw offset off: the one that
// ends it, else (the last line has none) the one before it, else "\n".
func (t *rawText) eolAt(off int) string {
	if i := bytes.IndexAny(t.raw[off:], "\r\n"); i >= 0 {
		return lineEnding(t.raw, off+i)
	}
	if i := bytes.LastIndexAny(t.raw[:off], "\r\n"); i >= 0 {
		if t.raw[i] == '\n' && i > 0 && t.raw[i-1] == '\r' {
			i--
		}
		return lineEnding(t.raw, i)
	}
	return "\n"
}

// lineEnding is the line ending that starts at raw[i] ('\r' or '\n').
func lineEnding(raw []byte, i int) string {
	switch {
	case raw[i] == '\n':
		return "\n"
	case i+1 < len(raw) && raw[i+1] == '\n':
		return "\r\n"
	}
	return "\r"
}

// checkSum checks that the text is the one the fix was computed on, when
// the fix knows (result.Fix.Sum).
func (t *rawText) checkSum(sum string) error {
	if sum == "" {
		return nil
	}
	if t.sum == "" {
		s := sha256.Sum256(t.text)
		t.sum = hex.EncodeToString(s[:])
	}
	if t.sum != sum {
		return errors.New("it changed since it was linted")
	}
	return nil
}

// checkEdits checks that edits, sorted, fit the text: each within it,
// starting after the previous one ends, at the offsets their positions name
// (a position is checked when it is set), so that a file changed since it
// was linted is not edited at the wrong place.
func (t *rawText) checkEdits(edits []contract.Edit) error {
	lines := contract.NewLines(t.text)
	prev := 0
	for _, e := range edits {
		if e.Start.Offset < prev || e.End.Offset < e.Start.Offset || e.End.Offset > len(t.text) {
			return fmt.Errorf("the edits of its fix do not fit its text (%d-%d)", e.Start.Offset, e.End.Offset)
		}
		for _, p := range []contract.Point{e.Start, e.End} {
			if p.Line != 0 && lines.Offset(p.Offset) != p.Pos {
				return fmt.Errorf("it changed since it was linted (offset %d is not at %s)", p.Offset, p.Pos)
			}
		}
		prev = e.End.Offset
	}
	return nil
}

// apply returns the bytes of the file with the edits (sorted, checked by
// checkEdits) made: every byte outside the edited ranges as it was, a BOM
// and the line endings kept, each "\n" of an edit's New written as the line
// ending of the line it goes into; with toLF, every CRLF and CR then LF.
func (t *rawText) apply(edits []contract.Edit, toLF bool) []byte {
	out := make([]byte, 0, len(t.raw)+64)
	pos := 0
	for _, e := range edits {
		start, end := t.toRaw[e.Start.Offset], t.toRaw[e.End.Offset]
		out = append(out, t.raw[pos:start]...)
		eol := t.eolAt(start)
		for i, line := range bytes.Split([]byte(e.New), []byte("\n")) {
			if i > 0 {
				out = append(out, eol...)
			}
			out = append(out, line...)
		}
		pos = end
	}
	out = append(out, t.raw[pos:]...)
	if toLF {
		out = contract.ToLF(out)
	}
	return out
}
