package contract

import (
	"slices"

	"go.yaml.in/yaml/v3"
)

// Collection is how a mapping or a list inside a schema field is written in
// TOOL.md: what an edit that adds an entry in the collection's own style
// needs (autofixes).
type Collection struct {
	// Flow is true for a collection written {...} or [...]; Span then runs
	// from the opening bracket to just past the closing one. A block
	// collection's Span runs from its first entry to the end of its last.
	Flow bool
	// List is true for a list, false for a mapping.
	List bool
	Span Span
	// Entries are the mapping's entries or the list's items, in document
	// order.
	Entries []Entry
}

// Entry is one entry of a Collection.
type Entry struct {
	// Key is a mapping entry's key ("" for a list item), KeySpan its source
	// text (zero for a list item).
	Key     string
	KeySpan Span
	// Span runs from the entry's start (its key, or the item) to the end of
	// its value; a key written without a value ends with the key.
	Span Span
}

// Collection returns the layout of the mapping or list reached from the
// field's value by the mapping keys path (none: the value itself), or nil
// when there is none, or when editing it would not be a plain edit of its
// text: an alias, an anchor or a tag on the way (the text is shared or
// typed), a merge key (<<) or a key given twice in a mapping on the way (its
// entries are not all in its text, or not in the order YAML keeps them).
func (f *SchemaField) Collection(path ...string) *Collection {
	if f == nil || f.node == nil {
		return nil
	}
	n := f.node
	for _, key := range path {
		if !plainCollection(n, yaml.MappingNode) {
			return nil
		}
		var next *yaml.Node
		for i := 0; i+1 < len(n.Content); i += 2 {
			if k := n.Content[i]; k.Kind == yaml.ScalarNode && k.Value == key {
				next = n.Content[i+1]
			}
		}
		if next == nil {
			return nil
		}
		n = next
	}
	if !plainCollection(n, yaml.MappingNode) && !plainCollection(n, yaml.SequenceNode) {
		return nil
	}
	c := &Collection{Span: f.src.span(n)}
	c.Flow = n.Style&yaml.FlowStyle != 0
	if n.Kind == yaml.SequenceNode {
		c.List = true
		for _, item := range n.Content {
			c.Entries = append(c.Entries, Entry{Span: f.src.span(item)})
		}
		return c
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		key := f.src.span(k)
		end := key.End
		if !isBareValue(v) {
			end = f.src.span(v).End
		}
		c.Entries = append(c.Entries, Entry{Key: k.Value, KeySpan: key, Span: Span{Start: key.Start, End: end}})
	}
	return c
}

// plainCollection reports whether n is a collection of the given kind with
// neither anchor nor tag, and, for a mapping, with string keys given once
// each and no merge key.
func plainCollection(n *yaml.Node, kind yaml.Kind) bool {
	if n == nil || n.Kind != kind || n.Anchor != "" || (n.Tag != "" && n.Tag != "!!map" && n.Tag != "!!seq") || n.Style&yaml.TaggedStyle != 0 {
		return false
	}
	if kind != yaml.MappingNode {
		return true
	}
	keys := make([]string, 0, len(n.Content)/2)
	for i := 0; i+1 < len(n.Content); i += 2 {
		k := n.Content[i]
		if k.Kind != yaml.ScalarNode || k.ShortTag() != "!!str" || slices.Contains(keys, k.Value) {
			return false
		}
		keys = append(keys, k.Value)
	}
	return true
}
