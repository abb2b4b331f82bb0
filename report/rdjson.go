package report

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"unicode/utf8"

	"github.com/speccify/speccify-lint/contract"
	"github.com/speccify/speccify-lint/lint"
)

// rdMessageCap is the most of a message the reviewdog formats carry: the
// reviewdog rdjsonl reader reads lines of at most 64 KiB.
const rdMessageCap = 16 << 10

// rdResult is reviewdog's DiagnosticResult (the rdjson format).
type rdResult struct {
	Source      rdSource       `json:"source"`
	Diagnostics []rdDiagnostic `json:"diagnostics"`
}

// rdDiagnostic is reviewdog's Diagnostic: one line of rdjsonl, one entry of
// rdjson's diagnostics.
type rdDiagnostic struct {
	Message  string     `json:"message"`
	Location rdLocation `json:"location"`
	Severity string     `json:"severity"`
	Source   *rdSource  `json:"source,omitempty"`
	Code     rdCode     `json:"code"`
	// Suggestions are the edits of the finding's fix, which reviewdog
	// turns into pull-request suggestions.
	Suggestions []rdSuggestion `json:"suggestions,omitempty"`
}

// rdSuggestion is reviewdog's Suggestion: the text that replaces a range.
type rdSuggestion struct {
	Range rdRange `json:"range"`
	Text  string  `json:"text"`
}

type rdSource struct {
	Name string `json:"name"`
	URL  string `json:"url"`
}

type rdCode struct {
	Value string `json:"value"`
	URL   string `json:"url"`
}

type rdLocation struct {
	Path  string  `json:"path"`
	Range rdRange `json:"range"`
}

type rdRange struct {
	Start rdPosition  `json:"start"`
	End   *rdPosition `json:"end,omitempty"`
}

type rdPosition struct {
	Line   int `json:"line"`
	Column int `json:"column,omitempty"`
}

// writeRDJSON renders reviewdog's rdjson format: one DiagnosticResult with
// a diagnostic per finding, in place order.
func writeRDJSON(b *bytes.Buffer, r *lint.Result, opt Options) error {
	res := rdResult{Source: rdToolSource(opt), Diagnostics: rdDiagnostics(r, opt, false)}
	enc := json.NewEncoder(b)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(res)
}

// writeRDJSONL renders reviewdog's rdjsonl format: one Diagnostic (with its
// source) per line, in place order.
func writeRDJSONL(b *bytes.Buffer, r *lint.Result, opt Options) error {
	enc := json.NewEncoder(b)
	enc.SetEscapeHTML(false)
	for _, d := range rdDiagnostics(r, opt, true) {
		if err := enc.Encode(d); err != nil {
			return err
		}
	}
	return nil
}

func rdToolSource(opt Options) rdSource {
	return rdSource{Name: toolName, URL: opt.informationURI()}
}

// rdDiagnostics are the diagnostics of every finding; withSource puts the
// tool in each.
func rdDiagnostics(r *lint.Result, opt Options, withSource bool) []rdDiagnostic {
	cols := byteColumns{root: r.Root}
	base := opt.informationURI()
	ds := []rdDiagnostic{}
	for _, it := range collect(r) {
		f := it.f
		d := rdDiagnostic{
			Message: capText(detail(it), rdMessageCap),
			Location: rdLocation{Path: f.File, Range: rdRange{Start: rdPosition{
				Line: max(f.Line, 1), Column: cols.column(f),
			}}},
			Severity: upperSeverity(f.Severity),
			Code:     rdCode{Value: f.Rule, URL: base + "#" + (&lint.Rule{ID: f.Rule}).Anchor()},
		}
		if withSource {
			d.Source = ptr(rdToolSource(opt))
		}
		d.Suggestions = rdSuggestions(f, &cols)
		ds = append(ds, d)
	}
	return ds
}

