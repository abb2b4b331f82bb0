package report

import (
	"bytes"
	"encoding/json"

	"github.com/speccify/speccify-lint/lint"
	"github.com/speccify/speccify-lint/result"
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
func writeRDJSON(b *bytes.Buffer, r *result.Result, opt Options) error {
	res := rdResult{Source: rdToolSource(opt), Diagnostics: rdDiagnostics(r, opt, false)}
	enc := json.NewEncoder(b)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(res)
}

// writeRDJSONL renders reviewdog's rdjsonl format: one Diagnostic (with its
// source) per line, in place order.
func writeRDJSONL(b *bytes.Buffer, r *result.Result, opt Options) error {
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
// tool in each. Columns are the byte columns the model holds
// (Finding.ByteColumn).
func rdDiagnostics(r *result.Result, opt Options, withSource bool) []rdDiagnostic {
	base := opt.informationURI()
	ds := []rdDiagnostic{}
	for _, it := range collect(r) {
		f := it.f
		d := rdDiagnostic{
			Message: capText(detail(it), rdMessageCap),
			Location: rdLocation{Path: f.File, Range: rdRange{Start: rdPosition{
				Line: max(f.Line, 1), Column: f.ByteCol(),
			}}},
			Severity: upperSeverity(f.Severity),
			Code:     rdCode{Value: f.Rule, URL: ruleURL(f.Rule, base)},
		}
		if withSource {
			d.Source = ptr(rdToolSource(opt))
		}
		d.Suggestions = rdSuggestions(f)
		ds = append(ds, d)
	}
	return ds
}

// rdSuggestions are the edits of the finding's fix as reviewdog
// suggestions: ranges of lines and UTF-8 byte columns (the end exclusive;
// contract.Edit's byte columns) and their new text (with LF line endings). A fix
// that deletes its file or converts its line endings is no range of text:
// rdjson cannot express it, and it has no suggestion.
func rdSuggestions(f result.Finding) []rdSuggestion {
	fix := f.Fix
	if fix == nil || fix.Delete || fix.ToLF || len(fix.Edits) == 0 {
		return nil
	}
	out := make([]rdSuggestion, 0, len(fix.Edits))
	for _, e := range fix.Edits {
		out = append(out, rdSuggestion{Range: rdRange{
			Start: rdPosition{Line: e.Start.Line, Column: e.StartByteCol()},
			End:   &rdPosition{Line: e.End.Line, Column: e.EndByteCol()},
		}, Text: e.New})
	}
	return out
}

// upperSeverity is the name of a severity that reviewdog and TeamCity use.
func upperSeverity(s result.Severity) string {
	switch s {
	case result.SeverityError:
		return "ERROR"
	case result.SeverityWarning:
		return "WARNING"
	}
	return "INFO"
}

// ruleURL is the documentation page of the rule id, or base (the project
// page) for an id no rule of this build has (a JSON report merged from
// another version).
func ruleURL(id, base string) string {
	if r := lint.RuleByID(id); r != nil {
		return r.DocURL()
	}
	return base
}
