package explore

import (
	"math/rand/v2"
)

// maxRandomMisses is how many random values in a row may be repeats or
// rejected by the oracle before random generation is given up: the schema
// admits few values, or none the generator can find.
const maxRandomMisses = 100

// The queues inputs are taken from.
const (
	qBoundary = iota
	qInvalid
	qMutated
	qRandom
	qRespelled
	qFixtures
	qStress
	nQueues
)

// schedule is the order queues take turns in after the examples: mostly
// boundary values while they last, with targeted invalid inputs, example
// mutations, random values and valid inputs with their integers respelled
// among them, and, for a tool whose examples name fixtures, every fixture
// with every option often; then a stress value (stress.go), appended last
// so that the inputs before it keep their order; a queue that is spent
// passes its turn on.
var schedule = []int{qBoundary, qFixtures, qBoundary, qInvalid, qFixtures, qBoundary, qMutated, qFixtures, qBoundary, qRandom, qInvalid, qRespelled, qStress}

// Generator makes the inputs for one tool in a fixed order for its seed.
type Generator struct {
	src  Source
	gen  *gen
	root *node
	// seen holds the values judged by their JSON text: nil once made
	// into an input, else the oracle's verdict.
	seen  map[string]*bool
	valid func(any) bool

	examples  []any
	boundary  []any
	mutated   []any
	fixtures  []any // every fixture with every option (fixtureOptions)
	invalid   []violation
	invalidOf any // the valid value the violations break
	misses    int // random values in a row that were not used
	turn      int

	// respell are valid values sent with integers in them, to send again
	// with the integers in another spelling; spellTurn picks the next one.
	respell   []any
	spellTurn int

	// stress are the stress values (stress.go).
	stress []stressValue
}

// New returns the generator of src's inputs for seed.
//
// Values made to be valid that the oracle rejects are dropped, not sent as
// invalid inputs: an invalid input is always a targeted violation with a
// name. Likewise a violation the oracle accepts is dropped.
func New(src Source, seed uint64) *Generator {
	s := newSchema(src.Schema)
	root := s.root()
	g := newGen(s, rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)))
	valid := src.Valid
	if valid == nil {
		valid = func(any) bool { return true }
	}
	gn := &Generator{src: src, gen: g, root: root, seen: map[string]*bool{}, valid: valid,
		examples: src.Examples}
	bounds := g.computeRootBoundaries(root)
	full := g.fullValues(root)
	if len(bounds) > 2 {
		// After the smallest value and the one with every property: the
		// full and deep values among the others.
		bounds = append(bounds[:2:2], interleave([][]any{bounds[2:], full})...)
	} else {
		bounds = append(bounds, full...)
	}
	gn.boundary = dedupe(bounds, maxRootBoundaries)
	gn.mutated = g.mutations(root, src.Examples, src.Fixtures)
	gn.fixtures = g.fixtureCombinations(root, src.Examples, src.Fixtures)
	if src.Invalid {
		// The violations break the full value, so that they reach every
		// depth; else the first valid one.
		if len(full) > 0 && valid(full[0]) {
			gn.invalidOf = full[0]
		} else {
			gn.invalidOf = gn.firstValid()
		}
		if gn.invalidOf != nil {
			gn.invalid = g.violations(root, gn.invalidOf)
		}
	}
	// Stress values go into the full value too. They are made by a
	// generator of their own (its own random source and caches), so that
	// g draws and computes exactly what it did without them.
	base := gn.invalidOf
	if base == nil {
		if len(full) > 0 && valid(full[0]) {
			base = full[0]
		} else {
			base = gn.firstValid()
		}
	}
	sg := newGen(s, rand.New(rand.NewPCG(seed^0x5bd1e995, seed)))
	gn.stress = sg.stressValues(root, base, src.Examples)
	return gn
}

// computeRootBoundaries are the boundary values of the whole input, more of
// them than a member keeps.
func (g *gen) computeRootBoundaries(root *node) []any {
	f := g.s.flat(root)
	if f.never {
		return nil
	}
	g.active[f] = true
	defer delete(g.active, f)
	return g.computeBoundaries(f)
}

