package lint

import (
	"strings"

	"github.com/speccify/speccify-lint/contract"
)

// The edits that add an entry to a YAML mapping or list of a schema field in
// the collection's own style, for the autofixes of error-field and ok-field.

// textEdit is the edit of the normalised text of lines that replaces the
// bytes from start up to end with text.
func textEdit(lines *contract.Lines, start, end int, text string) Edit {
	return Edit{Start: lines.Point(start), End: lines.Point(end), New: text}
}

// addMapEntry is the edit that adds the entry "key: value" after the last
// entry of the mapping c: in a flow mapping before its closing brace, with
// the separator its entries use; in a block mapping on a new line after the
// line its last entry ends on (a comment there stays on that line), at the
// indentation of its keys. ok is false when the mapping's text does not say
// how (its first key does not start its line) or c is a list.
func addMapEntry(lines *contract.Lines, c *contract.Collection, key, value string) (Edit, bool) {
	if c.List {
		return Edit{}, false
	}
	entry := key + ": " + value
	n := len(c.Entries)
	if c.Flow {
		if n == 0 {
			end, ok := closingBracket(lines, c, "}")
			return textEdit(lines, end, end, entry), ok
		}
		sep := ", "
		if n >= 2 {
			between := lines.Text(contract.Span{Start: c.Entries[n-2].Span.End, End: c.Entries[n-1].Span.Start})
			if strings.TrimLeft(between, " \n") != "" && strings.Trim(between, " \n") == "," {
				sep = between
			}
		}
		last := c.Entries[n-1].Span.End
		closing, ok := closingBracket(lines, c, "}")
		if !ok || !blankOrComma(lines.Text(contract.Span{Start: last, End: lines.Point(closing)})) {
			return Edit{}, false // "a: }": the entry goes on after its end
		}
		return textEdit(lines, last.Offset, last.Offset, sep+entry), true
	}
	if n == 0 {
		return Edit{}, false
	}
	indent, ok := indentOf(lines, c.Entries[0].Span.Start, false)
	if !ok {
		return Edit{}, false
	}
	end := lineEnd(lines, c.Span.End)
	return textEdit(lines, end, end, "\n"+indent+entry), true
}

// addListItem is the edit that adds the item value before the first item of
// the list c: "value, " in a flow list ("value" in an empty one), a line
// "- value" at the indentation of its items in a block list. ok is false
// when the list's text does not say how (its first item's line does not
// start with its "- ") or c is a mapping.
func addListItem(lines *contract.Lines, c *contract.Collection, value string) (Edit, bool) {
	switch {
	case !c.List:
		return Edit{}, false
	case c.Flow && len(c.Entries) == 0:
		end, ok := closingBracket(lines, c, "]")
		return textEdit(lines, end, end, value), ok
	case c.Flow:
		start := c.Entries[0].Span.Start.Offset
		return textEdit(lines, start, start, value+", "), true
	case len(c.Entries) == 0:
		return Edit{}, false
	}
	first := c.Entries[0].Span.Start
	prefix, ok := indentOf(lines, first, true)
	if !ok {
		return Edit{}, false
	}
	start := lines.LineStart(first.Line)
	return textEdit(lines, start, start, prefix+value+"\n"), true
}

// indentOf is the text before p on its line when it is blanks only (item:
// blanks, a "-" and blanks, the prefix of a block list's item); for a key,
// a "- " prefix of a list item's first key counts as its indentation.
func indentOf(lines *contract.Lines, p contract.Point, item bool) (string, bool) {
	start := lines.LineStart(p.Line)
	prefix := lines.Text(contract.Span{Start: lines.Point(start), End: p})
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
func lineEnd(lines *contract.Lines, p contract.Point) int {
	return lines.LineStart(p.Line) + len(lines.Line(p.Line))
}

// hasEntry reports whether the mapping c has the key.
func hasEntry(c *contract.Collection, key string) bool {
	for _, e := range c.Entries {
		if e.Key == key {
			return true
		}
	}
	return false
}

// closingBracket is the offset of the closing bracket of the flow
// collection c; ok is false when its text does not end with it.
func closingBracket(lines *contract.Lines, c *contract.Collection, bracket string) (int, bool) {
	end := c.Span.End.Offset - 1
	return end, end >= c.Span.Start.Offset && lines.Text(contract.Span{Start: lines.Point(end), End: c.Span.End}) == bracket
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
