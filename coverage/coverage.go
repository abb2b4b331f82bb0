// Package coverage measures which parts of a tool's contract its worked
// examples exercise: the contract coverage of `speccify-lint` (issue 35).
//
// A part is one thing an example can show a reader or an agent. Each has a
// stable id, its Kind and its Path, a JSON pointer into the frontmatter
// (/inputs/properties/mode/enum/2), and the place of its schema keyword in
// TOOL.md, taken from the contract model (contract.SchemaField.Collection,
// contract.JSONDoc.Place), never guessed. The parts and when each is
// covered:
//
//   - given (inputs): each property of a properties keyword, at any depth;
//     covered when some example input has the member at that place.
//   - absent (inputs): each optional property (not in its object's
//     required); covered when some example input has the object at that
//     place without the member.
//   - enum (inputs): each value of an enum; covered when some example
//     input has a value equal to it (jsonexact.Equal) at that place.
//   - const (inputs): a const; covered when some example input has a value
//     equal to it at that place.
//   - branch (inputs): each schema of a oneOf or anyOf; covered when some
//     example input's value at that place validates against the branch
//     (the compiled schema, contract.Schema.Sub, its $refs resolved).
//   - arm (inputs): the then and the else of an if; then is covered when
//     some example input's value at that place validates against the if,
//     else when some value there does not.
//   - output-key (outputs): each property of a properties keyword, at any
//     depth; covered when some example output states the member at that
//     place. Example outputs are partial (the implementation's answer must
//     cover them, not equal them), so they are not validated against
//     branches: a key inside a oneOf or anyOf branch is covered by a
//     member at its place, whichever branch the output matches.
//   - failure (outputs): the ok: false path, when outputs declares ok;
//     covered when some example expects ok: false (contract.Case
//     ExpectsFailure).
//
// "At that place" follows the instance and the schema together:
// properties, additionalProperties, items, prefixItems, allOf, the
// branches of oneOf and anyOf an input matches (every branch for outputs),
// the arm an if selects (both for outputs), and $refs inside TOOL.md's
// schema ("#/$defs/mode"). Parts are counted in TOOL.md's own schema text
// only: under the keywords above and $defs/definitions, not under not,
// contains, patternProperties, dependentSchemas or the if itself, nor in a
// JSON file a $ref names (it has no place in TOOL.md). Every example
// counts, whatever its input's validity. The walks are bounded (maxDepth,
// maxSteps, maxParts: 10,000 parts a field) and visit each pair of schema and
// instance place once, so a recursive $ref or a hostile schema ends. A
// measure that a bound cut short says so (Coverage.Cuts): it claims no gap
// that its walk did not reach.
//
// Of measures; the places and texts of the parts are read only when Parts
// or Uncovered asks for them, since a report needs them for the parts left
// uncovered only.
package coverage

import (
	"cmp"
	"encoding/json"
	"maps"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/speccify/speccify-lint/contract"
	"github.com/speccify/speccify-lint/internal/jsonexact"
)

// Kind is what sort of contract part a Part is.
type Kind string

// The kinds of parts (see the package doc for when each is covered).
const (
	Given     Kind = "given"
	Absent    Kind = "absent"
	Enum      Kind = "enum"
	Const     Kind = "const"
	Branch    Kind = "branch"
	Arm       Kind = "arm"
	OutputKey Kind = "output-key"
	Failure   Kind = "failure"
)

// Part is one part of a contract and whether the examples cover it. Kind
// and Path together are its id.
type Part struct {
	Kind Kind
	// Path is the JSON pointer of the part's schema keyword from the
	// frontmatter: "/inputs/properties/mode/enum/2".
	Path string
	// Pos is the place of the keyword in TOOL.md; Span its text, zero when
	// the model does not hold its layout (an alias or a tag on the way).
	Pos  contract.Pos
	Span contract.Span
	// What says what no example does while the part is uncovered: "no
	// example input gives mode".
	What string
	// Covered is true when some example exercises the part.
	Covered bool
}

