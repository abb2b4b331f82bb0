package contract

import (
	"fmt"
	"slices"
	"strings"

	"go.yaml.in/yaml/v3"
)

// KnownFields are the top-level frontmatter keys of the convention, the ones
// Frontmatter reads into typed fields.
var KnownFields = []string{"name", "description", "inputs", "outputs", "effects", "requires", "runtime", "platforms"}

// FieldDocs says what each of the KnownFields means in the convention, in
// a sentence or two (Markdown): what the language server shows on a key.
var FieldDocs = map[string]string{
	"name":        "The tool's name: lowercase kebab-case, the name of its folder (`.agent/tools/<name>/`), which a skill links as `../../tools/<name>/`.",
	"description": "What the tool does and answers, for the agent that picks it and the human who reviews it.",
	"inputs":      "The JSON Schema of the one JSON object the tool reads on stdin. An agent validates a call against it before it makes it; every example's `input:` must match it.",
	"outputs":     "The JSON Schema of the one JSON object the tool writes on stdout: it requires a boolean `ok`, and an `error` string for `ok: false`. Every example's `output:` and every run's stdout must match it.",
	"effects":     "One line: what a run can touch (`reads the plist; writes nothing`), so that a reviewer knows.",
	"requires":    "One line, or a list: what must be installed for the tool to run (`python3`, `jq`).",
	"runtime":     "Optional: the runtime the implementations need beyond `requires` (`any`).",
	"platforms":   "Optional: the platforms the tool supports (`linux`, `macos`, `windows`); each has an implementation named after it (`linux.py`, `macos.sh`).",
}

// Frontmatter is the parsed YAML frontmatter of a TOOL.md: the fields of the
// convention, typed and each with its place. When a key is given twice, its
// first value counts (the second is a ProblemFrontmatter).
type Frontmatter struct {
	// Pos is the place of the opening "---".
	Pos Pos
	// Invalid is true when the YAML does not parse or is not a mapping (a
	// ProblemFrontmatter says why); no key is then read.
	Invalid bool
	// Broken is the top-level key whose entry holds a YAML syntax error, when
	// the other entries could still be read (then Invalid is false, a
	// ProblemFrontmatter says what is wrong, and Keys are the other keys):
	// the key is there, but its value is unknown.
	Broken string
	// Truncated is true when, beside Broken, the entries after it could not
	// be read either: Keys are those before it, and a key not there may
	// still be in the file.
	Truncated bool
	// Keys are the top-level keys in document order, known or not, repeated
	// ones included; a key that is a list or a mapping is a ProblemValue
	// instead.
	Keys []Key

	// Name, Description, Effects and Runtime are zero when the key is
	// missing, null or not a string (a ProblemType).
	Name, Description, Effects, Runtime String
	// Platforms and Requires are the entries of a list of strings or of a
	// comma-separated string, trimmed, blank ones left out: the one reading
	// of these fields.
	Platforms, Requires []String
	// Inputs and Outputs are nil when the key is missing.
	Inputs, Outputs *SchemaField

	// node and src are the top-level mapping and its text, for Collection.
	node *yaml.Node
	src  *yamlSource
}

// Key is a top-level frontmatter key.
type Key struct {
	Name string
	// Span is the key's source text.
	Span Span
	// Empty is true when the value is null or a blank string. An empty list
	// is a value (requires: []).
	Empty bool
}

// Key returns the first key with the given name, or nil.
func (f *Frontmatter) Key(name string) *Key {
	if f == nil {
		return nil
	}
	for i := range f.Keys {
		if f.Keys[i].Name == name {
			return &f.Keys[i]
		}
	}
	return nil
}

// Unknown returns the keys that are not KnownFields, in document order.
func (f *Frontmatter) Unknown() []Key {
	var out []Key
	for _, k := range f.Keys {
		if !slices.Contains(KnownFields, k.Name) {
			out = append(out, k)
		}
	}
	return out
}

// SchemaField is the inputs or outputs field: a JSON Schema written in YAML.
type SchemaField struct {
	Key Key
	// Doc is the value converted to JSON with the place of every member; nil
	// when the value is empty, not a mapping or a boolean (a ProblemType), or
	// did not convert (see Problems).
	Doc *JSONDoc
	// Problems are the parts of the value that have no JSON equivalent
	// (ProblemValue: a non-string mapping key, .inf, an alias bomb).
	Problems []Problem
	// BareKeys are the keys written without a value anywhere in the value,
	// in document order, the way YAML reads a comma in a flow mapping's
	// text: {description: a, b} has the bare key b.
	BareKeys []BareKey

	// node and src are the value's YAML and its text, for Collection.
	node *yaml.Node
	src  *yamlSource
}