// rdSuggestions are the edits of the finding's fix as reviewdog
// suggestions: ranges of lines and UTF-8 byte columns (the end exclusive)
// and their new text (with LF line endings). A fix that deletes its file or
// converts its line endings is no range of text: rdjson cannot express it,
// and it has no suggestion.
func rdSuggestions(f lint.Finding, cols *byteColumns) []rdSuggestion {
	fix := f.Fix
	if fix == nil || fix.Delete || fix.ToLF || len(fix.Edits) == 0 {
		return nil
	}
	at := func(p contract.Point) rdPosition {
		source := ""
		if fix.File == f.File && p.Line == f.Line {
			source = f.Source
		}
		return rdPosition{Line: p.Line, Column: cols.at(fix.File, p.Line, p.Column, source)}
	}
	out := make([]rdSuggestion, 0, len(fix.Edits))
	for _, e := range fix.Edits {
		out = append(out, rdSuggestion{Range: rdRange{Start: at(e.Start), End: ptr(at(e.End))}, Text: e.New})
	}
	return out
}

// upperSeverity is the name of a severity that reviewdog and TeamCity use.
func upperSeverity(s lint.Severity) string {
	switch s {
	case lint.SeverityError:
		return "ERROR"
	case lint.SeverityWarning:
		return "WARNING"
	}
	return "INFO"
}

// byteColumns turns the columns of findings, which count UTF-16 code units,
// into the UTF-8 byte columns reviewdog's format wants, reading each file's
// line under root once. Where the line cannot be read (no root, a file gone
// since) the column stays as it is, which is the same for ASCII text.
type byteColumns struct {
	root  string
	lines map[string][]string
}

// column is the 1-based UTF-8 byte column of the finding's UTF-16 column,
// on its line of its root-relative file; 0 stays 0 (unknown). The line is the
// one the engine read (f.Source) when the column falls inside it; the file
// is read only for a finding without it (a report merged from JSON).
func (c *byteColumns) column(f lint.Finding) int {
	return c.at(f.File, f.Line, f.Column, f.Source)
}

// at is the 1-based UTF-8 byte column of the UTF-16 column col on line
// line of file, whose text is source when it is known (else read).
func (c *byteColumns) at(file string, line, col int, source string) int {
	if col <= 1 || line < 1 {
		return col
	}
	if b, ok := byteColumn(source, col); ok {
		return b
	}
	text, ok := c.line(file, line)
	if !ok {
		return col
	}
	b, _ := byteColumn(text, col)
	return b
}

// byteColumn is the 1-based UTF-8 byte column of the UTF-16 column col in
// text; ok is false when col lies past the end of text (counted there as
// one byte a column).
func byteColumn(text string, col int) (b int, ok bool) {
	units, bytes := 0, 0
	for _, r := range text {
		if units >= col-1 {
			break
		}
		units += utf16Len(r)
		bytes += utf8.RuneLen(r)
	}
	if units < col-1 { // past the end of the line
		return bytes + col - units, false
	}
	return bytes + 1, true
}

// line is line n of a root-relative file.
func (c *byteColumns) line(file string, n int) (string, bool) {
	if c.root == "" {
		return "", false
	}
	if c.lines == nil {
		c.lines = map[string][]string{}
	}
	lines, seen := c.lines[file]
	if !seen {
		if f, err := os.Open(filepath.Join(c.root, filepath.FromSlash(file))); err == nil {
			sc := bufio.NewScanner(f)
			sc.Buffer(nil, 1<<20)
			for sc.Scan() && len(lines) < 1<<20 {
				lines = append(lines, strings.TrimSuffix(sc.Text(), "\r"))
			}
			if len(lines) > 0 { // columns count from after a BOM, as the engine reads the text
				lines[0] = strings.TrimPrefix(lines[0], "\ufeff")
			}
			f.Close()
		}
		c.lines[file] = lines
	}
	if n > len(lines) {
		return "", false
	}
	return lines[n-1], true
}

// utf16Len is how many UTF-16 code units r takes.
func utf16Len(r rune) int {
	if r >= 0x10000 {
		return 2
	}
	return 1
}