// Tool is what coverage reads of one tool.
type Tool struct {
	Spec *contract.Spec
	// Inputs and Outputs are the compiled schemas of the frontmatter's
	// fields; nil when a field is missing or did not compile, which then
	// has no parts.
	Inputs, Outputs *contract.Schema
}

// Coverage is the parts of one tool's contract and which the examples
// cover. Of measures them; their places in TOOL.md and their What are read
// when Parts or Uncovered asks for them (a contract's parts are mostly
// covered, and placing a part costs more than measuring it).
type Coverage struct {
	// Cuts are the fields whose measure a bound of the walk cut short
	// (Partial): empty for any contract but a huge or hostile one.
	Cuts []Cut
	// fields are the measured fields, inputs first.
	fields []*field
	// mu guards the fields' layouts, read while placing parts.
	mu sync.Mutex
}

// Cut is a field whose measure a bound of the walk cut short: a schema
// with more than maxParts parts, nested deeper than maxDepth schemas, or
// examples whose walk takes more than maxSteps steps.
type Cut struct {
	// Field is the frontmatter key, "inputs" or "outputs"; Span is its text
	// in TOOL.md.
	Field string
	Span  contract.Span
	// Why says which bound: "its schema has more than 10,000 parts".
	Why string
	// Walk is true when the walk of the examples stopped before it had
	// visited every place of their values: a part of the field that it
	// shows uncovered may be covered at a place not reached, so the
	// field's gaps are not measured (Uncovered leaves them out). Otherwise
	// only the counting stopped: the parts counted are measured, those
	// past the bound are not counted.
	Walk bool
}

// Partial is true when a bound cut the measure short (Cuts): Total counts
// the parts counted, Covered those the walk found covered, and Uncovered
// leaves out the parts of a field whose walk was cut.
func (c *Coverage) Partial() bool { return len(c.Cuts) > 0 }

// Total is how many parts the contract has (those counted, when Partial).
func (c *Coverage) Total() int {
	n := 0
	for _, f := range c.fields {
		n += len(f.list)
	}
	return n
}

// Covered is how many of the parts the examples cover.
func (c *Coverage) Covered() int {
	n := 0
	for _, f := range c.fields {
		for _, p := range f.list {
			if p.covered {
				n++
			}
		}
	}
	return n
}

// Parts are all the parts, placed, ordered by place.
func (c *Coverage) Parts() []Part {
	return c.placed(func(*field, rawPart) bool { return true })
}

// Uncovered are the parts no example covers, ordered by place; when
// Partial, only those of the fields whose walk went to its end (a gap the
// walk did not measure is not one).
func (c *Coverage) Uncovered() []Part {
	return c.placed(func(f *field, p rawPart) bool { return !p.covered && !f.walkCut })
}

// placed are the parts that keep chooses, placed and ordered by place.
func (c *Coverage) placed(keep func(*field, rawPart) bool) []Part {
	c.mu.Lock()
	defer c.mu.Unlock()
	var out []Part
	for _, f := range c.fields {
		for _, p := range f.list {
			if keep(f, p) {
				out = append(out, f.part(p))
			}
		}
	}
	slices.SortFunc(out, func(a, b Part) int {
		return cmp.Or(cmp.Compare(a.Pos.Line, b.Pos.Line), cmp.Compare(a.Pos.Column, b.Pos.Column),
			strings.Compare(a.Path, b.Path), strings.Compare(string(a.Kind), string(b.Kind)))
	})
	return out
}

// Percent is the covered share in whole percent, rounded down (100 for a
// contract without parts).
func (c *Coverage) Percent() int {
	total := c.Total()
	if total == 0 {
		return 100
	}
	return c.Covered() * 100 / total
}

