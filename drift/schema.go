package drift

import (
	"fmt"
	"maps"
	"math/big"
	"slices"
	"strconv"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/speccify/speccify-lint/contract"
	"github.com/speccify/speccify-lint/internal/jsonexact"
)

// Direction says which way a schema change breaks callers.
type Direction int

const (
	// Inputs: a change breaks callers when the new schema rejects a value
	// the old one accepted (the old schema is the wide one).
	Inputs Direction = iota
	// Outputs: a change breaks callers when the new schema allows a value
	// the old one forbade (the new schema is the wide one).
	Outputs
)

// Field is the frontmatter field of a direction: inputs or outputs.
func (d Direction) Field() string {
	if d == Outputs {
		return "outputs"
	}
	return "inputs"
}

// SchemaChange is one way a schema admits less than another (the narrow
// one less than the wide one): for inputs the new schema less than the
// old, for outputs the old less than the new. It is breaking when it has a
// witness.
type SchemaChange struct {
	// Keyword is the keyword that narrows, as the validator names its
	// failure: "required", "enum", "type", "maxLength", "additionalProperties",
	// ...; "" for a change found only by a witness.
	Keyword string
	// What says what changed, in the words of the field's direction
	// (`required input "mode" added`, `enum value "x" added`).
	What string
	// Pointer is the JSON pointer, into the new schema document, of the
	// schema whose keyword changed (for the place of a finding); Member,
	// when set, is the member of it the change is about.
	Pointer, Member string
	// at is the instance path the change applies at: JSON pointer tokens,
	// "*" for any array item or undeclared member.
	at []string
	// property is the property a required or removed-property change is
	// about; value, hasValue the enum value a change is about; bound the
	// narrow schema's bound of a length or count keyword (maxItems, ...).
	property string
	value    any
	hasValue bool
	bound    int

	// Compatible marks a change the other way: one that only widens inputs
	// or narrows outputs (listed by diff, never breaking).
	Compatible bool

	// Witness is a value valid under the wide schema and invalid under the
	// narrow one (shrunk), confirmed by both; HasWitness says there is one.
	Witness    any
	HasWitness bool
}

// WitnessJSON is the witness as compact JSON with keys sorted.
func (c *SchemaChange) WitnessJSON() string {
	if !c.HasWitness {
		return ""
	}
	return jsonText(c.Witness)
}

// jsonText is v as compact JSON, keys sorted, no HTML escaping.
func jsonText(v any) string {
	b, err := jsonexact.Compact(v)
	if err != nil {
		return "null"
	}
	return string(b)
}

// maxWalk bounds the schema pairs compared (recursive and huge schemas).
const maxWalk = 2000

// structural lists the keywords of narrow that admit less than wide's at
// the same place: the structural classification. Both are compiled
// schemas of the one schema model; $refs and allOf are followed.
//
// dir says which schema is the new one: for Inputs narrow, for Outputs
// wide; field names the schema (inputs or outputs) in the words of the
// changes. With declarations, a property the wide schema declares and the
// open narrow one does not is listed too (it narrows nothing a caller may
// rely on: the compatible changes).
func structural(wide, narrow *contract.Schema, dir Direction, field string, declarations bool) []*SchemaChange {
	w := &walker{dir: dir, field: field, declarations: declarations, seen: map[[2]*jsonschema.Schema]bool{}, wideModel: wide, narrowModel: narrow}
	w.pair(wide.Compiled(), narrow.Compiled(), nil)
	return w.out
}

type walker struct {
	dir                    Direction
	field                  string
	declarations           bool
	seen                   map[[2]*jsonschema.Schema]bool
	out                    []*SchemaChange
	wideModel, narrowModel *contract.Schema
}

// view is a schema with its in-place applicators ($ref chains, allOf)
// folded: the keywords that apply to the value at one place.
type view struct {
	parts []*jsonschema.Schema
}

