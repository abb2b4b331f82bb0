// Package explore makes the inputs `speccify-lint explore` sends to a tool:
// values valid against its inputs schema (boundary values first, then random
// ones), mutations of its examples' inputs, and, when asked, inputs that
// violate the schema in one targeted way; and it shrinks a failing input to
// the smallest one that still fails the same way. Run is the loop of one
// tool's exploration (loop.go): which inputs run, which run twice, when a
// run is slow, when the exploration ends, how a failing input is shrunk and
// a timed failure confirmed. It runs nothing: every run and every verdict
// on a run is a call of the caller's Prober (package lint runs the
// implementation through package runner and judges with its explore rules),
// and this package imports neither.
//
// Values are JSON as contract.JSONDoc holds it: map[string]any, []any,
// string, json.Number, bool or nil. Numbers are exact: a json.Number is
// sent as written, so integers of any size and the schema's own bounds
// reach stdin digit for digit.
//
// Generation reads the schema the linter compiled (contract.Schema: every
// keyword the validator checks, its $refs resolved to the document, files
// of the tool folder, anchors and ids, its numbers exact), and an invalid
// input is named by the validator's own failures of it (by JSON path and
// keyword), so that generation, naming and validation agree.
//
// Generation and shrinking are written here rather than taken from
// pgregory.net/rapid or github.com/leanovate/gopter: rapid shrinks only
// inside rapid.Check with a testing.TB and takes its seed and run count
// from global test flags, and gopter's generators and shrinkers are per Go
// type, while explore needs a seeded generator per tool, safe to run for
// many tools at once, driven by a JSON Schema and shrinking only to values
// the linter's own validator still puts on the same side of valid. What
// both libraries would contribute (a seeded source, shrink loops) is small
// next to reading the schema, which no library on the module proxy does.
//
// The order of inputs: the examples' inputs; then boundary values (the
// smallest value, every optional key present, then each member at each of
// its boundary values: empty, edge and near-valid format strings, bounds,
// zero and integers across magnitudes, each enum value; among them the
// full value, with every property present at every depth, and for a
// recursive schema deep values that follow the recursion up to 32 times),
// with targeted invalid inputs (breaking the full value at every depth)
// and mutations of the examples among them; then random values; and, in
// the last turn of each round, a stress value (stress.go: strings that
// almost match a pattern or format, values deep in open objects, unusual
// strings at the length bounds). Inputs
// are distinct by their JSON text; the oracle's verdict is each one's
// Valid.
package explore

import (
	"github.com/speccify/speccify-lint/contract"
	"github.com/speccify/speccify-lint/internal/jsonexact"
)

// Source is what inputs are made from.
type Source struct {
	// Schema is the compiled inputs schema: values are generated from it
	// and the failures of invalid ones named through it.
	Schema *contract.Schema
	// Valid is the oracle: whether a value is valid against the inputs
	// schema, decided by the linter's own validator. Every input's Valid is
	// its answer.
	Valid func(v any) bool
	// Examples are the examples' input values, in document order.
	Examples []any
	// Fixtures are the files of the tool folder's fixtures, relative to the
	// folder with forward slashes ("fixtures/a.txt"), sorted.
	Fixtures []string
	// Invalid also makes inputs that violate the schema.
	Invalid bool
}

// KindExample is the Kind of an example's own input.
const KindExample = "example"

// Input is one input made for a tool.
type Input struct {
	Value any
	// Valid is the oracle's verdict on Value (and, when Spelling is not
	// SpellPlain, on the text sent: they agree).
	Valid bool
	// Kind says how the input was made, for reports: "boundary", "random",
	// "example", "mutated example", "integers written 1.0", or the
	// violation ("required key \"path\" missing").
	Kind string
	// Spelling is how the integers of Value are written in the text sent
	// (JSON); SpellPlain for most inputs.
	Spelling Spelling
}

// JSON is the input as sent on stdin: compact JSON, object keys sorted,
// characters as they are (no HTML escaping of <, > and &), integers in
// the input's Spelling.
func (in Input) JSON() []byte {
	b, err := jsonexact.Compact(in.Value)
	if err != nil {
		return []byte("null")
	}
	return respell(b, in.Spelling)
}
