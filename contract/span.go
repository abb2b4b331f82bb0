package contract

import (
	"unicode/utf8"

	"go.yaml.in/yaml/v3"
)

// Point is a place in a TOOL.md together with its byte offset in the
// normalised text (see ReadText), the unit autofixes and source snippets
// cut at. Its Pos is what findings report.
type Point struct {
	Pos
	// Offset is the byte offset of the place in the text.
	Offset int `json:"offset"`
}

// Point is the place of the byte offset off of the text.
func (l *Lines) Point(off int) Point {
	off = min(max(off, 0), len(l.text))
	return Point{Pos: l.Offset(off), Offset: off}
}

// Text is the text of the span sp.
func (l *Lines) Text(sp Span) string {
	start, end := min(max(sp.Start.Offset, 0), len(l.text)), min(max(sp.End.Offset, 0), len(l.text))
	return string(l.text[start:max(start, end)])
}

// Bytes is the text of the span sp as the bytes of the text itself, not a
// copy: for reading only.
func (l *Lines) Bytes(sp Span) []byte {
	start, end := min(max(sp.Start.Offset, 0), len(l.text)), min(max(sp.End.Offset, 0), len(l.text))
	return l.text[start:max(start, end):max(start, end)]
}

// Span is a piece of a TOOL.md's text: from Start up to, not including, End.
// The zero Span means "no known place".
type Span struct {
	Start, End Point
}

// String is a frontmatter value given as text, with the span of its source
// text (quotes, and an anchor or tag written before it, included).
type String struct {
	Value string
	Span  Span
}

// yamlSource places the nodes of a frontmatter's YAML in the TOOL.md text:
// the YAML parser gives only the line and rune column of a node's start; its
// end is read from the source text.
type yamlSource struct {
	lines *Lines
	// lineBase: line 1 of the YAML is line lineBase+1 of the text.
	lineBase int
	// end is the byte offset where the YAML text ends (the closing fence);
	// no span reaches past it.
	end int
	// spans holds the long spans computed so far: aliases may reach a node
	// many times, and its end is read from the text only once.
	spans map[*yaml.Node]Span
}

// pos is the place of a node's start in the TOOL.md.
func (s *yamlSource) pos(n *yaml.Node) Pos {
	if n == nil || n.Line == 0 {
		return Pos{Line: s.lineBase, Column: 1}
	}
	return s.lines.RuneColumn(s.lineBase+n.Line, n.Column)
}

// start is the place of a node's start with its byte offset.
func (s *yamlSource) start(n *yaml.Node) Point {
	p := s.pos(n)
	if n == nil || n.Line == 0 {
		return Point{Pos: p, Offset: s.lines.LineStart(s.lineBase)}
	}
	return Point{Pos: p, Offset: s.lines.runeOffset(s.lineBase+n.Line, n.Column)}
}

// point is the place of a byte offset.
func (s *yamlSource) point(off int) Point { return s.lines.Point(off) }

// memoSpan is the length from which a span is worth keeping.
const memoSpan = 256

// span is the source text of a node: a scalar with its quotes or block, a
// flow collection up to its closing bracket, a block collection up to the end
// of its last entry, an alias up to the end of its name.
func (s *yamlSource) span(n *yaml.Node) Span {
	if sp, ok := s.spans[n]; ok {
		return sp
	}
	start := s.start(n)
	sp := Span{Start: start, End: s.point(max(start.Offset, s.endOf(n, start.Offset)))}
	if sp.End.Offset-sp.Start.Offset > memoSpan {
		if s.spans == nil {
			s.spans = make(map[*yaml.Node]Span)
		}
		s.spans[n] = sp
	}
	return sp
}

// endOf is the byte offset where node n, which starts at off, ends.
func (s *yamlSource) endOf(n *yaml.Node, off int) int {
	for depth := 0; n != nil && depth <= maxYAMLDepth; depth++ {
		switch n.Kind {
		case yaml.ScalarNode:
			if n.Value == "" && n.Style&(yaml.DoubleQuotedStyle|yaml.SingleQuotedStyle|yaml.LiteralStyle|yaml.FoldedStyle) == 0 {
				// An empty plain scalar: its anchor or tag, if any, is all
				// its text, not the comments and lines after it.
				return s.propertiesEnd(off)
			}
			return s.scalarEnd(n, s.skipProperties(off))
		case yaml.AliasNode:
			return s.tokenEnd(off + 1)
		case yaml.MappingNode, yaml.SequenceNode:
			body := s.skipProperties(off)
			if t := s.lines.text; body < s.end && (t[body] == '[' || t[body] == '{') {
				return s.flowEnd(body)
			}
			if len(n.Content) == 0 {
				return body
			}
			last := n.Content[len(n.Content)-1]
			if n.Kind == yaml.MappingNode && len(n.Content) >= 2 && s.bare(last) {
				last = n.Content[len(n.Content)-2] // "key:" with nothing after: the key ends it
			}
			n, off = last, s.start(last).Offset
		default:
			return off
		}
	}
	return off
}

