package contract

import (
	"cmp"
	"slices"
	"strings"
)

// Edit replaces the text of a file from Start up to End (a Span of the
// normalised text, see ReadText: BOM dropped, LF line endings) with
// New, written with LF line endings; applying it keeps the file's own BOM
// and line endings. Start == End inserts. A fix (result.Fix) is made of
// edits, most of them made by the YAML edits below from the typed model's
// spans.
type Edit struct {
	Start Point  `json:"start"`
	End   Point  `json:"end"`
	New   string `json:"new"`
	// StartByteColumn and EndByteColumn are the columns of Start and End
	// counted in bytes (UTF-8) of their lines, as a finding's ByteColumn: 0
	// when they are the points' columns, and when the engine did not read
	// the file. The engine sets them from the text it read (Lines.ByteColumn).
	StartByteColumn int `json:"start_byte_column,omitempty"`
	EndByteColumn   int `json:"end_byte_column,omitempty"`
}

// StartByteCol is the byte column of Start: StartByteColumn, or Start's
// column when that is 0.
func (e Edit) StartByteCol() int { return cmp.Or(e.StartByteColumn, e.Start.Column) }

// EndByteCol is the byte column of End: EndByteColumn, or End's column when
// that is 0.
func (e Edit) EndByteCol() int { return cmp.Or(e.EndByteColumn, e.End.Column) }

// The edits of YAML the autofixes make, each in the text's own style: add an
// entry to a mapping (at the indentation of its keys, or with the separator
// of its flow entries) or a list, rename a key, replace a value or a name
// (quoted as it was). Each works from the layout of the typed model
// (Collection) and declines (ok false) when the text does not say
// how.

// TextEdit is the edit of the normalised text of lines that replaces the
// bytes from start up to end with text.
func TextEdit(lines *Lines, start, end int, text string) Edit {
	return Edit{Start: lines.Point(start), End: lines.Point(end), New: text}
}

// AddMapEntry is the edit that adds the entry "key: value" after the last
// entry of the mapping c: in a flow mapping before its closing brace, with
// the separator its entries use; in a block mapping on a new line after the
// line its last entry ends on (a comment there stays on that line), at the
// indentation of its keys. ok is false when the mapping's text does not say
// how (its first key does not start its line) or c is a list.
func AddMapEntry(lines *Lines, c *Collection, key, value string) (Edit, bool) {
	if c.List {
		return Edit{}, false
	}
	entry := key + ": " + value
	n := len(c.Entries)
	if c.Flow {
		if n == 0 {
			end, ok := closingBracket(lines, c, "}")
			return TextEdit(lines, end, end, entry), ok
		}
		sep := ", "
		if n >= 2 {
			between := lines.Text(Span{Start: c.Entries[n-2].Span.End, End: c.Entries[n-1].Span.Start})
			if strings.TrimLeft(between, " \n") != "" && strings.Trim(between, " \n") == "," {
				sep = between
			}
		}
		last := c.Entries[n-1].Span.End
		closing, ok := closingBracket(lines, c, "}")
		if !ok || !blankOrComma(lines.Text(Span{Start: last, End: lines.Point(closing)})) {
			return Edit{}, false // "a: }": the entry goes on after its end
		}
		return TextEdit(lines, last.Offset, last.Offset, sep+entry), true
	}
	if n == 0 || c.Entries[n-1].Dangling {
		return Edit{}, false // a line after a lone anchor or tag may be read as its value
	}
	indent, ok := indentOf(lines, c.Entries[0].Span.Start, false)
	if !ok {
		return Edit{}, false
	}
	end := lineEnd(lines, c.Span.End)
	return TextEdit(lines, end, end, "\n"+indent+alignedEntry(lines, c, key, value)), true
}

// InsertMapEntry is the edit that adds the entry "key: value" before the
// first entry of the mapping c: in a flow mapping "key: value, " before it
// ("key: value" in an empty one), in a block mapping a line of its own
// before the first key's line, at its indentation. ok is false when the
// text does not say how (the first key does not start its line, as after a
// list item's "- ") or c is a list.
func InsertMapEntry(lines *Lines, c *Collection, key, value string) (Edit, bool) {
	entry := key + ": " + value
	switch {
	case c.List:
		return Edit{}, false
	case c.Flow:
		return insertFirstFlow(lines, c, entry, "}")
	case len(c.Entries) == 0:
		return Edit{}, false
	}
	first := c.Entries[0].Span.Start
	start := lines.LineStart(first.Line)
	indent := lines.Text(Span{Start: lines.Point(start), End: first})
	if strings.Trim(indent, " ") != "" {
		return Edit{}, false
	}
	return TextEdit(lines, start, start, indent+alignedEntry(lines, c, key, value)+"\n"), true
}

