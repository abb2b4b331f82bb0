package contract

import (
	"bytes"
	"errors"
	"fmt"
	"slices"
	"strings"
	"unicode"

	"github.com/speccify/speccify-lint/internal/jsonexact"
	"github.com/speccify/speccify-lint/internal/suggest"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
)

// Examples is the "## Examples" section of a TOOL.md.
type Examples struct {
	// Pos is the place of the "## Examples" heading.
	Pos Pos
	// Cases are the "###" cases in document order.
	Cases []Case
	// End is the offset in the text where the section ends: the start of
	// the next heading of level 1 or 2, or the end of the text.
	End int
	// Problems are about the section itself: a second "## Examples"
	// heading, whose cases are not read.
	Problems []Problem
}

// Case is one worked example: a "### title" with an input: and an output: line.
type Case struct {
	Title string
	// Pos is the place of the "###" heading.
	Pos Pos
	// TitleSpan is the source text of the title: from the first to the last
	// character of the heading's text (its lines, when it has several); an
	// empty heading has an empty span at its start.
	TitleSpan Span
	// Input and Output are nil when the line is missing.
	Input, Output *ExampleLine
	// Problems are missing or repeated lines and JSON that does not parse.
	Problems []Problem
	// indented are the case lines ("input", "output") found in an indented
	// code block, which are reported as such (indentedProblem) rather than
	// as missing, when they are.
	indented        []string
	indentedProblem *Problem
}

// ExampleLine is an input: or output: line.
type ExampleLine struct {
	// Pos is the place of the "input:" or "output:" word.
	Pos Pos
	// Raw is the JSON text after the colon, trimmed.
	Raw string
	// Span is the source text of Raw.
	Span Span
	// Value is the parsed JSON; nil when it did not parse (see Err).
	Value any
	// Err is the parse error of Raw, nil when it parsed.
	Err error
}

// ExpectsFailure reports whether the case's expected output has ok: false.
func (c *Case) ExpectsFailure() bool {
	if c.Output == nil {
		return false
	}
	obj, _ := c.Output.Value.(map[string]any)
	ok, isBool := obj["ok"].(bool)
	return isBool && !ok
}

var markdown = goldmark.New()

// examplesParser parses block structure only. The examples are read from the
// raw lines of headings and paragraphs, so inline markup (emphasis, links,
// code spans), which does not change the blocks, is not parsed.
var examplesParser = parser.NewParser(
	parser.WithBlockParsers(parser.DefaultBlockParsers()...),
	parser.WithParagraphTransformers(parser.DefaultParagraphTransformers()...),
)

// parseExamples finds the "## Examples" section of a Markdown body and its
// cases. Only top-level headings and paragraphs are structure: a heading or
// an input: line inside a code block, a list or a quote is text. base is the
// byte offset of body within the text that lines indexes.
func parseExamples(body []byte, base int, lines *Lines) *Examples {
	return parseExamplesWith(examplesParser, body, base, lines)
}

