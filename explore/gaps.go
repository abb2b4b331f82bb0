package explore

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/speccify/speccify-lint/coverage"
	"github.com/speccify/speccify-lint/internal/cilog"
	"github.com/speccify/speccify-lint/internal/hiddentext"
	"github.com/speccify/speccify-lint/internal/jsonexact"
	"github.com/speccify/speccify-lint/internal/machinetext"
)

// The inputs that close the coverage gaps of a contract (issue 35): for
// each part of the inputs schema that no example exercises (a property
// given or left out, an enum value, a const, a oneOf/anyOf branch, an if
// arm), an input valid against the inputs schema that exercises it. An
// example's input edited at the part's place comes first (the property
// set or left out, the enum value or the const set, a value of a generated
// input grafted there), so that the proposed case reads like the examples;
// else the first of the generator's valid inputs that exercises it. Every
// candidate is checked with the oracle (Source.Valid) and with
// coverage.Exercised, never assumed.

// KindGap is the Kind of an input made to close a coverage gap.
const KindGap = "coverage gap"

// maxGapCandidates bounds the generator's inputs looked through for the
// gaps of one tool, and maxGraftValues the values of them tried at one
// place of an example.
const (
	maxGapCandidates = 200
	maxGraftValues   = 8
)

// GapInputs are the inputs that exercise the uncovered input parts among
// gaps, by part; a part none is found for has no entry. src and seed are
// the tool's exploration's (the generator's inputs are those explore
// sends); t is the tool as coverage measures it.
func GapInputs(src Source, seed uint64, t coverage.Tool, gaps []coverage.Part) map[coverage.ID]Input {
	if t.Spec == nil || t.Spec.Frontmatter == nil || t.Spec.Frontmatter.Inputs == nil || t.Spec.Frontmatter.Inputs.Doc == nil || src.Valid == nil {
		return nil
	}
	c := &closer{src: src, seed: seed, t: t, schema: t.Spec.Frontmatter.Inputs.Doc.Value}
	out := map[coverage.ID]Input{}
	for _, p := range gaps {
		if !p.IsInput() {
			continue
		}
		if v, ok := c.close(p); ok {
			out[p.ID()] = Input{Value: v, Valid: true, Kind: KindGap}
		}
	}
	return out
}

// closer finds the inputs of one tool's gaps.
type closer struct {
	src    Source
	seed   uint64
	t      coverage.Tool
	schema any // the inputs schema as written
	// generated are the generator's first valid inputs, made on first use.
	generated []any
	made      bool
}

// close is an input that exercises p: an example edited, else a generated
// input.
func (c *closer) close(p coverage.Part) (any, bool) {
	if e, ok := c.edit(p); ok {
		for _, ex := range c.src.Examples {
			for _, v := range c.values(e) {
				if cand, ok := graft(ex, e.path, v, e.del); ok && c.exercises(cand, p.ID()) {
					return cand, true
				}
			}
		}
	}
	for _, g := range c.candidates() {
		if c.exercises(g, p.ID()) {
			return g, true
		}
	}
	return nil, false
}

// exercises reports whether v is a valid input that exercises the part id.
func (c *closer) exercises(v any, id coverage.ID) bool {
	return c.src.Valid(v) && coverage.Exercised(c.t, v, nil)[id]
}

// candidates are the generator's first valid inputs.
func (c *closer) candidates() []any {
	if !c.made {
		c.made = true
		gen := New(Source{Schema: c.src.Schema, Valid: c.src.Valid, Examples: c.src.Examples, Fixtures: c.src.Fixtures}, c.seed)
		for tries := 0; len(c.generated) < maxGapCandidates && tries < 4*maxGapCandidates; tries++ {
			in, ok := gen.Next()
			if !ok {
				break
			}
			if in.Valid && in.Spelling == SpellPlain && in.Kind != KindExample {
				c.generated = append(c.generated, in.Value)
			}
		}
	}
	return c.generated
}

// gapEdit is how an example's input is edited to exercise a part: the
// value at path set to value (known: an enum value, a const) or to a value
// a generated input has there, or removed (del).
type gapEdit struct {
	path  []any
	value any
	known bool
	del   bool
}

// values are the values to set at the edit's place.
func (c *closer) values(e gapEdit) []any {
	if e.del || e.known {
		return []any{e.value}
	}
	var out []any
	seen := map[string]bool{}
	for _, g := range c.candidates() {
		if v, ok := valueAt(g, e.path); ok && !seen[jsonText(v)] {
			seen[jsonText(v)] = true
			if out = append(out, v); len(out) == maxGraftValues {
				break
			}
		}
	}
	return out
}

// edit is the edit of an example that exercises p; ok is false when the
// part's place in an input cannot be told from its schema path (under
// additionalProperties, $defs).
func (c *closer) edit(p coverage.Part) (gapEdit, bool) {
	ptr, ok := strings.CutPrefix(p.Path, "/"+c.t.Spec.Frontmatter.Inputs.Key.Name)
	if !ok || ptr == "" {
		return gapEdit{}, false
	}
	steps := strings.Split(ptr[1:], "/")
	for i, s := range steps {
		steps[i] = strings.ReplaceAll(strings.ReplaceAll(s, "~1", "/"), "~0", "~")
	}
	cut := 2                                                // properties/NAME, enum/I, oneOf/I, anyOf/I
	if p.Kind == coverage.Const || p.Kind == coverage.Arm { // one keyword: const, then, else
		cut = 1
	}
	if len(steps) < cut {
		return gapEdit{}, false
	}
	path, node, ok := instancePath(c.schema, steps[:len(steps)-cut])
	if !ok {
		return gapEdit{}, false
	}
	obj, _ := node.(map[string]any)
	last := steps[len(steps)-1]
	switch p.Kind {
	case coverage.Given:
		return gapEdit{path: appendPath(path, last)}, true
	case coverage.Absent:
		return gapEdit{path: appendPath(path, last), del: true}, true
	case coverage.Enum:
		list, _ := obj["enum"].([]any)
		i, err := strconv.Atoi(last)
		if err != nil || i < 0 || i >= len(list) {
			return gapEdit{}, false
		}
		return gapEdit{path: path, value: list[i], known: true}, true
	case coverage.Const:
		v, ok := obj["const"]
		return gapEdit{path: path, value: v, known: true}, ok
	}
	return gapEdit{path: path}, true // a branch, an arm: a value of a generated input there
}