// isBareValue reports a value written as nothing at all (not even null or
// ~), as in "key:" or the b of {a: 1, b}.
func isBareValue(v *yaml.Node) bool {
	return v.Kind == yaml.ScalarNode && v.Value == "" && v.ShortTag() == "!!null"
}

// bare reports a value written as nothing at all (isBareValue), not even
// an anchor or a tag.
func (s *yamlSource) bare(v *yaml.Node) bool {
	if !isBareValue(v) {
		return false
	}
	off := s.start(v).Offset
	return s.propertiesEnd(off) == off
}

// skipProperties skips the anchor (&name) and tag (!tag) written before a
// node's content, and the blanks, line breaks and comments after them.
func (s *yamlSource) skipProperties(off int) int {
	if end := s.propertiesEnd(off); end > off {
		return s.skipBlanks(end, true)
	}
	return off
}

// propertiesEnd is the end of the anchor (&name) and tag (!tag) written at
// off, without what follows them; off when there is none.
func (s *yamlSource) propertiesEnd(off int) int {
	t := s.lines.text
	end := off
	for off < s.end && (t[off] == '&' || t[off] == '!') {
		if t[off] == '!' && off+1 < s.end && t[off+1] == '<' { // verbatim tag !<...>
			for off < s.end && t[off] != '>' && t[off] != '\n' {
				off++
			}
		}
		off = s.tokenEnd(off + 1)
		end = off
		off = s.skipBlanks(off, true)
	}
	return end
}

// skipBlanks skips spaces and tabs, and with lineBreaks also line breaks and
// comments.
func (s *yamlSource) skipBlanks(off int, lineBreaks bool) int {
	t := s.lines.text
	for off < s.end {
		switch {
		case t[off] == ' ' || t[off] == '\t':
			off++
		case lineBreaks && t[off] == '\n':
			off++
		case lineBreaks && t[off] == '#':
			for off < s.end && t[off] != '\n' {
				off++
			}
		default:
			return off
		}
	}
	return off
}

// tokenEnd is the end of an anchor, alias or tag name starting at off: the
// next blank, line break or flow indicator.
func (s *yamlSource) tokenEnd(off int) int {
	t := s.lines.text
	for off < s.end {
		switch t[off] {
		case ' ', '\t', '\n', ',', '[', ']', '{', '}':
			return off
		}
		off++
	}
	return off
}

// scalarEnd is the end of the scalar n whose content starts at off.
func (s *yamlSource) scalarEnd(n *yaml.Node, off int) int {
	t := s.lines.text
	if off >= s.end {
		return s.end
	}
	switch {
	case n.Style&yaml.DoubleQuotedStyle != 0 && t[off] == '"':
		for i := off + 1; i < s.end; i++ {
			switch t[i] {
			case '\\':
				i++
			case '"':
				return i + 1
			}
		}
		return s.end
	case n.Style&yaml.SingleQuotedStyle != 0 && t[off] == '\'':
		for i := off + 1; i < s.end; i++ {
			if t[i] == '\'' {
				if i+1 < s.end && t[i+1] == '\'' {
					i++
					continue
				}
				return i + 1
			}
		}
		return s.end
	case n.Style&(yaml.LiteralStyle|yaml.FoldedStyle) != 0 && (t[off] == '|' || t[off] == '>'):
		return s.blockEnd(n, off)
	}
	end, _ := s.plainOffset(off, n.Value, len(n.Value))
	return end
}

// blockEnd is the end of a literal (|) or folded (>) block scalar whose
// indicator is at off: the end of its last non-blank line, or of its header
// when it holds no text.
func (s *yamlSource) blockEnd(n *yaml.Node, off int) int {
	t := s.lines.text
	header := off + 1
	for header < s.end && (t[header] == '+' || t[header] == '-' || (t[header] >= '0' && t[header] <= '9')) {
		header++
	}
	if n.Value == "" || n.Value == "\n" {
		return header
	}
	end, indent := header, -1
	for line := s.nextLine(off); line < s.end; line = s.nextLine(line) {
		lead := line
		for lead < s.end && t[lead] == ' ' {
			lead++
		}
		if lead >= s.end || t[lead] == '\n' {
			continue // a blank line belongs to the block only if text follows
		}
		if indent < 0 {
			indent = lead - line
		} else if lead-line < indent {
			break
		}
		end = s.lineEnd(lead)
	}
	return end
}