// firstValid is the value violations start from: the first boundary value
// or example the oracle accepts, preferring one with every property
// present so that optional members get their violations too.
func (gn *Generator) firstValid() any {
	var first any
	for _, cands := range [][]any{gn.boundary, gn.examples} {
		for _, v := range cands {
			if !gn.valid(v) {
				continue
			}
			if first == nil {
				first = v
			}
			if obj, ok := v.(map[string]any); ok && len(obj) >= len(gn.gen.s.flat(gn.root).propNames) {
				return v
			}
		}
	}
	return first
}

// Next returns the next input; false when there is nothing more to make
// (a schema that admits only a few values).
func (gn *Generator) Next() (Input, bool) {
	for len(gn.examples) > 0 {
		v := gn.examples[0]
		gn.examples = gn.examples[1:]
		if in, ok := gn.offer(v, KindExample, nil); ok {
			return in, true
		}
	}
	for passes := 0; passes < nQueues*2; {
		q := schedule[gn.turn%len(schedule)]
		in, ok, more := gn.take(q)
		if ok {
			return in, true
		}
		if !more {
			gn.turn++
			passes++
		}
	}
	return Input{}, false
}

// take tries queue q once: an input, or whether the queue has more.
func (gn *Generator) take(q int) (in Input, ok, more bool) {
	switch q {
	case qBoundary:
		return gn.takeValue(&gn.boundary, "boundary")
	case qMutated:
		return gn.takeValue(&gn.mutated, "mutated example")
	case qFixtures:
		return gn.takeValue(&gn.fixtures, "fixture and option")
	case qInvalid:
		for len(gn.invalid) > 0 {
			v := gn.invalid[0]
			gn.invalid = gn.invalid[1:]
			if in, ok := gn.offer(v.apply(gn.invalidOf), "", &invalidSide); ok {
				in.Kind = kindOf(gn.src.Schema, in.Value)
				gn.turn++
				return in, true, true
			}
		}
	case qStress:
		want := &validSide
		if gn.src.Invalid {
			want = nil
		}
		for len(gn.stress) > 0 {
			v := gn.stress[0]
			gn.stress = gn.stress[1:]
			// A stress value is not sent again respelled: the respelled
			// inputs stay those they were without stress values.
			respell := len(gn.respell)
			in, ok := gn.offer(v.value, v.kind, want)
			gn.respell = gn.respell[:respell]
			if ok {
				if !in.Valid {
					// Sent only as a targeted violation: one name.
					names := explain(gn.src.Schema, in.Value)
					if len(names) != 1 {
						continue
					}
					in.Kind = names[0]
				}
				gn.turn++
				return in, true, true
			}
		}
	case qRespelled:
		for len(gn.respell) > 0 {
			v := gn.respell[0]
			gn.respell = gn.respell[1:]
			if in, ok := gn.offerRespelled(v); ok {
				gn.turn++
				return in, true, true
			}
		}
	case qRandom:
		for gn.misses < maxRandomMisses {
			gn.gen.work = maxRandomWork
			v, made := gn.gen.random(gn.root, 0)
			if made {
				if in, ok := gn.offer(v, "random", &validSide); ok {
					gn.misses = 0
					gn.turn++
					return in, true, true
				}
			}
			gn.misses++
		}
	}
	return Input{}, false, false
}

// takeValue takes the first value of *queue the oracle accepts.
func (gn *Generator) takeValue(queue *[]any, kind string) (in Input, ok, more bool) {
	for len(*queue) > 0 {
		v := (*queue)[0]
		*queue = (*queue)[1:]
		if in, ok := gn.offer(v, kind, &validSide); ok {
			gn.turn++
			return in, true, true
		}
	}
	return Input{}, false, false
}

var validSide, invalidSide = true, false

// offer makes v an input unless it was made before or the oracle puts it
// on the other side than want (nil: either side). A value refused for its
// side may still come as an input of the other (a near-valid format
// string made as a boundary value, then as a targeted violation).
func (gn *Generator) offer(v any, kind string, want *bool) (Input, bool) {
	k := jsonText(v)
	ok, judged := gn.seen[k]
	if judged && ok == nil {
		return Input{}, false // made before
	}
	if !judged {
		verdict := gn.valid(v)
		ok = &verdict
		gn.seen[k] = ok
	}
	if want != nil && *ok != *want {
		return Input{}, false
	}
	gn.seen[k] = nil
	if *ok && len(gn.respell) < maxRespelled && hasInteger(v) {
		gn.respell = append(gn.respell, v)
	}
	return Input{Value: v, Valid: *ok, Kind: kind}, true
}