// BareKey is a mapping key written without any value, not even null or ~,
// inside a schema: "b" in {a: x, b} or a "b:" line with nothing after.
// Aliases are not followed.
type BareKey struct {
	Key String
	// Path is the way from the field's value to the mapping holding the key.
	Path []PathStep
	// Mapping numbers the mappings of the field's value in document order:
	// bare keys of one mapping have the same number.
	Mapping int
	// Entry is the index of the key among its mapping's entries.
	Entry int
	// After is the entry just before the key when that entry is a key with a
	// plain (unquoted, untagged) text value, whose text YAML may have split;
	// nil otherwise.
	After *TextEntry
}

// TextEntry is a mapping entry whose value is plain text.
type TextEntry struct {
	Key, Value string
	// ValueSpan is the source text of the value.
	ValueSpan Span
}

// PathStep is one step from a YAML value into a part of it: the value of the
// mapping key Key, or, when IsItem, the list item Item.
type PathStep struct {
	Key    string
	Item   int
	IsItem bool
}

// readFields reads the top-level mapping root into the typed fields.
func (f *Frontmatter) readFields(src *yamlSource, root *yaml.Node) (problems []Problem) {
	var seen uint64 // bit i: KnownFields[i] was read; the first value counts
	f.node, f.src = root, src
	f.Keys = make([]Key, 0, len(root.Content)/2)
	for i := 0; i+1 < len(root.Content); i += 2 {
		k, v := root.Content[i], root.Content[i+1]
		if k.Kind != yaml.ScalarNode {
			problems = append(problems, src.problem(ProblemValue, k, "frontmatter",
				"a frontmatter key must be a plain word such as name:, not a "+kindName(k)))
			continue
		}
		key := Key{Name: k.Value, Span: src.span(k), Empty: isEmptyValue(deref(v))}
		f.Keys = append(f.Keys, key)
		known := slices.Index(KnownFields, k.Value)
		if known < 0 || seen&(1<<known) != 0 {
			continue
		}
		seen |= 1 << known
		switch k.Value {
		case "name":
			f.Name = src.stringField(k.Value, v, &problems)
		case "description":
			f.Description = src.stringField(k.Value, v, &problems)
		case "effects":
			f.Effects = src.stringField(k.Value, v, &problems)
		case "runtime":
			f.Runtime = src.stringField(k.Value, v, &problems)
		case "requires":
			f.Requires = src.stringList(k.Value, v, &problems)
		case "platforms":
			f.Platforms = src.stringList(k.Value, v, &problems)
		case "inputs":
			f.Inputs = src.schema(key, v, &problems)
		case "outputs":
			f.Outputs = src.schema(key, v, &problems)
		}
	}
	return problems
}

// problem makes a problem about node n, at its place.
func (s *yamlSource) problem(kind ProblemKind, n *yaml.Node, key, msg string) Problem {
	span := s.span(n)
	return Problem{Kind: kind, Pos: span.Start.Pos, Span: span, Key: key, Msg: msg}
}

// stringField reads a field whose value must be a string.
func (s *yamlSource) stringField(name string, n *yaml.Node, problems *[]Problem) String {
	v := deref(n)
	switch {
	case isString(v):
		return String{Value: v.Value, Span: s.span(v)}
	case !isEmptyValue(v):
		*problems = append(*problems, s.problem(ProblemType, v, name, fmt.Sprintf("%s must be a string, not a %s", name, kindName(v))))
	}
	return String{}
}

// stringList reads requires or platforms: a list of strings or a
// comma-separated string. A value of another kind is a ProblemType.
func (s *yamlSource) stringList(name string, n *yaml.Node, problems *[]Problem) []String {
	v := deref(n)
	if isEmptyValue(v) {
		return nil
	}
	var out []String
	switch v.Kind {
	case yaml.SequenceNode:
		for _, item := range v.Content {
			it := deref(item)
			if !isString(it) {
				*problems = append(*problems, s.problem(ProblemType, it, name, fmt.Sprintf("every entry of %s must be a string, not a %s", name, kindName(it))))
				continue
			}
			if trimmed := strings.TrimSpace(it.Value); trimmed != "" {
				out = append(out, String{Value: trimmed, Span: s.span(it)})
			}
		}
	case yaml.ScalarNode:
		if !isString(v) {
			*problems = append(*problems, s.problem(ProblemType, v, name, fmt.Sprintf("%s must be a string or a list of strings, not a %s", name, kindName(v))))
			return nil
		}
		out = s.commaList(v)
	default:
		*problems = append(*problems, s.problem(ProblemType, v, name, fmt.Sprintf("%s must be a string or a list of strings, not a %s", name, kindName(v))))
	}
	return out
}

