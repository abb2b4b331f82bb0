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
// instance place once, so a recursive $ref or a hostile schema ends.
package coverage

import (
	"cmp"
	"encoding/json"
	"maps"
	"slices"
	"strconv"
	"strings"

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

// Coverage is the parts of one tool's contract, ordered by place.
type Coverage struct {
	Parts []Part
}

// Total is how many parts the contract has.
func (c *Coverage) Total() int { return len(c.Parts) }

// Covered is how many of the parts the examples cover.
func (c *Coverage) Covered() int {
	n := 0
	for _, p := range c.Parts {
		if p.Covered {
			n++
		}
	}
	return n
}

// Uncovered are the parts no example covers, ordered by place.
func (c *Coverage) Uncovered() []Part {
	var out []Part
	for _, p := range c.Parts {
		if !p.Covered {
			out = append(out, p)
		}
	}
	return out
}

// Percent is the covered share in whole percent, rounded down (100 for a
// contract without parts).
func (c *Coverage) Percent() int {
	if c.Total() == 0 {
		return 100
	}
	return c.Covered() * 100 / c.Total()
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
		cov.Parts = append(cov.Parts, f.measure(inputs)...)
	}
	if f := newField(fm.Outputs, t.Outputs, false); f != nil {
		parts := f.measure(outputs)
		if props, _ := f.root().(map[string]any)["properties"].(map[string]any); props != nil {
			if _, ok := props["ok"]; ok {
				parts = append(parts, f.part(Failure, "/properties/ok", failure))
			}
		}
		cov.Parts = append(cov.Parts, parts...)
	}
	slices.SortStableFunc(cov.Parts, func(a, b Part) int {
		return cmp.Or(cmp.Compare(a.Pos.Line, b.Pos.Line), cmp.Compare(a.Pos.Column, b.Pos.Column),
			strings.Compare(a.Path, b.Path), strings.Compare(string(a.Kind), string(b.Kind)))
	})
	return cov
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

// field is one schema field being measured.
type field struct {
	name   string // "inputs" or "outputs"
	field  *contract.SchemaField
	schema *contract.Schema
	inputs bool
	// parts indexes the parts by kind and pointer relative to the field.
	parts map[partKey]int
	list  []Part
	// subs are the compiled subschemas by pointer (nil: did not compile).
	subs    map[string]*contract.Schema
	visited map[string]bool
	steps   int
	// layouts are the collections of the field's text read so far, by
	// pointer (nil: none to read).
	layouts map[string]*layout
}

type partKey struct {
	kind Kind
	ptr  string
}

func newField(f *contract.SchemaField, sch *contract.Schema, inputs bool) *field {
	if f == nil || f.Doc == nil || sch == nil {
		return nil
	}
	return &field{name: f.Key.Name, field: f, schema: sch, inputs: inputs, parts: map[partKey]int{},
		subs: map[string]*contract.Schema{}, visited: map[string]bool{}, layouts: map[string]*layout{}}
}

func (f *field) root() any { return f.field.Doc.Value }

// measure lists the field's parts and marks those the instances (the
// examples' inputs or outputs) cover.
func (f *field) measure(instances []any) []Part {
	f.enumerate(f.root(), "", 0)
	for i, v := range instances {
		f.cover(f.root(), "", v, strconv.Itoa(i), 0)
	}
	return f.list
}

// part is the part of the kind at ptr (relative to the field), placed.
func (f *field) part(kind Kind, ptr string, covered bool) Part {
	p := Part{Kind: kind, Path: "/" + f.name + ptr, What: f.what(kind, ptr), Covered: covered}
	p.Pos, p.Span = f.place(ptr)
	return p
}

func (f *field) add(kind Kind, ptr string) {
	k := partKey{kind, ptr}
	if _, ok := f.parts[k]; !ok && len(f.list) < maxParts {
		f.parts[k] = len(f.list)
		f.list = append(f.list, f.part(kind, ptr, false))
	}
}

func (f *field) mark(kind Kind, ptr string) {
	if i, ok := f.parts[partKey{kind, ptr}]; ok {
		f.list[i].Covered = true
	}
}

// enumerate lists the parts of the schema s at ptr and below it.
func (f *field) enumerate(s any, ptr string, depth int) {
	obj, ok := s.(map[string]any)
	if !ok || depth > maxDepth {
		return
	}
	if f.inputs {
		f.enumerateInputs(obj, ptr)
	}
	if props, ok := obj["properties"].(map[string]any); ok {
		list, _ := obj["required"].([]any)
		required := make(map[any]bool, len(list))
		for _, r := range list {
			required[r] = true
		}
		for _, name := range slices.Sorted(maps.Keys(props)) {
			p := ptr + "/properties/" + escape(name)
			if !f.inputs {
				f.add(OutputKey, p)
				continue
			}
			f.add(Given, p)
			if !required[name] {
				f.add(Absent, p)
			}
		}
	}
	for _, k := range walked {
		if v, ok := obj[k]; ok {
			contract.Subschemas(k, v, func(rel string, sub any) { f.enumerate(sub, ptr+"/"+k+rel, depth+1) })
		}
	}
}

// walked are the keywords whose schemas hold counted parts.
var walked = []string{"properties", "additionalProperties", "items", "prefixItems", "allOf", "anyOf", "oneOf", "then", "else", "$defs", "definitions"}

func (f *field) enumerateInputs(obj map[string]any, ptr string) {
	if enum, ok := obj["enum"].([]any); ok {
		for i := range enum {
			f.add(Enum, ptr+"/enum/"+strconv.Itoa(i))
		}
	}
	if _, ok := obj["const"]; ok {
		f.add(Const, ptr+"/const")
	}
	for _, k := range []string{"anyOf", "oneOf"} {
		if list, ok := obj[k].([]any); ok {
			for i := range list {
				f.add(Branch, ptr+"/"+k+"/"+strconv.Itoa(i))
			}
		}
	}
	if _, ok := obj["if"]; ok {
		for _, k := range []string{"then", "else"} {
			if _, ok := obj[k]; ok {
				f.add(Arm, ptr+"/"+k)
			}
		}
	}
}

// cover marks the parts that the instance v, at the instance place id,
// covers in the schema s at ptr and below.
func (f *field) cover(s any, ptr string, v any, id string, depth int) {
	obj, ok := s.(map[string]any)
	key := ptr + "\x00" + id
	if !ok || depth > maxDepth || f.visited[key] || f.steps >= maxSteps {
		return
	}
	f.visited[key] = true
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
	for _, name := range slices.Sorted(maps.Keys(props)) {
		p := ptr + "/properties/" + escape(name)
		mv, ok := inst[name]
		if !ok {
			f.mark(Absent, p)
			continue
		}
		f.mark(Given, p)
		f.mark(OutputKey, p)
		f.cover(props[name], p, mv, id+"/"+escape(name), depth+1)
	}
	if extra, ok := obj["additionalProperties"].(map[string]any); ok {
		for _, name := range slices.Sorted(maps.Keys(inst)) {
			if _, declared := props[name]; !declared {
				f.cover(extra, ptr+"/additionalProperties", inst[name], id+"/"+escape(name), depth+1)
			}
		}
	}
}

func (f *field) coverArray(obj map[string]any, ptr string, inst []any, id string, depth int) {
	prefix, _ := obj["prefixItems"].([]any)
	for i, item := range inst {
		at := id + "/" + strconv.Itoa(i)
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

func escape(s string) string { return escaper.Replace(s) }

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
