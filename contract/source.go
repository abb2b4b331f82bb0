package contract

import (
	"bytes"
	"fmt"
	"io"
	"io/fs"
	"os"
	"slices"
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
	return readText(path, path, os.Lstat, os.Open, limit)
}

// readTextIn is ReadText of the file name (a path relative to root) inside
// root, an os.Root of the folder it belongs to: it is opened through root, so
// neither ".." nor a symbolic link on the way (a linked directory included)
// reaches outside the folder. name itself must be a regular file, not a
// link. path is the file's path for messages.
func readTextIn(root *os.Root, name, path string, limit int64) ([]byte, error) {
	return readText(path, name, root.Lstat, root.Open, limit)
}

// readText reads name with lstat and open (of the os package or of an
// os.Root); path names it in a FileError.
func readText(path, name string, lstat func(string) (fs.FileInfo, error), open func(string) (*os.File, error), limit int64) ([]byte, error) {
	info, err := lstat(name)
	if err != nil {
		return nil, err
	}
	if !info.Mode().IsRegular() {
		return nil, &FileError{Path: path, Msg: fmt.Sprintf("is not a regular file (%s)", describeMode(info.Mode())), Pos: Pos{1, 1}}
	}
	if info.Size() > limit {
		return nil, &FileError{Path: path, Msg: fmt.Sprintf("is %s, larger than the %s speccify-lint reads", byteSize(info.Size()), byteSize(limit)), Pos: Pos{1, 1}}
	}
	f, err := open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if opened, err := f.Stat(); err != nil || !os.SameFile(info, opened) {
		// Replaced (by a link, say) between the two calls.
		return nil, &FileError{Path: path, Msg: "changed while speccify-lint read it", Pos: Pos{1, 1}}
	}
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
	return normalizeText(path, data)
}

// normalizeText drops a UTF-8 BOM, turns CRLF and lone CR line endings into
// LF (so that every parser counts the same lines) and checks that the text is
// UTF-8 without NUL bytes (a binary file).
func normalizeText(path string, data []byte) ([]byte, error) {
	if enc := wideEncoding(data); enc != "" {
		return nil, &FileError{Path: path, Msg: "is " + enc + "; save it as UTF-8", Pos: Pos{1, 1}}
	}
	if bytes.HasPrefix(data, utf8BOM) || bytes.IndexByte(data, '\r') >= 0 {
		data = normalize(data, nil)
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

// utf8BOM is the UTF-8 byte order mark, which the normalised text leaves out.
var utf8BOM = []byte("\xef\xbb\xbf")

// Normalize is the text ReadText makes of raw (its BOM dropped, CRLF and CR
// line endings as LF, nothing checked) and, for each offset of the text (one
// more than its length), the offset in raw it comes from: a "\n" that was
// "\r\n" maps to its '\r'. Autofixes edit the raw bytes at these places.
func Normalize(raw []byte) (text []byte, toRaw []int) {
	toRaw = make([]int, 0, len(raw)+1)
	text = normalize(raw, &toRaw)
	return text, append(toRaw, len(raw))
}

// ToLF is raw with its CRLF and CR line endings made LF and its BOM kept:
// the whole file a fix that converts line endings writes (Normalize's text
// with raw's BOM).
func ToLF(raw []byte) []byte {
	text := normalize(raw, nil)
	if bytes.HasPrefix(raw, utf8BOM) {
		text = append(slices.Clip(utf8BOM), text...)
	}
	return text
}

// normalize drops raw's BOM and turns its CRLF and CR line endings into LF,
// recording in *toRaw, when toRaw is set, the raw offset of each byte of the
// text.
func normalize(raw []byte, toRaw *[]int) []byte {
	text := make([]byte, 0, len(raw))
	i := 0
	if bytes.HasPrefix(raw, utf8BOM) {
		i = len(utf8BOM)
	}
	for i < len(raw) {
		if toRaw != nil {
			*toRaw = append(*toRaw, i)
		}
		c := raw[i]
		i++
		if c == '\r' {
			c = '\n'
			if i < len(raw) && raw[i] == '\n' {
				i++
			}
		}
		text = append(text, c)
	}
	return text
}

// wideEncoding names the encoding of text saved as UTF-16 or UTF-32, as
// Windows editors do, which would otherwise read as a binary file: by its
// byte-order mark, or, without one, by ASCII characters alternating with NUL
// bytes in its first 8 bytes ("-\x00-\x00-\x00\n\x00" is a frontmatter
// fence). It returns "" for anything else.
func wideEncoding(data []byte) string {
	switch {
	case bytes.HasPrefix(data, []byte{0xff, 0xfe, 0, 0}):
		return "UTF-32 (little-endian, with a byte-order mark)"
	case bytes.HasPrefix(data, []byte{0, 0, 0xfe, 0xff}):
		return "UTF-32 (big-endian, with a byte-order mark)"
	case bytes.HasPrefix(data, []byte{0xff, 0xfe}):
		return "UTF-16 (little-endian, with a byte-order mark)"
	case bytes.HasPrefix(data, []byte{0xfe, 0xff}):
		return "UTF-16 (big-endian, with a byte-order mark)"
	case asciiPairs(data, 0):
		return "UTF-16 (little-endian, without a byte-order mark)"
	case asciiPairs(data, 1):
		return "UTF-16 (big-endian, without a byte-order mark)"
	}
	return ""
}

// asciiPairs reports whether the first 8 bytes of data are 4 pairs of an
// ASCII character other than NUL (at index char of the pair) and a NUL.
func asciiPairs(data []byte, char int) bool {
	if len(data) < 8 {
		return false
	}
	for i := 0; i < 8; i += 2 {
		c, zero := data[i+char], data[i+1-char]
		if c == 0 || c >= utf8.RuneSelf || zero != 0 {
			return false
		}
	}
	return true
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
