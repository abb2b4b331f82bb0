package cilog

import (
	"io"
	"sync"
)

// Writer neutralises what is written through it, as Neutralize does, for
// a stream such as the CLI's stderr. A command may be split across writes:
// what could still become one when more text follows is held back until
// the next Write or Flush, so call Flush when done. It is safe for
// concurrent use.
type Writer struct {
	mu       sync.Mutex
	w        io.Writer
	held     []byte // the end of the text so far that could still become a command
	inPrefix bool   // only blanks precede held on its line
}

// NewWriter returns a Writer that writes to w, at the start of a line.
func NewWriter(w io.Writer) *Writer {
	return &Writer{w: w, inPrefix: true}
}

// Write neutralises p after what was held back and writes it to the
// underlying writer, but for its end when that could still become a
// command. It reports len(p) unless the underlying writer fails.
func (w *Writer) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if err := w.emit(string(append(w.held, p...)), false); err != nil {
		return 0, err
	}
	return len(p), nil
}

// Flush writes what was held back.
func (w *Writer) Flush() error {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.emit(string(w.held), true)
}

// Unwrap is the underlying writer (for asking whether it is a terminal).
func (w *Writer) Unwrap() io.Writer { return w.w }

// emit writes s neutralised but for what could still become a command,
// which it holds; final writes all of s.
func (w *Writer) emit(s string, final bool) error {
	marks, pending, prefix := scan(s, w.inPrefix, final)
	w.held = append(w.held[:0], s[pending:]...)
	w.inPrefix = prefix
	if pending == 0 {
		return nil
	}
	_, err := io.WriteString(w.w, replace(s[:pending], marks))
	return err
}
