package drift

import (
	"errors"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/santhosh-tekuri/jsonschema/v6/kind"

	"github.com/speccify/speccify-lint/contract"
	"github.com/speccify/speccify-lint/explore"
)

// Limits of the witness search, so that one tool's comparison stays
// cheap: the values the generator makes, the candidates shrinking asks
// about per witness.
const (
	maxCandidates = 400
	shrinkBudget  = 300
	seed          = 22
)

// CompareSchemas compares two compiled schemas of a field: for Inputs old
// and new as they are (a change breaks callers when new rejects a value old
// accepted), for Outputs the other way round. examples are values the
// wide schema's side wrote (the old examples' inputs, the new examples'
// outputs), tried first. It returns the structural changes, each with a
// witness when one was found (the breaking ones), then the changes only a
// witness found (Keyword ""), then the changes the other way (Compatible:
// what only widens inputs or narrows outputs), in a stable order. A nil
// schema compares as nothing: no change.
func CompareSchemas(old, new *contract.Schema, dir Direction, examples []any) []*SchemaChange {
	if old == nil || new == nil || old.SameAs(new) {
		return nil
	}
	wide, narrow := old, new
	if dir == Outputs {
		wide, narrow = new, old
	}
	changes := structural(wide, narrow, dir, dir.Field(), false)
	s := &search{wide: wide, narrow: narrow, dir: dir, changes: changes}
	s.run(examples)
	out := append(changes, s.found...)
	reverse := Outputs
	if dir == Outputs {
		reverse = Inputs
	}
	for _, c := range structural(narrow, wide, reverse, dir.Field(), true) {
		same := func(b *SchemaChange) bool {
			return b.Pointer == c.Pointer && b.Keyword == c.Keyword ||
				c.Keyword == "properties" && b.Keyword == "required" && b.property == c.Member // said by the required change
		}
		if !slices.ContainsFunc(changes, same) {
			c.Compatible = true
			out = append(out, c)
		}
	}
	return out
}

// search finds witnesses: values valid under wide and invalid under
// narrow, each shrunk to the smallest that still fails the same way.
type search struct {
	wide, narrow *contract.Schema
	dir          Direction
	changes      []*SchemaChange
	found        []*SchemaChange // changes only a witness found
}

// accepts reports whether sch surely accepts v (a pattern that timed out
// is not a verdict either way: false).
func accepts(sch *contract.Schema, v any) bool { return sch.Validate(v) == nil }

// rejects reports whether sch surely rejects v, with its violations.
func rejects(sch *contract.Schema, v any) ([]contract.Violation, bool) {
	err := sch.Validate(v)
	var ve *jsonschema.ValidationError
	if !errors.As(err, &ve) {
		return nil, false
	}
	return sch.Violations(err, v), true
}

func (s *search) run(examples []any) {
	src := explore.Source{Schema: s.wide, Valid: func(v any) bool { return accepts(s.wide, v) }, Examples: examples}
	gen := explore.New(src, seed)
	for range maxCandidates {
		if s.done() {
			return
		}
		in, ok := gen.Next()
		if !ok {
			return
		}
		if !in.Valid {
			continue
		}
		if vs, ok := rejects(s.narrow, in.Value); ok {
			s.consider(in, src, vs)
		}
		s.grow(in, src)
	}
}

// grow tries, for each change still without a witness, the values grown
// from the valid candidate in at its place (see grown): what a generator
// of random values rarely makes, such as an array with an item twice.
func (s *search) grow(in explore.Input, src explore.Source) {
	for _, c := range s.changes {
		if c.HasWitness {
			continue
		}
		for _, v := range grown(in.Value, c) {
			if !accepts(s.wide, v) {
				continue
			}
			if vs, ok := rejects(s.narrow, v); ok {
				s.consider(explore.Input{Value: v, Valid: true, Kind: "grown"}, src, vs)
			}
		}
	}
}