// Of is the coverage of the tool's contract by its examples; nil when the
// TOOL.md has no frontmatter.
func Of(t Tool) *Coverage {
	if t.Spec == nil || t.Spec.Frontmatter == nil {
		return nil
	}
	fm := t.Spec.Frontmatter
	var inputs, outputs []any
	failure := false
	if t.Spec.Examples != nil {
		for i := range t.Spec.Examples.Cases {
			c := &t.Spec.Examples.Cases[i]
			if c.Input != nil && c.Input.Err == nil {
				inputs = append(inputs, c.Input.Value)
			}
			if c.Output != nil && c.Output.Err == nil {
				outputs = append(outputs, c.Output.Value)
			}
			failure = failure || c.ExpectsFailure()
		}
	}
	cov := &Coverage{}
	if f := newField(fm.Inputs, t.Inputs, true); f != nil {
		f.measure(inputs)
		cov.add(f)
	}
	if f := newField(fm.Outputs, t.Outputs, false); f != nil {
		f.measure(outputs)
		if props, _ := f.root().(map[string]any)["properties"].(map[string]any); props != nil {
			if _, ok := props["ok"]; ok {
				f.list = append(f.list, rawPart{kind: Failure, ptr: "/properties/ok", covered: failure})
			}
		}
		cov.add(f)
	}
	return cov
}

// add adds the measured field f, and its cut if a bound cut it short.
func (c *Coverage) add(f *field) {
	c.fields = append(c.fields, f)
	if f.cut != "" {
		c.Cuts = append(c.Cuts, Cut{Field: f.name, Span: f.field.Key.Span, Why: f.cut, Walk: f.walkCut})
	}
}

// Bounds of the walks over a schema that a pull request writes.
const (
	// maxDepth bounds the nesting of schemas walked (and of $refs followed
	// in a row): parts deeper down are not counted.
	maxDepth = 64
	// maxSteps bounds the steps of the walk of one field's examples.
	maxSteps = 1 << 16
	// maxParts bounds the parts counted in one field, in the order of the
	// walk: a schema with more (a huge enum) is measured on its first ones.
	maxParts = 10_000
)

// The texts of Cut.Why, one a bound.
var (
	cutParts = "its schema has more than " + thousands(maxParts) + " parts"
	cutDepth = "its schema nests deeper than " + strconv.Itoa(maxDepth) + " schemas"
	cutSteps = "the walk of its examples' values takes more than " + thousands(maxSteps) + " steps"
)

// Bounds says which bounds cut a measure short, for the docs of what
// reports it: "a field's schema of more than 10,000 parts, ...".
var Bounds = "a field's schema of more than " + thousands(maxParts) + " parts or nested deeper than " +
	strconv.Itoa(maxDepth) + " schemas, or examples whose walk takes more than " + thousands(maxSteps) + " steps"

