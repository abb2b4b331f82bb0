package coverage

import "github.com/speccify/speccify-lint/contract"

// ID names a part of a contract: its Kind and Path.
type ID struct {
	Kind Kind
	Path string
}

// ID is the part's id.
func (p Part) ID() ID { return ID{p.Kind, p.Path} }

// IsInput reports whether the part is one of the inputs schema, which an
// example's input exercises; the others (output keys, the ok: false path)
// are exercised by an example's output.
func (p Part) IsInput() bool { return p.Kind != OutputKey && p.Kind != Failure }

// Exercised are the parts of the tool's contract that one example case
// with the input and the output would cover by itself, as Of judges them
// (output nil: a case without an output line). It is how a case proposed
// to close a part is checked to close it.
func Exercised(t Tool, input, output any) map[ID]bool {
	if t.Spec == nil || t.Spec.Frontmatter == nil {
		return nil
	}
	one := contract.Case{Input: &contract.ExampleLine{Value: input}}
	if output != nil {
		one.Output = &contract.ExampleLine{Value: output}
	}
	spec := *t.Spec
	spec.Examples = &contract.Examples{Cases: []contract.Case{one}}
	t.Spec = &spec
	return Of(t).coveredIDs()
}

// coveredIDs are the ids of the covered parts, not placed (Parts places
// each part, which Exercised does not need).
func (c *Coverage) coveredIDs() map[ID]bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	out := map[ID]bool{}
	for _, f := range c.fields {
		for _, p := range f.list {
			if p.covered {
				out[ID{p.kind, "/" + f.name + p.ptr}] = true
			}
		}
	}
	return out
}