// alignedEntry is the entry "key: value" of the block mapping c, its value
// at the column where the values of c's entries start when they all start
// at one column after blanks that align them (ok:    {type: boolean}):
// an added line follows the mapping's own alignment.
func alignedEntry(lines *Lines, c *Collection, key, value string) string {
	col, aligned := -1, false
	for _, e := range c.Entries {
		k, v := e.KeySpan, e.ValueSpan
		if !v.Start.IsValid() || v.Start.Line != k.End.Line {
			return key + ": " + value // a value on a later line, or none
		}
		at := v.Start.Offset - lines.LineStart(v.Start.Line)
		if col >= 0 && at != col {
			return key + ": " + value
		}
		col = at
		aligned = aligned || lines.Text(Span{Start: k.End, End: v.Start}) != ": "
	}
	first := c.Entries[0].KeySpan.Start
	pad := col - (first.Offset - lines.LineStart(first.Line)) - len(key) - 1
	if len(c.Entries) < 2 || !aligned || pad < 1 {
		return key + ": " + value
	}
	return key + ":" + strings.Repeat(" ", pad) + value
}

// insertFirstFlow is the edit that adds text as the first entry of the flow
// collection c: "text, " before its first entry, or text alone before the
// closing bracket of an empty one.
func insertFirstFlow(lines *Lines, c *Collection, text, bracket string) (Edit, bool) {
	if len(c.Entries) == 0 {
		end, ok := closingBracket(lines, c, bracket)
		return TextEdit(lines, end, end, text), ok
	}
	start := c.Entries[0].Span.Start.Offset
	return TextEdit(lines, start, start, text+", "), true
}

// Lookup is the entry of the mapping c with the key; nil when c is nil or
// a list, or has no such key.
func (c *Collection) Lookup(key string) *Entry {
	if c == nil || c.List {
		return nil
	}
	for i := range c.Entries {
		if c.Entries[i].Key == key {
			return &c.Entries[i]
		}
	}
	return nil
}

// RenameKey is the edit that renames the key of the mapping entry e to
// name, quoted as the key was (plain, '...' or "..."). ok is false when
// the key's text is not its name written in one of these ways (an anchor,
// a tag, escapes).
func RenameKey(lines *Lines, e *Entry, name string) (Edit, bool) {
	return ReplaceName(lines, e.KeySpan, e.Key, name)
}

// ReplaceName is the edit that writes name over the scalar old whose
// source text is span, quoted as it was: plain (double-quoted when YAML
// would read name as something else than a string: null, true, 12), in
// single or in double quotes. ok is false when the text is not old written
// in one of these ways.
func ReplaceName(lines *Lines, span Span, old, name string) (Edit, bool) {
	if !span.Start.IsValid() {
		return Edit{}, false
	}
	var text string
	switch lines.Text(span) {
	case old:
		text = YAMLText(name)
	case DoubleQuoted(old):
		text = DoubleQuoted(name)
	case "'" + strings.ReplaceAll(old, "'", "''") + "'":
		text = "'" + strings.ReplaceAll(name, "'", "''") + "'"
	default:
		return Edit{}, false
	}
	return TextEdit(lines, span.Start.Offset, span.End.Offset, text), true
}

// ReplaceValue is the edit that writes value (a one-line flow value such as
// "{type: boolean}") over the value of the mapping entry e, after its key's
// colon on the key's line when the old value starts on a later line
// (ok:\n  const: true becomes ok: {type: boolean}) and nothing but blanks
// stands between. ok is false when e has no value or its text is not its
// own (an alias, an anchor or a tag: the text is shared or typed).
func ReplaceValue(lines *Lines, e *Entry, value string) (Edit, bool) {
	if !e.Own || !e.ValueSpan.Start.IsValid() || e.ValueSpan == (Span{}) {
		return Edit{}, false
	}
	if e.ValueSpan.Start.Line > e.KeySpan.End.Line {
		between := lines.Text(Span{Start: e.KeySpan.End, End: e.ValueSpan.Start})
		if strings.TrimRight(between, " \n") == ":" {
			return TextEdit(lines, e.KeySpan.End.Offset, e.ValueSpan.End.Offset, ": "+value), true
		}
	}
	return TextEdit(lines, e.ValueSpan.Start.Offset, e.ValueSpan.End.Offset, value), true
}

// AddListItem is the edit that adds the item value before the first item of
// the list c: "value, " in a flow list ("value" in an empty one), a line
// "- value" at the indentation of its items in a block list. ok is false
// when the list's text does not say how (its first item's line does not
// start with its "- ") or c is a mapping.
func AddListItem(lines *Lines, c *Collection, value string) (Edit, bool) {
	switch {
	case !c.List:
		return Edit{}, false
	case c.Flow:
		return insertFirstFlow(lines, c, value, "]")
	case len(c.Entries) == 0:
		return Edit{}, false
	}
	first := c.Entries[0].Span.Start
	prefix, ok := indentOf(lines, first, true)
	if !ok {
		return Edit{}, false
	}
	start := lines.LineStart(first.Line)
	return TextEdit(lines, start, start, prefix+value+"\n"), true
}