// nextLine is the offset of the line after the one holding off (s.end for
// the last).
func (s *yamlSource) nextLine(off int) int {
	return min(s.lineEnd(off)+1, s.end)
}

// lineEnd is the offset of the line break ending the line holding off.
func (s *yamlSource) lineEnd(off int) int {
	t := s.lines.text
	for off < s.end && t[off] != '\n' {
		off++
	}
	return off
}

// plainOffset follows the source of a plain or quoted scalar from off,
// where its text value starts, to byte i of value, and returns that offset
// (see valueCursor).
func (s *yamlSource) plainOffset(off int, value string, i int) (end int, exact bool) {
	c := valueCursor{src: s, value: value, off: off}
	return c.advance(i)
}

// valueCursor walks a scalar's value and its source text together. YAML
// folds the line breaks and the indentation inside a scalar into single
// spaces (or a line break for a blank line), so a run of blanks in the value
// matches a run of blanks and line breaks in the source; NEL, LINE SEPARATOR
// and PARAGRAPH SEPARATOR, which the parser reads as spaces, are blanks too.
type valueCursor struct {
	src   *yamlSource
	value string
	v     int // the byte of value reached
	off   int // the byte of the source text reached
}

// advance moves the cursor to byte i of the value (or past it, to the end of
// a run of blanks) and returns the source offset reached. exact is false
// when the source stopped matching the value (an escape sequence, a doubled
// single quote), in which case the offset is where it stopped; the cursor then
// stays there.
func (c *valueCursor) advance(i int) (end int, exact bool) {
	t, limit := c.src.lines.text, c.src.end
	for c.v < i {
		if isBlankByte(c.value[c.v]) {
			for c.v < len(c.value) && isBlankByte(c.value[c.v]) {
				c.v++
			}
			j := c.off
			for j < limit {
				if t[j] == ' ' || t[j] == '\t' || t[j] == '\n' {
					j++
				} else if w := yamlSpaceWidth(t[j:limit]); w > 0 {
					j += w
				} else {
					break
				}
			}
			if j == c.off {
				return c.off, false
			}
			c.off = j
			continue
		}
		if b := c.value[c.v]; b < utf8.RuneSelf && c.off < limit && t[c.off] == b { // the same ASCII byte
			c.v++
			c.off++
			continue
		}
		r, size := utf8.DecodeRuneInString(c.value[c.v:])
		sr, ssize := utf8.DecodeRune(t[c.off:limit])
		if r != sr || ssize == 0 {
			return c.off, false
		}
		c.v += size
		c.off += ssize
	}
	return c.off, true
}

func isBlankByte(b byte) bool { return b == ' ' || b == '\t' || b == '\n' }

// yamlSpaceWidth is the byte length of a NEL, LINE SEPARATOR or PARAGRAPH
// SEPARATOR at the start of b (see yamlLineBreaksAsSpaces), or 0.
func yamlSpaceWidth(b []byte) int {
	r, size := utf8.DecodeRune(b)
	if r == '\u0085' || r == '\u2028' || r == '\u2029' {
		return size
	}
	return 0
}

// flowEnd is the end of the flow collection whose opening bracket is at off:
// just after its matching closing bracket, skipping quoted scalars and
// comments.
func (s *yamlSource) flowEnd(off int) int {
	t := s.lines.text
	depth := 0
	for i := off; i < s.end; i++ {
		switch t[i] {
		case '[', '{':
			depth++
		case ']', '}':
			depth--
			if depth == 0 {
				return i + 1
			}
		case '"':
			if i > off && !isFlowBoundary(t[i-1]) {
				continue // a quote inside a plain scalar
			}
			for i++; i < s.end && t[i] != '"'; i++ {
				if t[i] == '\\' {
					i++
				}
			}
		case '\'':
			if i > off && !isFlowBoundary(t[i-1]) {
				continue // an apostrophe inside a plain scalar
			}
			for i++; i < s.end; i++ {
				if t[i] == '\'' {
					if i+1 < s.end && t[i+1] == '\'' {
						i++
						continue
					}
					break
				}
			}
		case '#':
			if i > off && (t[i-1] == ' ' || t[i-1] == '\t' || t[i-1] == '\n') {
				i = s.lineEnd(i)
			}
		}
	}
	return s.end
}

// isFlowBoundary reports a byte after which a quoted scalar may start in a
// flow collection.
func isFlowBoundary(b byte) bool {
	switch b {
	case ' ', '\t', '\n', ',', '[', '{', ':':
		return true
	}
	return false
}
