package result

import (
	"cmp"
	"fmt"

	"github.com/speccify/speccify-lint/contract"
	"github.com/speccify/speccify-lint/internal/prose"
)

// Finding is one thing wrong with a contract, a tool folder or an example run.
// Every finding has a place: File is relative to the report root with forward
// slashes, Line and Column are 1-based (columns in UTF-16 code units).
type Finding struct {
	Rule     string   `json:"rule"`
	Severity Severity `json:"severity"`
	Message  string   `json:"message"`
	File     string   `json:"file"`
	Line     int      `json:"line"`
	Column   int      `json:"column"`
	// ByteColumn is Column counted in bytes (UTF-8) of the line, the unit
	// reviewdog's formats want, when it differs from Column (a character
	// before it takes more bytes than UTF-16 code units); 0 when it is
	// Column, and when the engine did not read the line. The engine sets it
	// from the text it read (toolCheck.attachPositions), and the JSON report carries it,
	// so that a report merged from JSON reports places it the same.
	ByteColumn int `json:"byte_column,omitempty"`
	// Help says how to fix what Message, in a few words, says is wrong;
	// empty when the message says it all. The text report prints the
	// message on the finding's line and the help beneath it.
	Help string `json:"help,omitempty"`
	// Span is the source text in File the finding is about, when the parser
	// knows it (a TOOL.md key, value, example line or title); zero
	// otherwise, and in a report read back from JSON. Reports print only
	// Line and Column, the place of the finding, where Span usually starts
	// (an example line's finding is at its input: word, its Span the JSON).
	Span contract.Span `json:"-"`
	// Source is the text of line Line of File (without its line ending, at
	// most maxSourceLine bytes) when the engine read that file: TOOL.md, or
	// an implementation the static rules read. The text report prints it
	// under the finding with the span marked; empty otherwise, and in a
	// report read back from JSON.
	Source string `json:"-"`
	// Key is the logical place of the finding inside its tool folder (a field
	// path such as "outputs.properties.ok", an example title, a file name).
	// Report fingerprints hash it instead of the line so that a finding keeps
	// its identity when unrelated lines move.
	Key string `json:"key,omitempty"`
	// Tool is the tool (or skill) folder the finding belongs to, relative to the
	// root; empty for findings outside any folder.
	Tool string `json:"tool,omitempty"`
	// Fix is the change that resolves the finding, when its rule has one
	// (Rule.Autofix); nil otherwise.
	Fix *Fix `json:"fix,omitempty"`
	// Suppression says what suppressed the finding, for a finding of
	// Result.Suppressed; nil for every reported finding.
	Suppression *Suppression `json:"suppression,omitempty"`
}

// The kinds of Suppression, named as SARIF names them (result.suppressions[].kind).
const (
	// SuppressedInSource is a finding a suppression comment covers.
	SuppressedInSource = "inSource"
	// SuppressedExternal is a finding a baseline file (--baseline) records.
	SuppressedExternal = "external"
)

// MaxJustification is the most bytes of a suppression comment's reason
// that Suppression.Justification keeps (cut at a character boundary,
// "…" added), so that a huge reason cannot swell every report.
const MaxJustification = 1000

// Suppression is why a finding that a rule reported is not reported: a
// suppression comment with its reason, or an entry of the baseline file.
type Suppression struct {
	// Kind is SuppressedInSource or SuppressedExternal.
	Kind string `json:"kind"`
	// Justification is the comment's reason (at most MaxJustification
	// bytes); empty for the baseline.
	Justification string `json:"justification,omitempty"`
	// File, Line and Column are where the suppression is: the comment, or
	// the baseline file's entry (its line; column 1). File is relative to
	// the root with forward slashes, or absolute for a baseline file
	// outside the root.
	File   string `json:"file"`
	Line   int    `json:"line"`
	Column int    `json:"column"`
}

// Justification is reason as Suppression.Justification keeps it: at most
// MaxJustification bytes, cut at a character boundary with "…" after it.
func Justification(reason string) string {
	if len(reason) <= MaxJustification {
		return reason
	}
	return prose.Cut(reason, MaxJustification) + "…"
}

// ByteCol is the finding's column counted in bytes: ByteColumn, or Column
// when that is 0.
func (f Finding) ByteCol() int { return cmp.Or(f.ByteColumn, f.Column) }

// String formats the finding as "file:line:col: severity: message [rule]".
func (f Finding) String() string {
	return fmt.Sprintf("%s:%d:%d: %s: %s [%s]", f.File, f.Line, f.Column, f.Severity, f.Message, f.Rule)
}

// CompareFindings orders findings by file, line, column, rule and message.
func CompareFindings(a, b Finding) int {
	return cmp.Or(
		cmp.Compare(a.File, b.File),
		cmp.Compare(a.Line, b.Line),
		cmp.Compare(a.Column, b.Column),
		cmp.Compare(a.Rule, b.Rule),
		cmp.Compare(a.Message, b.Message),
	)
}