func viewOf(s *jsonschema.Schema) view {
	var v view
	var add func(s *jsonschema.Schema, depth int)
	add = func(s *jsonschema.Schema, depth int) {
		if s == nil || depth > 16 || slices.Contains(v.parts, s) {
			return
		}
		v.parts = append(v.parts, s)
		add(s.Ref, depth+1)
		for _, a := range s.AllOf {
			add(a, depth+1)
		}
	}
	add(s, 0)
	return v
}

// first is the first part for which get is set.
func first[T any](v view, get func(*jsonschema.Schema) (T, bool)) (T, *jsonschema.Schema, bool) {
	for _, p := range v.parts {
		if x, ok := get(p); ok {
			return x, p, true
		}
	}
	var zero T
	return zero, nil, false
}

func (v view) falseSchema() bool {
	for _, p := range v.parts {
		if p.Bool != nil && !*p.Bool {
			return true
		}
	}
	return false
}

func (v view) types() []string {
	var out []string
	set := false
	for _, p := range v.parts {
		if p.Types == nil || p.Types.IsEmpty() {
			continue
		}
		ts := p.Types.ToStrings()
		if !set {
			out, set = ts, true
			continue
		}
		out = slices.DeleteFunc(out, func(t string) bool { return !admitsType(ts, t) })
	}
	slices.Sort(out)
	return out
}

func (v view) required() []string {
	var out []string
	for _, p := range v.parts {
		out = append(out, p.Required...)
	}
	slices.Sort(out)
	return slices.Compact(out)
}

func (v view) property(k string) (*jsonschema.Schema, bool) {
	s, _, ok := first(v, func(p *jsonschema.Schema) (*jsonschema.Schema, bool) { s, ok := p.Properties[k]; return s, ok })
	return s, ok
}

