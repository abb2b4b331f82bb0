package drift

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"testing"
)

// A random object schema of the kind TOOL.md inputs are, as a plain map
// that edits change.
type randSchema struct {
	props    map[string]map[string]any
	required []string
	closed   bool
}

func (s *randSchema) clone() *randSchema {
	c := &randSchema{props: map[string]map[string]any{}, required: slices.Clone(s.required), closed: s.closed}
	for k, p := range s.props {
		q := map[string]any{}
		for kk, v := range p {
			if l, ok := v.([]any); ok {
				v = slices.Clone(l)
			}
			q[kk] = v
		}
		c.props[k] = q
	}
	return c
}

func (s *randSchema) json() string {
	m := map[string]any{"type": "object", "properties": s.props}
	if len(s.required) > 0 {
		m["required"] = s.required
	}
	if s.closed {
		m["additionalProperties"] = false
	}
	b, err := json.Marshal(m)
	if err != nil {
		panic(err)
	}
	return string(b)
}

func (s *randSchema) names() []string {
	var out []string
	for k := range s.props {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

func randomSchema(rng *rand.Rand) *randSchema {
	s := &randSchema{props: map[string]map[string]any{}, closed: rng.IntN(2) == 0}
	for i := range 1 + rng.IntN(4) {
		name := "p" + strconv.Itoa(i)
		switch rng.IntN(4) {
		case 0:
			lo := rng.IntN(3)
			s.props[name] = map[string]any{"type": "string", "minLength": lo, "maxLength": lo + 2 + rng.IntN(6)}
		case 1:
			lo := rng.IntN(20) - 10
			s.props[name] = map[string]any{"type": "integer", "minimum": lo, "maximum": lo + 2 + rng.IntN(50)}
		case 2:
			s.props[name] = map[string]any{"enum": []any{"fast", "slow", "auto"}[:2+rng.IntN(2)]}
		default:
			s.props[name] = map[string]any{"type": []any{"boolean", "null"}}
		}
		if rng.IntN(2) == 0 {
			s.required = append(s.required, name)
		}
	}
	return s
}

// An edit changes a schema in place; ok is false when it does not apply.
type edit struct {
	name string
	do   func(s *randSchema, rng *rand.Rand) bool
}

// onProp applies fn to a random property whose keyword k is set.
func onProp(s *randSchema, rng *rand.Rand, k string, fn func(p map[string]any) bool) bool {
	names := s.names()
	rng.Shuffle(len(names), func(i, j int) { names[i], names[j] = names[j], names[i] })
	for _, n := range names {
		if _, ok := s.props[n][k]; ok && fn(s.props[n]) {
			return true
		}
	}
	return false
}

// widening edits: each accepts every value accepted before.
var widening = []edit{
	{"drop required", func(s *randSchema, rng *rand.Rand) bool {
		if len(s.required) == 0 {
			return false
		}
		s.required = slices.Delete(s.required, 0, 1)
		return true
	}},
	{"add enum value", func(s *randSchema, rng *rand.Rand) bool {
		return onProp(s, rng, "enum", func(p map[string]any) bool { p["enum"] = append(p["enum"].([]any), "new"); return true })
	}},
	{"loosen maxLength", func(s *randSchema, rng *rand.Rand) bool {
		return onProp(s, rng, "maxLength", func(p map[string]any) bool { p["maxLength"] = p["maxLength"].(int) + 1 + rng.IntN(5); return true })
	}},
	{"loosen minimum", func(s *randSchema, rng *rand.Rand) bool {
		return onProp(s, rng, "minimum", func(p map[string]any) bool { p["minimum"] = p["minimum"].(int) - 1 - rng.IntN(5); return true })
	}},
	{"widen type", func(s *randSchema, rng *rand.Rand) bool {
		return onProp(s, rng, "type", func(p map[string]any) bool {
			if t, ok := p["type"].(string); ok && t != "string" {
				p["type"] = []any{t, "string"}
				return true
			}
			return false
		})
	}},
	{"add property to closed", func(s *randSchema, rng *rand.Rand) bool {
		if !s.closed {
			return false
		}
		s.props["added"] = map[string]any{"type": "string"}
		return true
	}},
}

// wideningInputsOnly: silent for inputs, but not a witness-worthy
// widening of outputs (an undeclared member is off the contract).
var wideningInputsOnly = []edit{
	{"add optional property", func(s *randSchema, rng *rand.Rand) bool {
		s.props["opt"] = map[string]any{"type": "boolean"}
		return true
	}},
	{"open", func(s *randSchema, rng *rand.Rand) bool {
		if !s.closed {
			return false
		}
		s.closed = false
		return true
	}},
}

// narrowing edits: each rejects some value accepted before.
var narrowing = []edit{
	{"add required", func(s *randSchema, rng *rand.Rand) bool {
		for _, n := range s.names() {
			if !slices.Contains(s.required, n) {
				s.required = append(s.required, n)
				return true
			}
		}
		return false
	}},
	{"remove enum value", func(s *randSchema, rng *rand.Rand) bool {
		return onProp(s, rng, "enum", func(p map[string]any) bool { p["enum"] = p["enum"].([]any)[:1]; return true })
	}},
	{"tighten maxLength", func(s *randSchema, rng *rand.Rand) bool {
		return onProp(s, rng, "maxLength", func(p map[string]any) bool { p["maxLength"] = p["minLength"].(int) + 1; return true })
	}},
	{"raise minimum", func(s *randSchema, rng *rand.Rand) bool {
		return onProp(s, rng, "minimum", func(p map[string]any) bool { p["minimum"] = p["minimum"].(int) + 1; return true })
	}},
	{"narrow type", func(s *randSchema, rng *rand.Rand) bool {
		return onProp(s, rng, "type", func(p map[string]any) bool {
			if l, ok := p["type"].([]any); ok && len(l) == 2 {
				p["type"] = "boolean"
				return true
			}
			return false
		})
	}},
	{"close", func(s *randSchema, rng *rand.Rand) bool {
		if s.closed {
			return false
		}
		s.closed = true
		return true
	}},
	{"add pattern", func(s *randSchema, rng *rand.Rand) bool {
		return onProp(s, rng, "maxLength", func(p map[string]any) bool { p["pattern"] = "^z*$"; return true })
	}},
}

// applyOne applies one edit of list that applies, chosen at random.
func applyOne(s *randSchema, rng *rand.Rand, list []edit) (string, bool) {
	for _, i := range rng.Perm(len(list)) {
		if list[i].do(s, rng) {
			return list[i].name, true
		}
	}
	return "", false
}

func compareJSON(t *testing.T, old, new string, dir Direction) ([]*SchemaChange, *Contract, *Contract) {
	t.Helper()
	in, out := old, "type: object"
	in2, out2 := new, "type: object"
	if dir == Outputs {
		in, out, in2, out2 = out, in, out2, in2
	}
	o, n := contractOf(t, toolText(in, out, "")), contractOf(t, toolText(in2, out2, ""))
	if dir == Inputs {
		return CompareSchemas(o.Inputs, n.Inputs, Inputs, nil), o, n
	}
	return CompareSchemas(o.Outputs, n.Outputs, Outputs, nil), o, n
}

// TestPropertyWideningIsSilent: the new schema is the old one plus only
// widening edits (inputs) or narrowing edits (outputs): no breaking change.
// One narrowing edit (inputs) or widening edit (outputs): a breaking change
// whose witness both validators confirm.
func TestPropertyDrift(t *testing.T) {
	for i := range 150 {
		rng := rand.New(rand.NewPCG(uint64(i), 7))
		base := randomSchema(rng)
		for _, dir := range []Direction{Inputs, Outputs} {
			compatible, breaking := append(slices.Clone(widening), wideningInputsOnly...), narrowing
			if dir == Outputs {
				compatible, breaking = narrowing, widening
			}
			// Several compatible edits.
			s := base.clone()
			var names []string
			for range 1 + rng.IntN(3) {
				if n, ok := applyOne(s, rng, compatible); ok {
					names = append(names, n)
				}
			}
			changes, _, _ := compareJSON(t, base.json(), s.json(), dir)
			for _, c := range changes {
				if c.HasWitness {
					t.Errorf("%d %s: compatible edits %v gave a breaking change %q (witness %s)\nold %s\nnew %s",
						i, dir.Field(), names, c.What, c.WitnessJSON(), base.json(), s.json())
				}
			}
			// One breaking edit.
			s = base.clone()
			name, ok := applyOne(s, rng, breaking)
			if !ok {
				continue
			}
			changes, o, n := compareJSON(t, base.json(), s.json(), dir)
			wide, narrow := o.Inputs, n.Inputs
			if dir == Outputs {
				wide, narrow = n.Outputs, o.Outputs
			}
			found := false
			for _, c := range changes {
				if c.HasWitness {
					found = true
					confirm(t, wide, narrow, c.Witness)
				}
			}
			if !found {
				t.Errorf("%d %s: edit %q gave no breaking change (changes %v)\nold %s\nnew %s", i, dir.Field(), name, schemaWhats(changes), base.json(), s.json())
			}
		}
	}
}

func schemaWhats(cs []*SchemaChange) string {
	var out []string
	for _, c := range cs {
		out = append(out, c.What)
	}
	return fmt.Sprint(out)
}
