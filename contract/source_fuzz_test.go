package contract

import (
	"bytes"
	"errors"
	"testing"
	"unicode/utf8"
)

// FuzzNormalizeText: normalizeText never panics; what it accepts is UTF-8
// without NUL or CR and does not change when normalised again; what it
// rejects is a FileError at a real place inside the text.
func FuzzNormalizeText(f *testing.F) {
	for _, seed := range []string{
		"---\nname: x\n---\n",
		"\xef\xbb\xbf---\r\nname: x\r\n---\r\n",
		"\xff\xfe-\x00-\x00-\x00\n\x00",
		"\xfe\xff\x00-\x00-\x00-\x00\n",
		"-\x00-\x00-\x00\n\x00",
		"\xff\xfe\x00\x00-\x00\x00\x00",
		"a\x00b",
		"caf\xe9\n",
		"a\rb\r\nc\n\r",
		"",
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		in := bytes.Clone(data)
		out, err := normalizeText("TOOL.md", data)
		if !bytes.Equal(in, data) {
			t.Fatal("normalizeText changed its input")
		}
		if err != nil {
			var fe *FileError
			if !errors.As(err, &fe) {
				t.Fatalf("error %T is not a *FileError: %v", err, err)
			}
			if !fe.Pos.IsValid() {
				t.Fatalf("error at no place: %v", err)
			}
			if fe.Msg == "" {
				t.Fatal("error without a message")
			}
			return
		}
		if bytes.IndexByte(out, '\r') >= 0 || bytes.IndexByte(out, 0) >= 0 || !utf8.Valid(out) {
			t.Fatalf("accepted text holds CR, NUL or invalid UTF-8: %q", out)
		}
		again, err := normalizeText("TOOL.md", out)
		if err != nil && !bytes.HasPrefix(out, []byte("\xef\xbb\xbf")) {
			t.Fatalf("normalised text rejected on a second pass: %v", err)
		}
		if err == nil && !bytes.Equal(again, out) && !bytes.HasPrefix(out, []byte("\xef\xbb\xbf")) {
			t.Fatalf("normalising twice changed %q to %q", out, again)
		}
	})
}
