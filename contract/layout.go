package contract

import (
	"slices"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"
)

// Collection is how a mapping or a list inside a schema field (or the
// frontmatter itself) is written in TOOL.md: what an edit that adds,
// renames or replaces an entry in the collection's own style needs
// (autofixes).
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
	// ValueSpan is the source text of the value (a list item's is Span);
	// zero for a key written without a value ("key:" or the b of {a, b}).
	ValueSpan Span
	// Text is the value when it is a string scalar (a name such as a type
	// or a platform), "" otherwise.
	Text string
	// Own is true when the entry's text is its own: neither its key nor its
	// value holds an alias, an anchor or a tag (nor a merge key), so that an
	// edit of it changes nothing else and means what it says.
	Own bool
	// Dangling is true when the value is nothing but an anchor or a tag (an
	// empty scalar): YAML may read a line added after it as its content.
	Dangling bool
}

// Collection returns the layout of the mapping or list reached from the
// field's value by path (none: the value itself): mapping keys, and the
// indexes of list items ("0") in lists. It is nil when there is none, or
// when editing it would not be a plain edit of its text: an alias, an
// anchor or a tag on the way (the text is shared or typed), a merge key (<<)
// or a key given twice in a mapping on the way (its entries are not all in
// its text, or not in the order YAML keeps them).
func (f *SchemaField) Collection(path ...string) *Collection {
	if f == nil || f.node == nil {
		return nil
	}
	return collectionAt(f.src, f.node, path)
}

// EntryAt is the entry of the field's value at the JSON pointer (the
// type name of /properties/a/type, the item of /required/0): a mapping's
// entry by its key, a list's item by its index, in the collection
// Collection finds on the way; nil when the pointer is not one below the
// value (it does not start with "/"), or there is no such collection or
// entry.
func (f *SchemaField) EntryAt(pointer string) *Entry {
	if !strings.HasPrefix(pointer, "/") {
		return nil
	}
	path := strings.Split(pointer[1:], "/")
	for i, step := range path {
		path[i] = strings.NewReplacer("~1", "/", "~0", "~").Replace(step)
	}
	c := f.Collection(path[:len(path)-1]...)
	if c == nil {
		return nil
	}
	last := path[len(path)-1]
	if !c.List {
		return c.Lookup(last)
	}
	if i, err := strconv.Atoi(last); err == nil && i >= 0 && i < len(c.Entries) {
		return &c.Entries[i]
	}
	return nil
}

// Collection returns the layout of the frontmatter's top-level mapping,
// as SchemaField.Collection does; nil when the frontmatter is no mapping
// read whole (Invalid, or an entry with a YAML error: Broken).
func (f *Frontmatter) Collection() *Collection {
	if f == nil || f.node == nil || f.Invalid || f.Broken != "" {
		return nil
	}
	return collectionAt(f.src, f.node, nil)
}

// collectionAt is the layout of the collection reached from n by path.
func collectionAt(src *yamlSource, n *yaml.Node, path []string) *Collection {
	for _, key := range path {
		var next *yaml.Node
		switch {
		case plainCollection(n, yaml.SequenceNode):
			if i, err := strconv.Atoi(key); err == nil && i >= 0 && i < len(n.Content) && strconv.Itoa(i) == key {
				next = n.Content[i]
			}
		case plainCollection(n, yaml.MappingNode):
			for i := 0; i+1 < len(n.Content); i += 2 {
				if k := n.Content[i]; k.Kind == yaml.ScalarNode && k.Value == key {
					next = n.Content[i+1]
				}
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
	c := &Collection{Span: src.span(n)}
	c.Flow = n.Style&yaml.FlowStyle != 0
	if n.Kind == yaml.SequenceNode {
		c.List = true
		for _, item := range n.Content {
			sp := src.span(item)
			c.Entries = append(c.Entries, Entry{Span: sp, ValueSpan: sp, Text: stringText(item), Own: ownText(item, 0), Dangling: dangling(item, sp)})
		}
		return c
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		key := src.span(k)
		e := Entry{Key: k.Value, KeySpan: key, Span: Span{Start: key.Start, End: key.End}, Own: ownText(k, 0) && ownText(v, 0)}
		if !src.bare(v) {
			e.ValueSpan = src.span(v)
			e.Span.End = e.ValueSpan.End
			e.Text = stringText(v)
			e.Dangling = dangling(v, e.ValueSpan)
		}
		c.Entries = append(c.Entries, e)
	}
	return c
}

// stringText is the value of a string scalar, "" for any other node.
func stringText(n *yaml.Node) string {
	if n.Kind == yaml.ScalarNode && n.ShortTag() == "!!str" {
		return n.Value
	}
	return ""
}

// dangling reports an empty plain scalar whose text sp is an anchor or a
// tag alone (YAML keeps no trace of a non-specific tag "!" but its text).
func dangling(n *yaml.Node, sp Span) bool {
	return n.Kind == yaml.ScalarNode && n.Value == "" && sp.End.Offset > sp.Start.Offset &&
		n.Style&(yaml.DoubleQuotedStyle|yaml.SingleQuotedStyle|yaml.LiteralStyle|yaml.FoldedStyle) == 0
}

// ownText reports whether the text of n is its own: no alias, anchor, tag
// or merge key in it (see Entry.Own).
func ownText(n *yaml.Node, depth int) bool {
	if n == nil || depth > maxYAMLDepth || n.Kind == yaml.AliasNode || n.Anchor != "" || n.Style&yaml.TaggedStyle != 0 {
		return false
	}
	for i, child := range n.Content {
		if n.Kind == yaml.MappingNode && i%2 == 0 && child.Kind == yaml.ScalarNode && child.Value == "<<" && child.Style == 0 {
			return false
		}
		if !ownText(child, depth+1) {
			return false
		}
	}
	return true
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