// thousands is n with a comma between each group of three digits.
func thousands(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// field is one schema field being measured.
type field struct {
	name   string // "inputs" or "outputs"
	field  *contract.SchemaField
	schema *contract.Schema
	inputs bool
	// list are the parts in the order of the walk.
	list []rawPart
	// parts indexes the parts but those of properties by kind and pointer
	// relative to the field; members holds those.
	parts map[partKey]int
	// members are the properties of the schema objects read so far, by
	// the pointer of the object.
	members map[string][]member
	// subs are the compiled subschemas by pointer (nil: did not compile).
	subs map[string]*contract.Schema
	// refs is true when the field's schema holds a $ref: only then can the
	// walk come to a pair of schema and instance place twice, so only then
	// are the pairs (and the instance places' ids) kept in visited.
	refs    bool
	visited map[visit]bool
	steps   int
	// cut is Cut.Why when a bound cut the measure short ("" when none did);
	// walkCut is Cut.Walk.
	cut     string
	walkCut bool
	// layouts are the collections of the field's text read so far, by
	// pointer (nil: none to read).
	layouts map[string]*layout
}

// rawPart is a part as the walk finds it, not yet placed.
type rawPart struct {
	kind    Kind
	ptr     string // relative to the field
	covered bool
}

type partKey struct {
	kind Kind
	ptr  string
}

// visit is a pair of schema place and instance place the walk has been to.
type visit struct{ ptr, id string }

// member is a property of a schema object: its name, its pointer and the
// indexes of its parts in field.list (-1: none).
type member struct {
	name, ptr          string
	given, absent, key int
}

func newField(f *contract.SchemaField, sch *contract.Schema, inputs bool) *field {
	if f == nil || f.Doc == nil || sch == nil {
		return nil
	}
	return &field{name: f.Key.Name, field: f, schema: sch, inputs: inputs, parts: map[partKey]int{},
		members: map[string][]member{}, subs: map[string]*contract.Schema{}, refs: alwaysVisit || hasRef(f.Doc.Value, 0),
		visited: map[visit]bool{}, layouts: map[string]*layout{}}
}

// alwaysVisit makes every walk keep its visited pairs, as one of a schema
// with a $ref does: the tests measure with it on and off and compare.
var alwaysVisit = false

// hasRef reports whether the JSON value v holds a $ref with a string
// value at any depth (true as well past maxDepth: it does not know).
func hasRef(v any, depth int) bool {
	if depth > maxDepth {
		return true
	}
	switch v := v.(type) {
	case map[string]any:
		if _, ok := v["$ref"].(string); ok {
			return true
		}
		for _, sub := range v {
			if hasRef(sub, depth+1) {
				return true
			}
		}
	case []any:
		for _, sub := range v {
			if hasRef(sub, depth+1) {
				return true
			}
		}
	}
	return false
}

// at is the id of the instance place step (escaped) below id, kept only
// when the walk keeps visited pairs (refs).
func (f *field) at(id, step string) string {
	if !f.refs {
		return ""
	}
	return id + "/" + step
}

func (f *field) root() any { return f.field.Doc.Value }

// measure lists the field's parts and marks those the instances (the
// examples' inputs or outputs) cover.
func (f *field) measure(instances []any) {
	f.enumerate(f.root(), "", 0)
	for i, v := range instances {
		f.cover(f.root(), "", v, strconv.Itoa(i), 0)
	}
}

// part is the raw part p placed.
func (f *field) part(p rawPart) Part {
	out := Part{Kind: p.kind, Path: "/" + f.name + p.ptr, What: f.what(p.kind, p.ptr), Covered: p.covered}
	out.Pos, out.Span = f.place(p.ptr)
	return out
}

// cutShort records that a bound cut the measure short; walk is Cut.Walk.
func (f *field) cutShort(why string, walk bool) {
	if f.cut == "" {
		f.cut = why
	}
	f.walkCut = f.walkCut || walk
}

// add lists the part of the kind at ptr and returns its index, -1 past
// maxParts; indexed says whether f.parts indexes it.
func (f *field) add(kind Kind, ptr string, indexed bool) int {
	if len(f.list) >= maxParts {
		f.cutShort(cutParts, false)
		return -1
	}
	if indexed {
		k := partKey{kind, ptr}
		if _, ok := f.parts[k]; ok {
			return -1
		}
		f.parts[k] = len(f.list)
	}
	f.list = append(f.list, rawPart{kind: kind, ptr: ptr})
	return len(f.list) - 1
}

func (f *field) mark(kind Kind, ptr string) {
	if i, ok := f.parts[partKey{kind, ptr}]; ok {
		f.list[i].covered = true
	}
}

// markAt marks the part at index i of f.list (none when -1).
func (f *field) markAt(i int) {
	if i >= 0 {
		f.list[i].covered = true
	}
}

// step is the member's name as a step of a JSON pointer, escaped.
func (m *member) step() string { return m.ptr[strings.LastIndexByte(m.ptr, '/')+1:] }

// membersOf are the properties of the schema object at ptr, props, sorted
// by name, read once.
func (f *field) membersOf(ptr string, props map[string]any) []member {
	if ms, ok := f.members[ptr]; ok {
		return ms
	}
	ms := make([]member, 0, len(props))
	for name := range props {
		ms = append(ms, member{name: name, ptr: ptr + "/properties/" + escape(name), given: -1, absent: -1, key: -1})
	}
	slices.SortFunc(ms, func(a, b member) int { return strings.Compare(a.name, b.name) })
	f.members[ptr] = ms
	return ms
}

// enumerate lists the parts of the schema s at ptr and below it.
func (f *field) enumerate(s any, ptr string, depth int) {
	obj, ok := s.(map[string]any)
	if !ok {
		return
	}
	if depth > maxDepth {
		f.cutShort(cutDepth, false)
		return
	}
	if f.inputs {
		f.enumerateInputs(obj, ptr)
	}
	if props, ok := obj["properties"].(map[string]any); ok {
		required := requiredOf(obj)
		ms := f.membersOf(ptr, props)
		for i := range ms {
			m := &ms[i]
			if !f.inputs {
				m.key = f.add(OutputKey, m.ptr, false)
				continue
			}
			m.given = f.add(Given, m.ptr, false)
			if !required(m.name) {
				m.absent = f.add(Absent, m.ptr, false)
			}
		}
	}
	for _, k := range walked {
		v, ok := obj[k]
		if !ok {
			continue
		}
		if k == "properties" {
			if props, ok := v.(map[string]any); ok {
				for _, m := range f.membersOf(ptr, props) {
					f.enumerate(props[m.name], m.ptr, depth+1)
				}
			}
			continue
		}
		contract.Subschemas(k, v, func(rel string, sub any) { f.enumerate(sub, ptr+"/"+k+rel, depth+1) })
	}
}

// requiredOf tells whether the schema object lists a name in required.
func requiredOf(obj map[string]any) func(name string) bool {
	list, _ := obj["required"].([]any)
	if len(list) <= 16 {
		return func(name string) bool { return slices.Contains(list, any(name)) }
	}
	set := make(map[string]bool, len(list))
	for _, r := range list {
		if name, ok := r.(string); ok {
			set[name] = true
		}
	}
	return func(name string) bool { return set[name] }
}

// walked are the keywords whose schemas hold counted parts.
var walked = []string{"properties", "additionalProperties", "items", "prefixItems", "allOf", "anyOf", "oneOf", "then", "else", "$defs", "definitions"}

func (f *field) enumerateInputs(obj map[string]any, ptr string) {
	if enum, ok := obj["enum"].([]any); ok {
		for i := range enum {
			f.add(Enum, ptr+"/enum/"+strconv.Itoa(i), true)
		}
	}
	if _, ok := obj["const"]; ok {
		f.add(Const, ptr+"/const", true)
	}
	for _, k := range []string{"anyOf", "oneOf"} {
		if list, ok := obj[k].([]any); ok {
			for i := range list {
				f.add(Branch, ptr+"/"+k+"/"+strconv.Itoa(i), true)
			}
		}
	}
	if _, ok := obj["if"]; ok {
		for _, k := range []string{"then", "else"} {
			if _, ok := obj[k]; ok {
				f.add(Arm, ptr+"/"+k, true)
			}
		}
	}
}

// cover marks the parts that the instance v, at the instance place id,
// covers in the schema s at ptr and below.
func (f *field) cover(s any, ptr string, v any, id string, depth int) {
	obj, ok := s.(map[string]any)
	key := visit{ptr, id}
	if !ok || (f.refs && f.visited[key]) {
		return
	}
	if depth > maxDepth {
		f.cutShort(cutDepth, true)
		return
	}
	if f.steps >= maxSteps {
		f.cutShort(cutSteps, true)
		return
	}
	if f.refs {
		f.visited[key] = true
	}
	f.steps++
	if ref, ok := obj["$ref"].(string); ok {
		if target, at, ok := f.local(ref); ok {
			f.cover(target, at, v, id, depth+1)
		}
	}
	if enum, ok := obj["enum"].([]any); ok {
		for i, e := range enum {
			if jsonexact.Equal(e, v) {
				f.mark(Enum, ptr+"/enum/"+strconv.Itoa(i))
			}
		}
	}
	if c, ok := obj["const"]; ok && jsonexact.Equal(c, v) {
		f.mark(Const, ptr+"/const")
	}
	switch inst := v.(type) {
	case map[string]any:
		f.coverObject(obj, ptr, inst, id, depth)
	case []any:
		f.coverArray(obj, ptr, inst, id, depth)
	}
	f.coverApplicators(obj, ptr, v, id, depth)
}

func (f *field) coverObject(obj map[string]any, ptr string, inst map[string]any, id string, depth int) {
	props, _ := obj["properties"].(map[string]any)
	if props != nil {
		for _, m := range f.membersOf(ptr, props) {
			mv, ok := inst[m.name]
			if !ok {
				f.markAt(m.absent)
				continue
			}
			f.markAt(m.given)
			f.markAt(m.key)
			f.cover(props[m.name], m.ptr, mv, f.at(id, m.step()), depth+1)
		}
	}
	if extra, ok := obj["additionalProperties"].(map[string]any); ok {
		for _, name := range slices.Sorted(maps.Keys(inst)) {
			if _, declared := props[name]; !declared {
				f.cover(extra, ptr+"/additionalProperties", inst[name], f.at(id, escape(name)), depth+1)
			}
		}
	}
}

func (f *field) coverArray(obj map[string]any, ptr string, inst []any, id string, depth int) {
	prefix, _ := obj["prefixItems"].([]any)
	for i, item := range inst {
		at := f.at(id, strconv.Itoa(i))
		switch items := obj["items"].(type) {
		case []any: // draft 7 and before: a list of items is a prefix
			if i < len(items) {
				f.cover(items[i], ptr+"/items/"+strconv.Itoa(i), item, at, depth+1)
			}
			continue
		case map[string]any:
			if i >= len(prefix) {
				f.cover(items, ptr+"/items", item, at, depth+1)
			}
		}
		if i < len(prefix) {
			f.cover(prefix[i], ptr+"/prefixItems/"+strconv.Itoa(i), item, at, depth+1)
		}
	}
}

// coverApplicators follows allOf, the branches of anyOf and oneOf and the
// arms of if with the same instance.
func (f *field) coverApplicators(obj map[string]any, ptr string, v any, id string, depth int) {
	if list, ok := obj["allOf"].([]any); ok {
		for i, sub := range list {
			f.cover(sub, ptr+"/allOf/"+strconv.Itoa(i), v, id, depth+1)
		}
	}
	for _, k := range []string{"anyOf", "oneOf"} {
		list, _ := obj[k].([]any)
		for i, sub := range list {
			p := ptr + "/" + k + "/" + strconv.Itoa(i)
			if !f.inputs || f.valid(p, v) {
				f.mark(Branch, p)
				f.cover(sub, p, v, id, depth+1)
			}
		}
	}
	if _, ok := obj["if"]; !ok {
		return
	}
	matches := f.inputs && f.valid(ptr+"/if", v)
	for _, k := range []string{"then", "else"} {
		sub, ok := obj[k]
		if !ok || (f.inputs && matches != (k == "then")) {
			continue
		}
		f.mark(Arm, ptr+"/"+k)
		f.cover(sub, ptr+"/"+k, v, id, depth+1)
	}
}

// valid reports whether v validates against the compiled subschema at ptr;
// false when it does not compile or a pattern took too long.
func (f *field) valid(ptr string, v any) bool {
	sub, ok := f.subs[ptr]
	if !ok {
		sub, _ = f.compile(ptr)
		f.subs[ptr] = sub
	}
	return sub != nil && sub.Validate(v) == nil
}

func (f *field) compile(ptr string) (sub *contract.Schema, err error) {
	defer func() {
		if recover() != nil {
			sub, err = nil, nil
		}
	}()
	return f.schema.Sub(ptr)
}

// local is the schema a $ref inside the field's own document names
// ("#" or "#/json/pointer"), with its pointer; ok is false for any other
// reference (a file, an anchor, a pointer that leads nowhere).
func (f *field) local(ref string) (target any, ptr string, ok bool) {
	frag, isLocal := strings.CutPrefix(ref, "#")
	if !isLocal || (frag != "" && !strings.HasPrefix(frag, "/")) {
		return nil, "", false
	}
	target = f.root()
	if frag == "" {
		return target, "", true
	}
	for _, step := range strings.Split(frag[1:], "/") {
		step = unescape(step)
		switch node := target.(type) {
		case map[string]any:
			target, ok = node[step]
		case []any:
			i, err := strconv.Atoi(step)
			ok = err == nil && i >= 0 && i < len(node)
			if ok {
				target = node[i]
			}
		default:
			ok = false
		}
		if !ok {
			return nil, "", false
		}
	}
	return target, frag, true
}

// maxLayout is the most entries of a collection whose layout is read.
const maxLayout = 1000

// size is the number of entries of a JSON object or array, 0 for others.
func size(v any) int {
	switch v := v.(type) {
	case map[string]any:
		return len(v)
	case []any:
		return len(v)
	}
	return 0
}

// layout is a collection of the field's text with its entries by key.
type layout struct {
	c    *contract.Collection
	keys map[string]int
}

// place is the place in TOOL.md of the keyword at ptr (relative to the
// field): a list item's text, a mapping key's text, else the place of the
// pointer (or its nearest ancestor) the document records. The layouts are
// read once per collection: a schema may hold many thousand parts.
func (f *field) place(ptr string) (contract.Pos, contract.Span) {
	cut := strings.LastIndexByte(ptr, '/')
	parent, last := ptr[:cut], unescape(ptr[cut+1:])
	l, ok := f.layouts[parent]
	if !ok {
		var steps []string
		if parent != "" {
			steps = strings.Split(parent[1:], "/")
		}
		for i, s := range steps {
			steps[i] = unescape(s)
		}
		if v, _, _ := f.local("#" + parent); size(v) > maxLayout {
			// Reading the layout of a long collection written on one line
			// costs the square of its length: its parts are placed by the
			// document.
		} else if c := f.field.Collection(steps...); c != nil {
			l = &layout{c: c, keys: map[string]int{}}
			for i, e := range c.Entries {
				if _, dup := l.keys[e.Key]; !c.List && !dup {
					l.keys[e.Key] = i
				}
			}
		}
		f.layouts[parent] = l
	}
	if l != nil {
		if l.c.List {
			if i, err := strconv.Atoi(last); err == nil && i >= 0 && i < len(l.c.Entries) {
				sp := l.c.Entries[i].Span
				return sp.Start.Pos, sp
			}
		} else if i, ok := l.keys[last]; ok {
			sp := l.c.Entries[i].KeySpan
			return sp.Start.Pos, sp
		}
	}
	return f.field.Doc.Place(ptr), contract.Span{}
}

var (
	escaper   = strings.NewReplacer("~", "~0", "/", "~1")
	unescaper = strings.NewReplacer("~1", "/", "~0", "~")
)

func escape(s string) string {
	if !strings.ContainsAny(s, "~/") {
		return s
	}
	return escaper.Replace(s)
}

func unescape(s string) string {
	if !strings.Contains(s, "~") {
		return s
	}
	return unescaper.Replace(s)
}

// what is Part.What of the part of the kind at ptr.
func (f *field) what(kind Kind, ptr string) string {
	steps := strings.Split(ptr, "/")
	last := unescape(steps[len(steps)-1])
	keyword := ""
	if len(steps) > 1 {
		keyword = steps[len(steps)-2]
	}
	switch kind {
	case Given:
		return "no example input gives " + last
	case Absent:
		return "no example input leaves out the optional " + last
	case Enum, Const:
		v, _, _ := f.local("#" + ptr)
		return "no example input has the " + string(kind) + " value " + valueText(v)
	case Branch:
		return "no example input matches branch " + last + " of " + keyword
	case Arm:
		return "no example input takes the " + last + " arm of the if"
	case OutputKey:
		return "no example output states " + last
	}
	return "no example expects ok: false"
}

// maxValueText bounds the text of a value in Part.What.
const maxValueText = 40

func valueText(v any) string {
	data, err := json.Marshal(v)
	if err != nil {
		return "?"
	}
	if r := []rune(string(data)); len(r) > maxValueText {
		return string(r[:maxValueText]) + "…"
	}
	return string(data)
}
