package contract

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"unicode/utf8"
)

// MaxSpecSize is the largest TOOL.md speccify-lint reads (1 MiB).
const MaxSpecSize = 1 << 20

// FileError says why a TOOL.md (or another file) could not be read as text:
// it is too large, not UTF-8, or not a regular file. It is a finding, not a
// failure of the linter.
type FileError struct {
	Path string
	Msg  string
	Pos  Pos // where in the file, when known (invalid UTF-8); else 1:1
}

func (e *FileError) Error() string { return e.Path + ": " + e.Msg }

// ReadText reads a text file of at most limit bytes and normalises it: a
// UTF-8 byte order mark is dropped and CRLF line endings become LF, so a file
// and its CRLF/BOM twin give the same positions. Problems with the file itself
// are *FileError; other errors (permission denied, ...) are returned as they are.
func ReadText(path string, limit int64) ([]byte, error) {
	info, err := os.Lstat(path)
	if err != nil {
		return nil, err
	}
	if !info.Mode().IsRegular() {
		return nil, &FileError{Path: path, Msg: fmt.Sprintf("is not a regular file (%s)", describeMode(info.Mode())), Pos: Pos{1, 1}}
	}
	if info.Size() > limit {
		return nil, &FileError{Path: path, Msg: fmt.Sprintf("is %s, larger than the %s speccify-lint reads", byteSize(info.Size()), byteSize(limit)), Pos: Pos{1, 1}}
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	// Read into a buffer of the size Lstat gave (plus room to notice growth)
	// rather than letting io.ReadAll grow one from 512 bytes.
	var buf bytes.Buffer
	buf.Grow(int(info.Size()) + bytes.MinRead)
	if _, err := buf.ReadFrom(io.LimitReader(f, limit+1)); err != nil {
		return nil, err
	}
	data := buf.Bytes()
	if int64(len(data)) > limit { // grew while we read it
		return nil, &FileError{Path: path, Msg: fmt.Sprintf("is larger than the %s speccify-lint reads", byteSize(limit)), Pos: Pos{1, 1}}
	}
	return NormalizeText(path, data)
}

// NormalizeText drops a UTF-8 BOM, turns CRLF and lone CR line endings into
// LF (so that every parser counts the same lines) and checks that the text is
// UTF-8 without NUL bytes (a binary file).
func NormalizeText(path string, data []byte) ([]byte, error) {
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	if bytes.IndexByte(data, '\r') >= 0 {
		data = bytes.ReplaceAll(data, []byte("\r\n"), []byte("\n"))
		data = bytes.ReplaceAll(data, []byte("\r"), []byte("\n"))
	}
	if i := bytes.IndexByte(data, 0); i >= 0 {
		return nil, &FileError{Path: path, Msg: "is a binary file (it holds a NUL byte), not Markdown text", Pos: NewLines(data).Offset(i)}
	}
	if !utf8.Valid(data) {
		i := firstInvalidUTF8(data)
		return nil, &FileError{Path: path, Msg: fmt.Sprintf("is not valid UTF-8 (byte 0x%02x); save it as UTF-8", data[i]), Pos: NewLines(data).Offset(i)}
	}
	return data, nil
}

func firstInvalidUTF8(b []byte) int {
	for i := 0; i < len(b); {
		r, size := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && size == 1 {
			return i
		}
		i += size
	}
	return 0
}

func describeMode(m fs.FileMode) string {
	switch {
	case m&fs.ModeSymlink != 0:
		return "a symbolic link"
	case m.IsDir():
		return "a directory"
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeDevice != 0:
		return "a device"
	}
	return m.Type().String()
}

func byteSize(n int64) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MiB", n>>20)
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%d KiB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}

// IsFileError reports whether err is a *FileError.
func IsFileError(err error) bool {
	var fe *FileError
	return errors.As(err, &fe)
}