// indentOf is the text before p on its line when it is blanks only (item:
// blanks, a "-" and blanks, the prefix of a block list's item); for a key,
// a "- " prefix of a list item's first key counts as its indentation.
func indentOf(lines *Lines, p Point, item bool) (string, bool) {
	start := lines.LineStart(p.Line)
	prefix := lines.Text(Span{Start: lines.Point(start), End: p})
	blanks := strings.TrimLeft(prefix, " ")
	switch {
	case item:
		rest, ok := strings.CutPrefix(blanks, "-")
		return prefix, ok && rest != "" && strings.Trim(rest, " ") == ""
	case blanks == "":
		return prefix, true
	case strings.HasPrefix(blanks, "-") && strings.Trim(blanks[1:], " ") == "" && len(blanks) > 1:
		return strings.Repeat(" ", len(prefix)), true
	}
	return "", false
}

// lineEnd is the offset of the line break that ends p's line (the end of
// the text for the last line).
func lineEnd(lines *Lines, p Point) int {
	return lines.LineStart(p.Line) + len(lines.Line(p.Line))
}

// Has reports whether the mapping c has the key.
func (c *Collection) Has(key string) bool {
	for _, e := range c.Entries {
		if e.Key == key {
			return true
		}
	}
	return false
}

// closingBracket is the offset of the closing bracket of the flow
// collection c; ok is false when its text does not end with it.
func closingBracket(lines *Lines, c *Collection, bracket string) (int, bool) {
	end := c.Span.End.Offset - 1
	return end, end >= c.Span.Start.Offset && lines.Text(Span{Start: lines.Point(end), End: c.Span.End}) == bracket
}

// blankOrComma reports whether s holds nothing but blanks, line breaks,
// comments and at most one comma.
func blankOrComma(s string) bool {
	var rest strings.Builder
	for line := range strings.Lines(s) {
		if i := strings.Index(line, "#"); i >= 0 {
			line = line[:i]
		}
		rest.WriteString(strings.TrimSpace(line))
	}
	return rest.Len() == 0 || rest.String() == ","
}

// The edits of an outputs (or inputs) schema's properties that the ok-field
// and error-field fixes make, each in the style of the text it edits; ok
// is false when the text does not say how (see SchemaField.Collection).

// AddProperty is the edit that declares the property name with the schema
// (a flow mapping such as "{type: string}") in the field's properties, in
// the style of that mapping, or, when the field has no properties, adds
// properties: {name: schema} to it, in its style.
func AddProperty(lines *Lines, f *SchemaField, name, schema string) (Edit, bool) {
	if props := f.Collection("properties"); props != nil {
		return AddMapEntry(lines, props, name, schema)
	}
	if root := f.Collection(); root != nil && !root.Has("properties") {
		return AddMapEntry(lines, root, "properties", "{"+name+": "+schema+"}")
	}
	return Edit{}, false
}

// RenameProperty is the edits, sorted, that rename the property near of
// the field's properties to name (a typo: eror to error), quoted as it
// was, and near to name in its required list, where the property is named
// too; ok is false when one of them cannot be edited in place or name is
// declared already.
func RenameProperty(lines *Lines, f *SchemaField, near, name string) ([]Edit, bool) {
	props := f.Collection("properties")
	e := props.Lookup(near)
	if e == nil || props.Lookup(name) != nil {
		return nil, false
	}
	edit, ok := RenameKey(lines, e, name)
	if !ok {
		return nil, false
	}
	edits := []Edit{edit}
	if root := f.Collection(); root.Has("required") {
		req := f.Collection("required")
		if req == nil || !req.List {
			return nil, false // written through an alias, or no list
		}
		named := false
		for _, item := range req.Entries {
			named = named || item.Text == name
			if item.Text != near {
				continue
			}
			edit, ok := ReplaceName(lines, item.ValueSpan, near, name)
			if !item.Own || !ok {
				return nil, false
			}
			edits = append(edits, edit)
		}
		if named && len(edits) > 1 {
			return nil, false // required names both: the renamed one would be there twice
		}
	}
	slices.SortFunc(edits, func(a, b Edit) int { return a.Start.Offset - b.Start.Offset })
	return edits, true
}

// ReplaceProperty is the edit that writes schema (a flow mapping) over the
// schema of the property name of the field's properties, when that is
// written in place.
func ReplaceProperty(lines *Lines, f *SchemaField, name, schema string) (Edit, bool) {
	e := f.Collection("properties").Lookup(name)
	if e == nil {
		return Edit{}, false
	}
	return ReplaceValue(lines, e, schema)
}
