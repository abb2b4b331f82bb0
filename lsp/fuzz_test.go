package lsp

import (
	"bytes"
	"context"
	"errors"
	"io"
	"strings"
	"testing"
	"unicode/utf8"

	"go.lsp.dev/protocol"
)

// nopCloser is a byte stream for the framing: reads from r, writes to w.
type nopCloser struct {
	io.Reader
	io.Writer
}

func (nopCloser) Close() error { return nil }

// FuzzStream: whatever bytes a client sends, the framing reads messages or
// ends with an error, never panics, and answers each unreadable body with
// one error frame.
func FuzzStream(f *testing.F) {
	f.Add([]byte("Content-Length: 2\r\n\r\n{}"))
	f.Add([]byte("Content-Length: 5\r\n\r\n{bad}Content-Length: 40\r\n\r\n{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"x\"}"))
	f.Add([]byte("content-length:3\n\n[1]"))
	f.Add([]byte("Content-Length: 99999999999999999999\r\n\r\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		var out bytes.Buffer
		s := newStream(nopCloser{bytes.NewReader(data), &out})
		for range 1000 {
			if _, _, err := s.Read(context.Background()); err != nil {
				if !errors.Is(err, io.EOF) && !errors.Is(err, io.ErrUnexpectedEOF) && !errors.Is(err, errHeader) {
					t.Fatalf("error %v", err)
				}
				break
			}
		}
		// What the server wrote is frames it can read back.
		back := newStream(nopCloser{&out, io.Discard})
		for {
			if _, _, err := back.Read(context.Background()); err != nil {
				if !errors.Is(err, io.EOF) {
					t.Fatalf("the server's own frames do not read back: %v", err)
				}
				break
			}
		}
	})
}

// FuzzTextEdits: the edits of a code action, applied as an editor applies
// them (in either position encoding), make the text --fix makes, and
// start and end on line boundaries.
func FuzzTextEdits(f *testing.F) {
	f.Add("a\nb\nc\n", "a\nB\nc\n")
	f.Add("x\r\ny\r\n", "x\r\nz\r\ny\r\n")
	f.Add("é𝄞\rq", "é𝄞\r\nq!")
	f.Add("", "new")
	f.Fuzz(func(t *testing.T, before, after string) {
		if !utf8.ValidString(before) || !utf8.ValidString(after) {
			return
		}
		for _, enc := range []bool{false, true} {
			s := &server{utf8: enc}
			edits := s.textEdits(before, after)
			x := newLineIndex(before)
			var b strings.Builder
			at := 0
			for _, e := range edits {
				start, end := x.offset(e.Range.Start, enc), x.offset(e.Range.End, enc)
				if start < at || end < start {
					t.Fatalf("edits out of order or overlapping: %v", edits)
				}
				if !atLineStart(before, start) || end != len(before) && !atLineStart(before, end) {
					t.Fatalf("an edit %v not on line boundaries of %q", e, before)
				}
				b.WriteString(before[at:start])
				b.WriteString(e.NewText)
				at = end
			}
			b.WriteString(before[at:])
			if b.String() != after {
				t.Fatalf("utf8 %v: the edits make %q, want %q", enc, b.String(), after)
			}
		}
	})
}

// FuzzPositions: a byte offset on a character boundary goes to a position
// and back to itself, in either encoding; any position is an offset inside
// the text.
func FuzzPositions(f *testing.F) {
	f.Add("a\r\nbé𝄞\rc\n", 5, uint32(1), uint32(3))
	f.Fuzz(func(t *testing.T, text string, off int, line, char uint32) {
		x := newLineIndex(text)
		for _, enc := range []bool{false, true} {
			if o := x.offset(protocol.Position{Line: line, Character: char}, enc); o < 0 || o > len(text) {
				t.Fatalf("offset %d of %d:%d outside the text", o, line, char)
			}
			if off < 0 || off > len(text) || off < len(text) && !utf8.RuneStart(text[off]) || !utf8.ValidString(text) {
				continue
			}
			if off > 0 && text[off-1] == '\r' && off < len(text) && text[off] == '\n' {
				continue // inside a CRLF: no position
			}
			if got := x.offset(x.position(off, enc), enc); got != off {
				t.Fatalf("utf8 %v: offset %d -> %v -> %d", enc, off, x.position(off, enc), got)
			}
		}
	})
}
