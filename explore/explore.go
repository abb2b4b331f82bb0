// Package explore makes the inputs `speccify-lint explore` sends to a tool:
// values valid against its inputs schema (boundary values first, then random
// ones), mutations of its examples' inputs, and, when asked, inputs that
// violate the schema in one targeted way; and it shrinks a failing input to
// the smallest one that still fails the same way. It runs nothing: the lint
// package runs the implementation on what it makes.
//
// Values are JSON as contract.JSONDoc holds it: map[string]any, []any,
// string, json.Number, bool or nil.
package explore

import (
	"encoding/json"
)

// Source is what inputs are made from.
type Source struct {
	// Schema is the inputs schema as a JSON value (contract.JSONDoc.Value).
	Schema any
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

// Input is one input made for a tool.
type Input struct {
	Value any
	// Valid is the oracle's verdict on Value.
	Valid bool
	// Kind says how the input was made, for reports: "boundary", "random",
	// "example", "mutated example", or the violation ("required key
	// \"path\" missing").
	Kind string
}

// JSON is the input as sent on stdin: compact JSON, object keys sorted.
func (in Input) JSON() []byte {
	b, err := json.Marshal(in.Value)
	if err != nil {
		return []byte("null")
	}
	return b
}

// Generator makes the inputs for one tool in a fixed order for its seed.
type Generator struct {
	src  Source
	seed uint64
	next int
}

// New returns the generator of src's inputs for seed.
func New(src Source, seed uint64) *Generator {
	return &Generator{src: src, seed: seed}
}

// Next returns the next input; false when there is nothing more to make
// (a schema that admits only a few values).
//
// This first version makes only the examples' inputs.
func (g *Generator) Next() (Input, bool) {
	if g.next >= len(g.src.Examples) {
		return Input{}, false
	}
	v := g.src.Examples[g.next]
	g.next++
	return Input{Value: v, Valid: g.src.Valid(v), Kind: "example"}, true
}

// Shrink returns the smallest input it finds that still fails: fails is
// asked of candidates that are on the same side of valid and invalid as in,
// at most budget times. It returns in when no smaller candidate fails.
//
// This first version does not shrink.
func Shrink(in Input, src Source, fails func(Input) bool, budget int) Input {
	return in
}