// done reports whether every structural change has its witness (the
// search goes on while one is missing, and stops once it has found a
// change it could not classify as well).
func (s *search) done() bool {
	for _, c := range s.changes {
		if !c.HasWitness {
			return false
		}
	}
	return len(s.found) > 0 || len(s.changes) > 0
}

// consider gives the candidate in, which narrow rejects with vs, to the
// changes it witnesses, shrunk for each.
func (s *search) consider(in explore.Input, src explore.Source, vs []contract.Violation) {
	matched := false
	for _, c := range s.changes {
		if !slices.ContainsFunc(vs, func(v contract.Violation) bool { return c.matches(v, in.Value) }) {
			continue
		}
		matched = true
		if c.HasWitness {
			continue
		}
		w, ok := s.shrink(in, src, func(v any, vs []contract.Violation) bool {
			return slices.ContainsFunc(vs, func(vi contract.Violation) bool { return c.matches(vi, v) })
		})
		if ok {
			c.Witness, c.HasWitness = w, true
		}
	}
	if matched || len(s.found) > 0 {
		return
	}
	// A change no keyword comparison named: reported with its witness, unless
	// it only concerns a member the wide schema never declared (a caller
	// that sent one was off the contract).
	for _, v := range vs {
		if v.Outer == nil && undeclared(s.wide.Compiled(), v.Pointer) {
			continue
		}
		key := failureKey(v)
		w, ok := s.shrink(in, src, func(_ any, vs []contract.Violation) bool {
			return slices.ContainsFunc(vs, func(vi contract.Violation) bool { return failureKey(vi) == key })
		})
		if !ok {
			continue
		}
		s.found = append(s.found, &SchemaChange{What: unclassifiedWhat(s.dir, v), Pointer: "", Witness: w, HasWitness: true})
		return
	}
}

// failureKey names a failure by its keyword and where it is, for shrinking
// to keep "the same failure".
func failureKey(v contract.Violation) string {
	k := v.Kind
	p := v.Pointer
	if v.Outer != nil {
		k, p = v.Outer, v.OuterPointer
	}
	return keywordName(k) + "@" + genericPointer(p)
}

// genericPointer replaces the array indices of a JSON pointer by "*".
func genericPointer(p string) string {
	toks := strings.Split(p, "/")
	for i, t := range toks {
		if _, err := strconv.Atoi(t); err == nil && i > 0 {
			toks[i] = "*"
		}
	}
	return strings.Join(toks, "/")
}

func unclassifiedWhat(dir Direction, v contract.Violation) string {
	at := v.Pointer
	if at == "" {
		at = "the top"
	}
	if dir == Inputs {
		return "a value accepted before is rejected now (" + keywordName(v.Kind) + " at " + at + ")"
	}
	return "a value forbidden before is allowed now (" + keywordName(v.Kind) + " at " + at + ")"
}

// shrink makes in as small as it can while wide accepts it and narrow
// rejects it with a failure same accepts; the result is confirmed by both
// validators once more. ok is false when in itself is not a witness. An
// output witness is an answer that worked when one does: when the outputs
// declare ok, with "ok": true (set when it is not), kept through
// shrinking, whenever that is still a witness.
func (s *search) shrink(in explore.Input, src explore.Source, same func(any, []contract.Violation) bool) (any, bool) {
	fails := func(c explore.Input) bool {
		if !accepts(s.wide, c.Value) {
			return false
		}
		vs, ok := rejects(s.narrow, c.Value)
		return ok && same(c.Value, vs)
	}
	if !fails(in) {
		return nil, false
	}
	if s.dir == Outputs && declaresOK(s.wide) {
		if answer, ok := withOK(in.Value); ok && fails(explore.Input{Value: answer, Valid: true}) {
			in.Value = answer
			witness := fails
			fails = func(c explore.Input) bool { return okTrue(c.Value) && witness(c) }
		}
	}
	out := explore.Shrink(in, src, fails, shrinkBudget)
	if !fails(out) {
		return nil, false
	}
	return out.Value, true
}