func parseExamplesWith(p parser.Parser, body []byte, base int, lines *Lines) *Examples {
	doc := p.Parse(text.NewReader(body))
	var head *ast.Heading
	var again []*ast.Heading // further "## Examples" headings
	for n := doc.FirstChild(); n != nil; n = n.NextSibling() {
		if h := sectionHeading(n, body); h != nil && h.Level == 2 && bytes.EqualFold(headingBytes(h, body), []byte("examples")) {
			if head == nil {
				head = h
			} else {
				again = append(again, h)
			}
		}
	}
	if head == nil {
		return nil
	}
	// The section ends at the next heading of level 1 or 2; count its cases
	// first, so that they and their lines are allocated at once.
	start, end, cases := blockStart(head, body), len(body), 0
	for n := head.NextSibling(); n != nil; n = n.NextSibling() {
		if h := sectionHeading(n, body); h != nil && h.Level <= 2 {
			end = blockStart(h, body)
			break
		} else if h != nil && h.Level == 3 {
			cases++
		}
	}
	r := &examplesReader{body: body, base: base, lines: lines, start: start, end: end}
	ex := &Examples{Pos: r.pos(start), End: base + end}
	for _, h := range again {
		// Not run: one section is what the convention and speccify read, so
		// a second one is a split or pasted section to merge.
		ex.Problems = append(ex.Problems, Problem{Kind: ProblemExample, Pos: r.pos(blockStart(h, body)), Key: "examples",
			Msg: fmt.Sprintf("a second `## Examples` section (the first is at line %d): its cases are not run", ex.Pos.Line), Help: "move them into the first section"})
	}
	if cases > 0 {
		ex.Cases = make([]Case, 0, cases)
		r.exampleLines = make([]ExampleLine, 0, 2*cases)
	}
	var cur *Case
	for n := head.NextSibling(); n != nil; n = n.NextSibling() {
		if h := sectionHeading(n, body); h != nil {
			if h.Level <= 2 {
				break
			}
			if h.Level == 3 {
				ex.Cases = append(ex.Cases, Case{Title: headingText(h, body), Pos: r.pos(blockStart(h, body)), TitleSpan: r.titleSpan(h)})
				cur = &ex.Cases[len(ex.Cases)-1]
			}
			continue
		}
		if cur != nil {
			r.readCaseBlock(cur, n)
		}
	}
	return finishExamples(ex)
}

// sectionHeading returns a block that is a heading of the document's
// structure, or nil: a "setext heading" that holds case lines is case lines
// followed by a --- rule.
func sectionHeading(n ast.Node, body []byte) *ast.Heading {
	h, ok := n.(*ast.Heading)
	if !ok || (isSetext(h, body) && holdsCaseLine(h.Lines(), body)) {
		return nil
	}
	return h
}

// examplesReader reads the cases of an "## Examples" section.
type examplesReader struct {
	body  []byte
	base  int // the offset of body in the text that lines indexes
	lines *Lines
	// start and end delimit the section in body; text is body[start:end]
	// as a string once a line needs it, so that the lines' texts are all
	// substrings of one string.
	start, end int
	text       string
	converted  bool
	// exampleLines are the input: and output: lines the cases point to,
	// allocated at once.
	exampleLines []ExampleLine
}

// pos is the place of a byte offset of body.
func (r *examplesReader) pos(off int) Pos { return r.lines.Offset(r.base + off) }

// lineSpan is the span of body[from:to], a piece of one line: its end is
// its start moved by the piece's width.
func (r *examplesReader) lineSpan(from, to int) Span {
	start := r.pos(from)
	end := Pos{Line: start.Line, Column: start.Column + utf16Width(r.body[from:to])}
	return Span{Start: Point{Pos: start, Offset: r.base + from}, End: Point{Pos: end, Offset: r.base + to}}
}

// titleSpan is the span of a heading's text, trimmed (see headingSpan); an
// empty heading (a level-3 heading is one line) has an empty span at its
// start.
func (r *examplesReader) titleSpan(h *ast.Heading) Span {
	from, to, ok := headingSpan(h, r.body)
	if !ok || h.Lines().Len() == 0 {
		from = blockStart(h, r.body)
		to = from
	}
	return r.lineSpan(from, to)
}

// str returns body[from:to] as a string: a substring of the section's text
// when it lies in the section.
func (r *examplesReader) str(from, to int) string {
	if from < r.start || to > r.end {
		return string(r.body[from:to])
	}
	if !r.converted {
		r.text, r.converted = string(r.body[r.start:r.end]), true
	}
	return r.text[from-r.start : to-r.start]
}

// newExampleLine returns a zero ExampleLine to fill in.
func (r *examplesReader) newExampleLine() *ExampleLine {
	if len(r.exampleLines) == cap(r.exampleLines) {
		return new(ExampleLine)
	}
	r.exampleLines = r.exampleLines[:len(r.exampleLines)+1]
	return &r.exampleLines[len(r.exampleLines)-1]
}