// commaList splits a string scalar at its commas. Each entry has the span of
// its own text where the source spells the value as it is (a plain scalar,
// or a quoted one without escapes), else the span of the whole scalar.
func (s *yamlSource) commaList(n *yaml.Node) []String {
	whole := s.span(n)
	quoted := n.Style == yaml.DoubleQuotedStyle || n.Style == yaml.SingleQuotedStyle
	exact := !strings.Contains(n.Value, "\n") && (n.Style == 0 || quoted && !strings.ContainsAny(n.Value, `'"\`))
	valueStart := s.skipProperties(whole.Start.Offset)
	if quoted {
		valueStart++
	}
	var out []String
	cur := valueCursor{src: s, value: n.Value, off: valueStart}
	off := 0
	for part := range strings.SplitSeq(n.Value, ",") {
		trimmed := strings.TrimSpace(part)
		if trimmed != "" {
			lead := len(part) - len(strings.TrimLeft(part, " \t"))
			span := whole
			if exact {
				start, ok1 := cur.advance(off + lead)
				end, ok2 := cur.advance(off + strings.Index(part, trimmed) + len(trimmed))
				if ok1 && ok2 {
					span = Span{Start: s.point(start), End: s.point(end)}
				} else {
					exact = false // the source no longer follows the value
				}
			}
			out = append(out, String{Value: trimmed, Span: span})
		}
		off += len(part) + 1
	}
	return out
}

// schema reads inputs or outputs: converted to JSON when it is a mapping or
// a boolean, with its bare keys in any case.
func (s *yamlSource) schema(key Key, n *yaml.Node, problems *[]Problem) *SchemaField {
	sc := &SchemaField{Key: key, BareKeys: s.bareKeys(n), node: n, src: s}
	v := deref(n)
	switch {
	case isEmptyValue(v):
	case v.Kind == yaml.MappingNode || (v.Kind == yaml.ScalarNode && v.ShortTag() == "!!bool"):
		doc, conv := s.toJSON(n, key.Name)
		sc.Problems = conv
		if len(conv) == 0 {
			sc.Doc = doc
		}
	default:
		*problems = append(*problems, s.problem(ProblemType, v, key.Name,
			fmt.Sprintf("%s must be a JSON Schema written as a YAML mapping (type: object, properties: ...), not a %s", key.Name, kindName(v))))
	}
	return sc
}

// maxBareKeyDepth bounds the nesting bareKeys looks into.
const maxBareKeyDepth = 200

// bareKeys finds the keys without a value in the mappings of n.
func (s *yamlSource) bareKeys(n *yaml.Node) []BareKey {
	w := bareKeyWalk{src: s}
	w.walk(n, 0)
	return w.out
}

type bareKeyWalk struct {
	src      *yamlSource
	path     []PathStep
	mappings int
	out      []BareKey
}

func (w *bareKeyWalk) walk(n *yaml.Node, depth int) {
	if n == nil || depth > maxBareKeyDepth || n.Kind == yaml.AliasNode {
		return
	}
	switch n.Kind {
	case yaml.SequenceNode:
		for i, item := range n.Content {
			w.path = append(w.path, PathStep{Item: i, IsItem: true})
			w.walk(item, depth+1)
			w.path = w.path[:len(w.path)-1]
		}
	case yaml.MappingNode:
		id := w.mappings
		w.mappings++
		for i := 0; i+1 < len(n.Content); i += 2 {
			k, v := n.Content[i], n.Content[i+1]
			if k.Kind == yaml.ScalarNode && isBareValue(v) {
				bk := BareKey{Key: String{Value: k.Value, Span: w.src.span(k)}, Path: slices.Clone(w.path), Mapping: id, Entry: i / 2}
				if i >= 2 {
					if pk, pv := n.Content[i-2], n.Content[i-1]; pk.Kind == yaml.ScalarNode && pv.Kind == yaml.ScalarNode && pv.ShortTag() == "!!str" && pv.Style == 0 {
						bk.After = &TextEntry{Key: pk.Value, Value: pv.Value, ValueSpan: w.src.span(pv)}
					}
				}
				w.out = append(w.out, bk)
				continue
			}
			w.path = append(w.path, PathStep{Key: k.Value})
			w.walk(v, depth+1)
			w.path = w.path[:len(w.path)-1]
		}
	}
}

// deref follows YAML aliases to the node they name.
func deref(n *yaml.Node) *yaml.Node {
	for i := 0; n != nil && n.Kind == yaml.AliasNode && n.Alias != nil && i < 100; i++ {
		n = n.Alias
	}
	return n
}

func isString(n *yaml.Node) bool {
	return n != nil && n.Kind == yaml.ScalarNode && n.ShortTag() == "!!str"
}

// isEmptyValue: null, a blank string. An empty list is a value (requires: []).
func isEmptyValue(n *yaml.Node) bool {
	if n == nil {
		return true
	}
	if n.Kind == yaml.ScalarNode {
		return n.ShortTag() == "!!null" || (n.ShortTag() == "!!str" && strings.TrimSpace(n.Value) == "")
	}
	return false
}
