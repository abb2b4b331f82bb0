package report

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/speccify/speccify-lint/result"
	"golang.org/x/text/width"
)

// maxSnippetWidth is how many display columns of a source line a snippet
// shows; a longer line is cut with "…".
const maxSnippetWidth = 160

// tabWidth is how many spaces a tab of a source line is shown as.
const tabWidth = 4

// ansiGutter colours a snippet's line number and bars.
const ansiGutter = "\x1b[1;34m"

// writeSnippet writes the source line of f beneath its finding line, ruff
// and rustc style, with its span underlined (or a caret at its column when
// the span is not known or starts on another line):
//
//	   |
//	24 | output: {"ok": true, "n": 2}
//	   |         ^^^^^^^^^^^^^^^^^^^^
//
// It writes nothing when f carries no source line.
func writeSnippet(b *bytes.Buffer, f *result.Finding, color bool) {
	if !hasSnippet(f) {
		return
	}
	from, to := f.Column, f.Column+1
	if sp := f.Span; sp.Start.Line == f.Line && sp.End.Offset > sp.Start.Offset {
		from, to = sp.Start.Column, sp.End.Column
		if sp.End.Line != f.Line {
			to = -1 // to the end of the line
		}
	}
	text, pad, marked := renderSource(f.Source, from, to)
	num := strconv.Itoa(f.Line)
	// Every line starts with a blank, so that a source line that reads like
	// a finding never matches the problem matcher's ^[^\s] (see docs/reports.md).
	gutter := strings.Repeat(" ", len(num)+2) + paint(color, ansiGutter, "|")
	fmt.Fprintf(b, "%s\n", gutter)
	fmt.Fprintf(b, " %s %s\n", paint(color, ansiGutter, num+" |"), text)
	fmt.Fprintf(b, "%s %s%s\n", gutter, strings.Repeat(" ", pad), paint(color, severityColor(f.Severity), strings.Repeat("^", marked)))
}

// hasSnippet reports whether f carries a source line to show.
func hasSnippet(f *result.Finding) bool { return strings.TrimSpace(f.Source) != "" }

// renderSource is a source line as a terminal shows it (tabs as spaces,
// control and invalid characters as U+FFFD, cut at maxSnippetWidth) and the
// display columns before the UTF-16 columns from..to (1-based, to
// exclusive; to -1 is the end of the line) and between them (at least 1).
func renderSource(line string, from, to int) (text string, pad, marked int) {
	var b strings.Builder
	unit, col := 1, 0 // the UTF-16 column of the next rune, the display width so far
	pad = -1
	cut := false
	for i := 0; i < len(line); {
		r, size := utf8.DecodeRuneInString(line[i:])
		i += size
		cell, w := displayRune(r, size)
		if col+w > maxSnippetWidth {
			cut = true
			break
		}
		if unit >= from && pad < 0 {
			pad = col
		}
		if pad >= 0 && (to < 0 || unit < to) {
			marked += w
		}
		b.WriteString(cell)
		col += w
		if n := utf16.RuneLen(r); n > 0 && !(r == utf8.RuneError && size == 1) {
			unit += n
		} else {
			unit++
		}
	}
	if pad < 0 { // the column is past the end of the line (or of what is shown)
		pad = col
	}
	if cut {
		b.WriteString("…")
	}
	return b.String(), pad, max(marked, 1)
}

// displayRune is how a rune of a source line is shown and how many columns
// it takes; size is its length in the UTF-8 text (1 with RuneError for an
// invalid byte).
func displayRune(r rune, size int) (string, int) {
	switch {
	case r == '\t':
		return strings.Repeat(" ", tabWidth), tabWidth
	case r == utf8.RuneError && size == 1, r < 0x20, r == 0x7f, r >= 0x80 && r <= 0x9f,
		r == 0xfffe, r == 0xffff, r == 0x2028, r == 0x2029, unicode.Is(unicode.Bidi_Control, r):
		// What a terminal would act on, or reorder the line by, or a
		// reader end the line at, is not shown.
		return "\ufffd", 1
	case unicode.In(r, unicode.Mn, unicode.Me, unicode.Cf):
		return string(r), 0
	}
	switch width.LookupRune(r).Kind() {
	case width.EastAsianWide, width.EastAsianFullwidth:
		return string(r), 2
	}
	return string(r), 1
}

// severityColor is the colour of a severity.
func severityColor(s result.Severity) string {
	switch s {
	case result.SeverityError:
		return ansiRed
	case result.SeverityWarning:
		return ansiYellow
	case result.SeverityNote:
		return ansiCyan
	}
	return ansiBold
}