// readCaseBlock reads the case lines of a top-level block: its paragraphs,
// also inside quotes and list items (where a case line may be a lazy
// continuation), and a "setext heading" that is really case lines followed
// by a --- rule. Code blocks are text.
func (r *examplesReader) readCaseBlock(c *Case, n ast.Node) {
	_ = ast.Walk(n, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch b := n.(type) {
		case *ast.CodeBlock:
			if _, top := b.Parent().(*ast.Document); top && holdsCaseLine(b.Lines(), r.body) {
				r.readIndented(c, b)
			}
			return ast.WalkSkipChildren, nil
		case *ast.FencedCodeBlock, *ast.HTMLBlock:
			return ast.WalkSkipChildren, nil
		case *ast.Paragraph, *ast.TextBlock, *ast.Heading:
			r.readCaseLines(c, n.Lines())
			return ast.WalkSkipChildren, nil
		}
		return ast.WalkContinue, nil
	})
}

// readIndented reports the case lines of an indented code block: input:
// and output: lines indented by 4 spaces or a tab, which Markdown shows as
// code and the parser does not read. The problem says so (instead of
// reporting the lines missing), with the repair that starts the block's
// lines at the beginning of the line when they are all case lines. The
// problem counts (finishExamples) when a line it holds is missing.
func (r *examplesReader) readIndented(c *Case, b *ast.CodeBlock) {
	body := r.body
	segs := b.Lines()
	var lines [][]byte // the block's lines, trimmed, from its first case line to its last
	first, from, to := -1, 0, 0
	onlyCases := true
	for i := 0; i < segs.Len(); i++ {
		start := lineStart(body, segs.At(i).Start)
		line := bytes.TrimRight(body[start:segs.At(i).Stop], "\r\n")
		trimmed := bytes.TrimLeft(line, " \t")
		switch {
		case bytes.HasPrefix(trimmed, []byte("input:")):
			c.indented = appendNew(c.indented, "input")
		case bytes.HasPrefix(trimmed, []byte("output:")):
			c.indented = appendNew(c.indented, "output")
		default:
			onlyCases = onlyCases && len(trimmed) == 0
			if first >= 0 {
				lines = append(lines, nil)
			}
			continue
		}
		if first < 0 {
			first, from = start+len(line)-len(trimmed), start
		}
		lines = append(lines, trimmed)
		to = start + len(line)
	}
	lines = lines[:len(lines)-countTrailingBlank(lines)]
	p := Problem{Kind: ProblemExample, Pos: r.pos(first), Key: c.Title,
		Msg:  fmt.Sprintf("the `%s` line of example %q is indented, so Markdown makes it a code block and it is not read", c.indented[0]+":", c.Title),
		Help: "start it at the beginning of the line, without the indentation"}
	if len(c.indented) > 1 {
		p.Msg = fmt.Sprintf("the `input:` and `output:` lines of example %q are indented, so Markdown makes them a code block and they are not read", c.Title)
		p.Help = "start them at the beginning of the line, without the indentation"
	}
	if onlyCases {
		p.Repair = &Replacement{Title: "start the example's lines at the beginning of the line", New: string(bytes.Join(lines, []byte("\n"))),
			Span: Span{Start: Point{Pos: r.pos(from), Offset: r.base + from}, End: Point{Pos: r.pos(to), Offset: r.base + to}}}
	}
	if c.indentedProblem == nil {
		c.indentedProblem = &p
	}
}

// countTrailingBlank is how many of the lines at the end are empty.
func countTrailingBlank(lines [][]byte) int {
	n := 0
	for n < len(lines) && len(lines[len(lines)-1-n]) == 0 {
		n++
	}
	return n
}

// lineStart is the offset of the start of the line of src that holds off.
func lineStart(src []byte, off int) int {
	for off > 0 && src[off-1] != '\n' {
		off--
	}
	return off
}

// appendNew appends s to list unless it is there already.
func appendNew(list []string, s string) []string {
	if slices.Contains(list, s) {
		return list
	}
	return append(list, s)
}