// keywordName is the keyword a failure is of: the last element of its
// keyword path ("required", "enum", "maxLength"), "false" for the false
// schema.
func keywordName(k jsonschema.ErrorKind) string {
	if _, ok := k.(*kind.FalseSchema); ok {
		return "false"
	}
	if p := k.KeywordPath(); len(p) > 0 {
		return p[len(p)-1]
	}
	// A kind with no keyword path (not, allOf, ...) is named by its type,
	// as the keyword is spelled: *kind.AllOf is allOf.
	name := reflect.TypeOf(k).String()
	name = name[strings.LastIndexByte(name, '.')+1:]
	if name == "" {
		return ""
	}
	return strings.ToLower(name[:1]) + name[1:]
}

// matches reports whether the failure v of the value val is the one c
// predicts: the same keyword, at the instance path of c, about the same
// property or enum value.
func (c *SchemaChange) matches(v contract.Violation, val any) bool {
	if v.Outer != nil || keywordName(v.Kind) != c.Keyword || !pathMatches(c.at, v.Pointer) {
		return false
	}
	switch k := v.Kind.(type) {
	case *kind.Required:
		return slices.Contains(k.Missing, c.property)
	case *kind.AdditionalProperties:
		return c.property == "" || slices.Contains(k.Properties, c.property)
	case *kind.Enum:
		return !c.hasValue || jsonText(k.Got) == jsonText(c.value)
	case *kind.Const:
		return !c.hasValue || jsonText(k.Got) == jsonText(c.value)
	}
	return true
}

// pathMatches reports whether the JSON pointer p is at the instance path
// at ("*" matches any one token).
func pathMatches(at []string, p string) bool {
	var toks []string
	if p != "" {
		toks = strings.Split(p[1:], "/")
	}
	if len(toks) != len(at) {
		return false
	}
	for i, t := range toks {
		t = strings.ReplaceAll(strings.ReplaceAll(t, "~1", "/"), "~0", "~")
		if at[i] != "*" && at[i] != t {
			return false
		}
	}
	return true
}

// undeclared reports whether the instance pointer p passes through an
// object member that the schema sch does not declare (no property, no
// patternProperties, no additionalProperties schema names it).
func undeclared(sch *jsonschema.Schema, p string) bool {
	if p == "" {
		return false
	}
	cur := sch
	for t := range strings.SplitSeq(p[1:], "/") {
		t = strings.ReplaceAll(strings.ReplaceAll(t, "~1", "/"), "~0", "~")
		if cur == nil {
			return false
		}
		v := viewOf(cur)
		if _, err := strconv.Atoi(t); err == nil {
			if it := v.items(); it != nil {
				cur = it
				continue
			}
		}
		if ps, ok := v.property(t); ok {
			cur = ps
			continue
		}
		if matchesPatternProperty(v, t) {
			return false
		}
		if _, addl, _ := v.additional(); addl != nil {
			cur = addl
			continue
		}
		if len(v.propertyNames()) > 0 || slices.Contains(v.types(), "object") {
			return true
		}
		return false
	}
	return false
}

// declaresOK reports whether the outputs schema sch declares an ok
// property at the top.
func declaresOK(sch *contract.Schema) bool {
	_, ok := viewOf(sch.Compiled()).property("ok")
	return ok
}

// withOK is the object v with "ok": true; false when v is no object.
func withOK(v any) (any, bool) {
	m, ok := v.(map[string]any)
	if !ok {
		return nil, false
	}
	out := make(map[string]any, len(m)+1)
	for k, x := range m {
		out[k] = x
	}
	out["ok"] = true
	return out, true
}

// okTrue reports whether v is an object with "ok": true.
func okTrue(v any) bool {
	m, ok := v.(map[string]any)
	return ok && m["ok"] == true
}