func (v view) propertyNames() []string {
	var out []string
	for _, p := range v.parts {
		out = append(out, slices.Collect(maps.Keys(p.Properties))...)
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// additional is the additionalProperties of the view: closed for false,
// sch for a schema.
func (v view) additional() (closed bool, sch *jsonschema.Schema, owner *jsonschema.Schema) {
	for _, p := range v.parts {
		switch a := p.AdditionalProperties.(type) {
		case bool:
			if !a {
				return true, nil, p
			}
		case *jsonschema.Schema:
			if a.Bool != nil && !*a.Bool {
				return true, nil, p
			}
			return false, a, p
		}
	}
	return false, nil, nil
}

func (v view) items() *jsonschema.Schema {
	s, _, _ := first(v, func(p *jsonschema.Schema) (*jsonschema.Schema, bool) {
		if p.Items2020 != nil {
			return p.Items2020, true
		}
		s, ok := p.Items.(*jsonschema.Schema)
		return s, ok && s != nil
	})
	return s
}

// admitsType reports whether the type list ts admits values of type t
// (number admits integers).
func admitsType(ts []string, t string) bool {
	return slices.Contains(ts, t) || t == "integer" && slices.Contains(ts, "number")
}

// pointerOf is the JSON pointer of a compiled schema in its document.
func pointerOf(s *jsonschema.Schema) string {
	_, frag, _ := strings.Cut(s.Location, "#")
	return frag
}

// newPointer is the pointer, into the new schema document, of the pair.
func (w *walker) newPointer(wide, narrow *jsonschema.Schema) string {
	if w.dir == Inputs {
		return pointerOf(narrow)
	}
	return pointerOf(wide)
}

// pair compares the wide and narrow schemas of the value at the instance
// path at.
func (w *walker) pair(wide, narrow *jsonschema.Schema, at []string) {
	if wide == nil || narrow == nil || w.seen[[2]*jsonschema.Schema{wide, narrow}] || len(w.seen) >= maxWalk {
		return
	}
	w.seen[[2]*jsonschema.Schema{wide, narrow}] = true
	wv, nv := viewOf(wide), viewOf(narrow)
	if wv.falseSchema() {
		return // nothing was admitted
	}
	add := func(keyword, what string, c SchemaChange) {
		c.Keyword, c.What, c.at = keyword, what, slices.Clone(at)
		if c.Pointer == "" {
			c.Pointer = w.newPointer(wide, narrow)
		}
		w.out = append(w.out, &c)
	}
	in := w.dir == Inputs
	if nv.falseSchema() {
		add("false", pick(in, "no value is accepted any more", "a value is allowed where none was"), SchemaChange{})
		return
	}
	w.compareTypes(wv, nv, add)
	w.compareEnum(wv, nv, add)
	w.compareBounds(wv, nv, add)
	w.compareStrings(wide, narrow, wv, nv, add)
	w.compareObject(wide, narrow, wv, nv, at, add)
	if wi, ni := wv.items(), nv.items(); ni != nil {
		if wi == nil {
			wi = anySchema
		}
		w.pair(wi, ni, append(slices.Clone(at), "*"))
	}
}

// anySchema stands for an absent subschema: it admits every value.
var anySchema = &jsonschema.Schema{Bool: new(true)}

func pick(in bool, inputs, outputs string) string {
	if in {
		return inputs
	}
	return outputs
}

type addFunc func(keyword, what string, c SchemaChange)

func (w *walker) compareTypes(wv, nv view, add addFunc) {
	wt, nt := wv.types(), nv.types()
	if len(nt) == 0 {
		return
	}
	lost := len(wt) == 0
	for _, t := range wt {
		if !admitsType(nt, t) {
			lost = true
		}
	}
	if !lost {
		return
	}
	from, to := typeList(wt), typeList(nt)
	if w.dir == Inputs {
		add("type", fmt.Sprintf("type narrowed from %s to %s", from, to), SchemaChange{})
	} else {
		add("type", fmt.Sprintf("type widened from %s to %s", to, from), SchemaChange{})
	}
}

func typeList(ts []string) string {
	if len(ts) == 0 {
		return "any"
	}
	return strings.Join(ts, ", ")
}

func (w *walker) compareEnum(wv, nv view, add addFunc) {
	in := w.dir == Inputs
	ne, _, ok := first(nv, func(p *jsonschema.Schema) (*jsonschema.Enum, bool) { return p.Enum, p.Enum != nil })
	if ok {
		we, _, wok := first(wv, func(p *jsonschema.Schema) (*jsonschema.Enum, bool) { return p.Enum, p.Enum != nil })
		if !wok {
			add("enum", pick(in, "enum added: only the listed values are allowed", "enum removed: any value is allowed"), SchemaChange{})
		} else {
			for _, v := range we.Values {
				if !containsJSON(ne.Values, v) {
					add("enum", fmt.Sprintf(pick(in, "enum value %s removed", "enum value %s added"), jsonText(v)),
						SchemaChange{value: v, hasValue: true})
				}
			}
		}
	}
	nc, _, ok := first(nv, func(p *jsonschema.Schema) (*any, bool) { return p.Const, p.Const != nil })
	if ok {
		wc, _, wok := first(wv, func(p *jsonschema.Schema) (*any, bool) { return p.Const, p.Const != nil })
		switch {
		case !wok:
			add("const", pick(in, fmt.Sprintf("const %s added", jsonText(*nc)), fmt.Sprintf("const %s removed", jsonText(*nc))), SchemaChange{})
		case jsonText(*wc) != jsonText(*nc):
			add("const", pick(in, fmt.Sprintf("const changed from %s to %s", jsonText(*wc), jsonText(*nc)),
				fmt.Sprintf("const changed from %s to %s", jsonText(*nc), jsonText(*wc))), SchemaChange{value: *wc, hasValue: true})
		}
	}
}

// containsJSON reports whether vs holds a value equal to v as JSON.
func containsJSON(vs []any, v any) bool {
	t := jsonText(v)
	return slices.ContainsFunc(vs, func(x any) bool { return jsonText(x) == t })
}

// intBound is one length or count keyword: upper for a maximum.
type intBound struct {
	name  string
	get   func(*jsonschema.Schema) *int
	upper bool
}

var intBounds = []intBound{
	{"minLength", func(s *jsonschema.Schema) *int { return s.MinLength }, false},
	{"maxLength", func(s *jsonschema.Schema) *int { return s.MaxLength }, true},
	{"minItems", func(s *jsonschema.Schema) *int { return s.MinItems }, false},
	{"maxItems", func(s *jsonschema.Schema) *int { return s.MaxItems }, true},
	{"minProperties", func(s *jsonschema.Schema) *int { return s.MinProperties }, false},
	{"maxProperties", func(s *jsonschema.Schema) *int { return s.MaxProperties }, true},
}

// ratBound is one numeric bound keyword.
type ratBound struct {
	name  string
	get   func(*jsonschema.Schema) *big.Rat
	upper bool
}

var ratBounds = []ratBound{
	{"minimum", func(s *jsonschema.Schema) *big.Rat { return s.Minimum }, false},
	{"exclusiveMinimum", func(s *jsonschema.Schema) *big.Rat { return s.ExclusiveMinimum }, false},
	{"maximum", func(s *jsonschema.Schema) *big.Rat { return s.Maximum }, true},
	{"exclusiveMaximum", func(s *jsonschema.Schema) *big.Rat { return s.ExclusiveMaximum }, true},
}

func (w *walker) compareBounds(wv, nv view, add addFunc) {
	in := w.dir == Inputs
	for _, b := range intBounds {
		get := func(p *jsonschema.Schema) (int, bool) {
			x := b.get(p)
			if x == nil {
				return 0, false
			}
			return *x, true
		}
		nb, _, ok := first(nv, get)
		if !ok {
			continue
		}
		wb, _, wok := first(wv, get)
		if wok && (b.upper && nb >= wb || !b.upper && nb <= wb) {
			continue
		}
		add(b.name, boundWhat(in, b.name, wok, strconv.Itoa(wb), strconv.Itoa(nb)), SchemaChange{bound: nb})
	}
	for _, b := range ratBounds {
		get := func(p *jsonschema.Schema) (*big.Rat, bool) { x := b.get(p); return x, x != nil }
		nb, _, ok := first(nv, get)
		if !ok {
			continue
		}
		wb, _, wok := first(wv, get)
		if wok && (b.upper && nb.Cmp(wb) >= 0 || !b.upper && nb.Cmp(wb) <= 0) {
			continue
		}
		ws := ""
		if wok {
			ws = ratText(wb)
		}
		add(b.name, boundWhat(in, b.name, wok, ws, ratText(nb)), SchemaChange{})
	}
	nm, _, ok := first(nv, func(p *jsonschema.Schema) (*big.Rat, bool) { return p.MultipleOf, p.MultipleOf != nil })
	if ok {
		wm, _, wok := first(wv, func(p *jsonschema.Schema) (*big.Rat, bool) { return p.MultipleOf, p.MultipleOf != nil })
		if !wok || !new(big.Rat).Quo(wm, nm).IsInt() {
			ws := ""
			if wok {
				ws = ratText(wm)
			}
			add("multipleOf", boundWhat(in, "multipleOf", wok, ws, ratText(nm)), SchemaChange{})
		}
	}
	_, _, nu := first(nv, func(p *jsonschema.Schema) (bool, bool) { return true, p.UniqueItems })
	_, _, wu := first(wv, func(p *jsonschema.Schema) (bool, bool) { return true, p.UniqueItems })
	if nu && !wu {
		add("uniqueItems", pick(in, "uniqueItems added", "uniqueItems removed"), SchemaChange{})
	}
}

// boundWhat says how a bound changed: tightened (inputs) or loosened
// (outputs), or added or removed.
func boundWhat(in bool, name string, wideHas bool, wide, narrow string) string {
	switch {
	case in && wideHas:
		return fmt.Sprintf("%s tightened from %s to %s", name, wide, narrow)
	case in:
		return fmt.Sprintf("%s %s added", name, narrow)
	case wideHas:
		return fmt.Sprintf("%s loosened from %s to %s", name, narrow, wide)
	default:
		return fmt.Sprintf("%s %s removed", name, narrow)
	}
}

func ratText(r *big.Rat) string {
	if r.IsInt() {
		return r.Num().String()
	}
	return r.FloatString(10)
}

func (w *walker) compareStrings(wide, narrow *jsonschema.Schema, wv, nv view, add addFunc) {
	in := w.dir == Inputs
	pat := func(p *jsonschema.Schema) (string, bool) {
		if p.Pattern == nil {
			return "", false
		}
		return p.Pattern.String(), true
	}
	np, _, ok := first(nv, pat)
	if ok {
		wp, _, wok := first(wv, pat)
		switch {
		case !wok:
			add("pattern", pick(in, fmt.Sprintf("pattern %q added", np), fmt.Sprintf("pattern %q removed", np)), SchemaChange{})
		case wp != np:
			add("pattern", pick(in, fmt.Sprintf("pattern changed from %q to %q", wp, np), fmt.Sprintf("pattern changed from %q to %q", np, wp)), SchemaChange{})
		}
	}
	nf, nok := w.format(w.narrowModel, nv)
	wf, wok := w.format(w.wideModel, wv)
	if nok && (!wok || wf != nf) {
		switch {
		case !wok:
			add("format", pick(in, fmt.Sprintf("format %q added", nf), fmt.Sprintf("format %q removed", nf)), SchemaChange{})
		default:
			add("format", pick(in, fmt.Sprintf("format changed from %q to %q", wf, nf), fmt.Sprintf("format changed from %q to %q", nf, wf)), SchemaChange{})
		}
	}
}

// format is the format keyword of the view, as written (an annotation
// under draft 2019-09 and later, which the validator does not assert).
func (w *walker) format(model *contract.Schema, v view) (string, bool) {
	for _, p := range v.parts {
		if p.Format != nil {
			return p.Format.Name, true
		}
		if f, ok := model.Keyword(p, "format"); ok {
			if s, ok := f.(string); ok {
				return s, true
			}
		}
	}
	return "", false
}

func (w *walker) compareObject(wide, narrow *jsonschema.Schema, wv, nv view, at []string, add addFunc) {
	in := w.dir == Inputs
	wr := wv.required()
	for _, k := range nv.required() {
		if !slices.Contains(wr, k) {
			add("required", fmt.Sprintf(requiredWhat(in, w.field), k),
				SchemaChange{property: k, Member: k})
		}
	}
	nClosed, nAddl, _ := nv.additional()
	wClosed, wAddl, _ := wv.additional()
	if nClosed && !wClosed {
		add("additionalProperties", pick(in, "additionalProperties: false added", "additionalProperties: false removed"), SchemaChange{})
	}
	for _, k := range wv.propertyNames() {
		ws, _ := wv.property(k)
		ns, ok := nv.property(k)
		next := append(slices.Clone(at), k)
		switch {
		case ok:
			w.pair(ws, ns, next)
		case nClosed:
			if !matchesPatternProperty(nv, k) {
				add("additionalProperties", fmt.Sprintf(pick(in, "property %q removed (additionalProperties is false)", "property %q added where additionalProperties was false"), k),
					SchemaChange{property: k, Member: k})
			}
		case nAddl != nil:
			w.pair(ws, nAddl, next)
		case w.declarations && !matchesPatternProperty(nv, k):
			if w.dir == Outputs { // the wide schema is the new one
				add("properties", fmt.Sprintf("property %q added", k), SchemaChange{Member: k, Pointer: pointerOf(ws)})
			} else {
				add("properties", fmt.Sprintf("property %q no longer declared", k), SchemaChange{Member: k})
			}
		}
	}
	if nAddl != nil && wAddl != nil {
		w.pair(wAddl, nAddl, append(slices.Clone(at), "*"))
	}
}

// requiredWhat is the words of a required key of the narrow schema that
// the wide one does not require, with %q for the key.
func requiredWhat(narrowIsNew bool, field string) string {
	switch {
	case narrowIsNew && field == "outputs":
		return "output %q now always present"
	case narrowIsNew:
		return "required input %q added"
	case field == "outputs":
		return "output %q no longer always present"
	}
	return "input %q no longer required"
}

// matchesPatternProperty reports whether a patternProperties key of v
// matches the property name k.
func matchesPatternProperty(v view, k string) bool {
	for _, p := range v.parts {
		for re := range p.PatternProperties {
			if re.MatchString(k) {
				return true
			}
		}
	}
	return false
}