// isSetext reports whether a heading is underlined (=== or ---) rather than
// opened with #.
func isSetext(h *ast.Heading, src []byte) bool {
	segs := h.Lines()
	if segs.Len() == 0 {
		return false
	}
	start := segs.At(0).Start
	for start > 0 && src[start-1] != '\n' {
		start--
	}
	return !bytes.HasPrefix(bytes.TrimLeft(src[start:], " \t"), []byte("#"))
}

// holdsCaseLine reports whether any of the lines starts with input: or output:.
func holdsCaseLine(segs *text.Segments, src []byte) bool {
	for i := 0; i < segs.Len(); i++ {
		seg := segs.At(i)
		line := bytes.TrimLeft(seg.Value(src), " \t")
		if bytes.HasPrefix(line, []byte("input:")) || bytes.HasPrefix(line, []byte("output:")) {
			return true
		}
	}
	return false
}

// finishExamples adds the "line missing" problems once every case is read:
// a line missing because it is indented is reported as such.
func finishExamples(ex *Examples) *Examples {
	if ex == nil {
		return nil
	}
	for i := range ex.Cases {
		c := &ex.Cases[i]
		indented := false
		for _, side := range []struct {
			name string
			line *ExampleLine
		}{{"input", c.Input}, {"output", c.Output}} {
			switch {
			case side.line != nil:
			case slices.Contains(c.indented, side.name):
				indented = true
			default:
				c.Problems = append(c.Problems, Problem{Kind: ProblemExample, Pos: c.Pos, Key: c.Title,
					Msg: fmt.Sprintf("example %q has no `%s:` line", c.Title, side.name), Help: "add one with a JSON value on the same line"})
			}
		}
		if indented {
			c.Problems = append(c.Problems, *c.indentedProblem)
		}
		c.indented, c.indentedProblem = nil, nil
	}
	return ex
}

// readCaseLines reads the input: and output: lines among a block's lines.
func (r *examplesReader) readCaseLines(c *Case, segs *text.Segments) {
	body := r.body
	for i := 0; i < segs.Len(); i++ {
		seg := segs.At(i)
		start := seg.Start
		if !atLineStart(body, start) {
			continue // after a > or a list marker: quoted or listed text
		}
		line := body[seg.Start:seg.Stop]
		trimmed := bytes.TrimLeft(line, " \t")
		start += len(line) - len(trimmed)
		var name string
		switch {
		case bytes.HasPrefix(trimmed, []byte("input:")):
			name = "input"
		case bytes.HasPrefix(trimmed, []byte("output:")):
			name = "output"
		default:
			continue
		}
		rest := trimmed[len(name)+1:]
		value := bytes.TrimLeft(rest, " \t")
		valueStart := start + len(name) + 1 + len(rest) - len(value)
		value = bytes.TrimRight(value, " \t\r\n")
		at := r.pos(start)
		slot := &c.Input
		if name == "output" {
			slot = &c.Output
		}
		if *slot != nil {
			c.Problems = append(c.Problems, Problem{Kind: ProblemExample, Pos: at, Key: c.Title,
				Msg: fmt.Sprintf("example %q has a second `%s:` line (the first is at line %d)", c.Title, name, (*slot).Pos.Line), Help: "give each case one input and one output, or split it into two cases"})
			continue
		}
		el := r.newExampleLine()
		el.Pos, el.Raw = at, r.str(valueStart, valueStart+len(value))
		el.Span = r.lineSpan(valueStart, valueStart+len(value))
		*slot = el
		if len(value) == 0 {
			el.Err = errors.New("no JSON value")
			c.Problems = append(c.Problems, Problem{Kind: ProblemExample, Pos: el.Pos, Key: c.Title,
				Msg: fmt.Sprintf("the `%s:` line of example %q has no JSON value", name, c.Title), Help: "write the JSON on the same line"})
			continue
		}
		el.Value, el.Err = jsonexact.Parse(value)
		if el.Err != nil {
			at := valueStart
			msg := fmt.Sprintf("the `%s:` line of example %q is not valid JSON: %s", name, c.Title, errorText(el.Err))
			help := ""
			var je *jsonexact.SyntaxError
			repair := jsonRepair(el)
			if errors.As(el.Err, &je) {
				at += min(je.Offset, len(value))
				help = je.Hint(value)
				if je.Kind == jsonexact.Syntax && je.Offset >= len(value) {
					// Ended early: is it spread over the lines that follow?
					if joined, end, ok := joinedJSON(body, segs, i, value); ok {
						help = fmt.Sprintf("the JSON of an `%s:` line is on that line: join the lines it is spread over", name)
						repair = &Replacement{Title: "join the JSON's lines", New: joined,
							Span: Span{Start: Point{Pos: r.pos(valueStart), Offset: r.base + valueStart}, End: Point{Pos: r.pos(end), Offset: r.base + end}}}
					}
				}
			}
			c.Problems = append(c.Problems, Problem{Kind: ProblemExample, Pos: r.pos(at), Key: c.Title, Msg: msg, Help: help, Repair: repair})
			el.Value = nil
		}
	}
}