// instancePath is the place in an input of the schema at steps (the
// keywords from the inputs schema's root) and that schema; ok is false
// when a step has no one place (additionalProperties, $defs, a $ref).
func instancePath(schema any, steps []string) (path []any, node any, ok bool) {
	node = schema
	for i := 0; i < len(steps); i++ {
		obj, _ := node.(map[string]any)
		if obj == nil {
			return nil, nil, false
		}
		k := steps[i]
		switch k {
		case "properties", "prefixItems", "allOf", "anyOf", "oneOf", "items":
		case "then", "else":
			node = obj[k]
			continue
		default:
			return nil, nil, false
		}
		sub := obj[k]
		if k == "items" {
			if _, list := sub.([]any); !list {
				path, node = appendPath(path, 0), sub
				continue
			}
		}
		if i+1 >= len(steps) {
			return nil, nil, false
		}
		i++
		switch coll := sub.(type) {
		case map[string]any:
			node = coll[steps[i]]
		case []any:
			n, err := strconv.Atoi(steps[i])
			if err != nil || n < 0 || n >= len(coll) {
				return nil, nil, false
			}
			node = coll[n]
		default:
			return nil, nil, false
		}
		switch k {
		case "properties":
			path = appendPath(path, steps[i])
		case "prefixItems", "items":
			n, _ := strconv.Atoi(steps[i])
			path = appendPath(path, n)
		}
	}
	return path, node, true
}

// graft is root with the value at path set to v (del: removed), the
// objects on the way made when missing; root itself is not changed. ok is
// false when path does not lead through root's values (an index past an
// array's end, an object where a value of another type is).
func graft(root any, path []any, v any, del bool) (any, bool) {
	if len(path) == 0 {
		return v, !del
	}
	switch k := path[0].(type) {
	case string:
		m, isObj := root.(map[string]any)
		if !isObj && root != nil {
			return nil, false
		}
		out := maps.Clone(m)
		if out == nil {
			out = map[string]any{}
		}
		if len(path) == 1 && del {
			_, had := out[k]
			delete(out, k)
			return out, had
		}
		child, ok := graft(m[k], path[1:], v, del)
		if !ok {
			return nil, false
		}
		out[k] = child
		return out, true
	case int:
		a, isArr := root.([]any)
		if (!isArr && root != nil) || k > len(a) || del && len(path) == 1 {
			return nil, false
		}
		out := slices.Clone(a)
		var elem any
		if k == len(out) {
			out = append(out, nil)
		} else {
			elem = out[k]
		}
		child, ok := graft(elem, path[1:], v, del)
		if !ok {
			return nil, false
		}
		out[k] = child
		return out, true
	}
	return nil, false
}

// MaxCaseText bounds a proposed case: a longer one is not proposed (a
// TOOL.md's examples are read by people and agents).
const MaxCaseText = 2000

// ProposedCase is the ready-to-paste `### ` example case of the input in
// with the implementation's answer as its output: CaseText's shape, its
// title made unique among titles. why says, when it is not empty, why the
// case is not to be pasted (text is then empty): it is longer than
// MaxCaseText, or it holds characters a reviewer cannot see, a CI system's
// command or machine-specific text (the implementation's answer is not
// the author's, and may come from a pull request).
func ProposedCase(in Input, answer any, titles []string) (text, why string) {
	out, err := jsonexact.Compact(answer)
	if err != nil {
		return "", "the answer cannot be written as JSON"
	}
	title := caseTitle(in)
	for n := 2; slices.Contains(titles, title); n++ {
		title = fmt.Sprintf("%s (%d)", caseTitle(in), n)
	}
	text = fmt.Sprintf("### %s\ninput: %s\noutput: %s\n", title, in.JSON(), out)
	b := []byte(text)
	switch {
	case len(text) > MaxCaseText:
		return "", fmt.Sprintf("the case would take %d bytes, over the %d a proposed case may", len(text), MaxCaseText)
	case len(hiddentext.Find(b)) > 0 || len(hiddentext.FindEscaped(b)) > 0:
		return "", "the case would hold characters a reviewer cannot see"
	case commands(in.Value) || commands(answer) || len(cilog.Markers(text)) > 0:
		return "", "the case would hold a CI system's command"
	case len(machinetext.Find(b)) > 0:
		return "", "the case would hold machine-specific text"
	}
	return text, ""
}

// commands reports whether a string of v (a key or a value, at any depth)
// holds a CI system's command once decoded: a line of it that a log would
// read as one.
func commands(v any) bool {
	switch x := v.(type) {
	case string:
		return len(cilog.Markers(x)) > 0
	case map[string]any:
		for k, e := range x {
			if commands(k) || commands(e) {
				return true
			}
		}
	case []any:
		return slices.ContainsFunc(x, commands)
	}
	return false
}