// Bounds of joinedJSON: the lines it joins to a case line, and their
// bytes.
const (
	maxJoinedLines = 64
	maxJoinedBytes = 16 << 10
)

// joinedJSON is value, the JSON of the case line segs[i] that ends too early,
// joined with the lines of the block that follow it until it parses (an
// output: { on one line, its keys and } on the next), and the offset in
// body where the last of them ends; ok is false when no such lines make it
// parse, or a case line or a break in the JSON comes first.
func joinedJSON(body []byte, segs *text.Segments, i int, value []byte) (joined string, end int, ok bool) {
	b := slices.Clone(value)
	// At most maxJoinedLines lines, so that a hostile paragraph of many
	// lines costs no more than that many parses of a short text.
	for k := i + 1; k < segs.Len() && k <= i+maxJoinedLines && len(b) <= maxJoinedBytes; k++ {
		seg := segs.At(k)
		line := bytes.TrimSpace(body[seg.Start:seg.Stop])
		if len(line) == 0 || bytes.HasPrefix(line, []byte("input:")) || bytes.HasPrefix(line, []byte("output:")) {
			return "", 0, false
		}
		if last := b[len(b)-1]; last != '{' && last != '[' && line[0] != '}' && line[0] != ']' {
			b = append(b, ' ')
		}
		b = append(b, line...)
		_, err := jsonexact.Parse(b)
		var je *jsonexact.SyntaxError
		switch {
		case err == nil:
			return string(b), seg.Start + bytes.Index(body[seg.Start:seg.Stop], line) + len(line), true
		case !errors.As(err, &je) || je.Kind != jsonexact.Syntax || je.Offset < len(b):
			return "", 0, false
		}
	}
	return "", 0, false
}

// atLineStart reports whether only blanks stand between the start of the
// source line and off: a case line starts its line (a lazy continuation of a
// quote or a list item does), while "> input:" and "- input:" are quoted and
// listed text.
func atLineStart(src []byte, off int) bool {
	for i := off - 1; i >= 0 && src[i] != '\n'; i-- {
		if src[i] != ' ' && src[i] != '\t' {
			return false
		}
	}
	return true
}

// errorText is an error's text for a message; a *jsonexact.SyntaxError gives its Msg.
func errorText(err error) string {
	var je *jsonexact.SyntaxError
	if errors.As(err, &je) {
		return je.Msg
	}
	return err.Error()
}

// headingText is the raw Markdown text of a heading, trimmed: a string of its
// own, not a piece of a larger one, since titles live on in the results.
func headingText(h *ast.Heading, src []byte) string {
	if from, to, ok := headingSpan(h, src); ok {
		return string(src[from:to])
	}
	var b strings.Builder
	segs := h.Lines()
	for i := 0; i < segs.Len(); i++ {
		if i > 0 {
			b.WriteByte(' ')
		}
		seg := segs.At(i)
		b.Write(bytes.TrimSpace(src[seg.Start:seg.Stop]))
	}
	return strings.TrimSpace(b.String())
}

// headingBytes is headingText without a conversion when the heading is one
// line.
func headingBytes(h *ast.Heading, src []byte) []byte {
	if from, to, ok := headingSpan(h, src); ok {
		return src[from:to]
	}
	return []byte(headingText(h, src))
}

// headingSpan is where the text of a heading of at most one line lies in
// src, trimmed; ok is false for a heading of several lines, whose text
// joins them.
func headingSpan(h *ast.Heading, src []byte) (from, to int, ok bool) {
	segs := h.Lines()
	switch segs.Len() {
	case 0:
		return 0, 0, true
	case 1:
		seg := segs.At(0)
		line := src[seg.Start:seg.Stop]
		left := bytes.TrimLeftFunc(line, unicode.IsSpace)
		from = seg.Start + len(line) - len(left)
		return from, from + len(bytes.TrimRightFunc(left, unicode.IsSpace)), true
	}
	return 0, 0, false
}

// blockStart is the byte offset where a block starts: its '#' for an ATX
// heading.
func blockStart(n ast.Node, src []byte) int {
	if p := n.Pos(); p >= 0 {
		return p
	}
	if segs := n.Lines(); segs.Len() > 0 {
		start := segs.At(0).Start
		for start > 0 && src[start-1] != '\n' {
			start--
		}
		return start
	}
	return 0
}

// Heading is a section heading of a TOOL.md's body, with the spans of its
// source text (from the Markdown parser's segments).
type Heading struct {
	// Text is the heading's text as written, trimmed.
	Text string
	// Level is 1 to 6: the number of #s, or 1 for a heading underlined with
	// ===, 2 for one underlined with ---.
	Level int
	// Setext is true for a heading underlined with === or ---, false for
	// one opened with #s.
	Setext bool
	// Pos is the place of the heading: its first # (or its text's first
	// character when it is underlined).
	Pos Pos
	// TextSpan is the source text of Text; zero for a heading whose text
	// spans several lines.
	TextSpan Span
	// Span is the source text of a heading opened with #s from its first #
	// to the end of its text (a closing sequence of #s after it is not
	// part of it); zero for an underlined heading.
	Span Span
}

// ExamplesNearMiss finds, in a TOOL.md without an "## Examples" section, the
// first section heading that is probably meant to be it: "Examples" at
// another level (### Examples) or a near miss of it at level 1 to 3
// (## Example, ## Exmaples); ok is false when there is none.
func (s *Spec) ExamplesNearMiss() (h Heading, ok bool) {
	if s.Examples != nil || (s.Split.HasFrontmatter && !s.Split.Closed) {
		return Heading{}, false
	}
	body := s.Split.Body
	doc := examplesParser.Parse(text.NewReader(body))
	for n := doc.FirstChild(); n != nil; n = n.NextSibling() {
		sh := sectionHeading(n, body)
		if sh == nil || sh.Level > 3 {
			continue
		}
		title := strings.TrimSpace(headingText(sh, body))
		if suggest.Nearest(title, []string{"Examples"}) == "" {
			continue
		}
		return s.heading(sh, title), true
	}
	return Heading{}, false
}

// heading is the Heading of a section heading h of the body, whose text is
// title.
func (s *Spec) heading(h *ast.Heading, title string) Heading {
	body, base := s.Split.Body, s.Split.BodyOffset
	point := func(off int) Point { return Point{Pos: s.Lines.Offset(base + off), Offset: base + off} }
	start := blockStart(h, body)
	out := Heading{Text: title, Level: h.Level, Setext: isSetext(h, body), Pos: point(start).Pos}
	if from, to, ok := headingSpan(h, body); ok && h.Lines().Len() == 1 {
		out.TextSpan = Span{Start: point(from), End: point(to)}
		if !out.Setext {
			out.Span = Span{Start: point(start), End: point(to)}
		}
	}
	return out
}
