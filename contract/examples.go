package contract

import (
	"bytes"
	"errors"
	"fmt"
	"strings"

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
}

// Case is one worked example: a "### title" with an input: and an output: line.
type Case struct {
	Title string
	// Pos is the place of the "###" heading.
	Pos Pos
	// Input and Output are nil when the line is missing.
	Input, Output *ExampleLine
	// Problems are missing or repeated lines and JSON that does not parse.
	Problems []Problem
}

// ExampleLine is an input: or output: line.
type ExampleLine struct {
	// Pos is the place of the "input:" or "output:" word.
	Pos Pos
	// Raw is the JSON text after the colon, trimmed.
	Raw string
	// Value is the parsed JSON; nil when it did not parse (see Err).
	Value any
	// Err is the parse error of Raw, nil when it parsed.
	Err error
}

// OK is the expected "ok" of an output line: true or false when the value is
// an object with a boolean ok, else nil.
func (l *ExampleLine) OK() *bool {
	if l == nil {
		return nil
	}
	obj, _ := l.Value.(map[string]any)
	if b, ok := obj["ok"].(bool); ok {
		return &b
	}
	return nil
}

// ExpectsFailure reports whether the case's expected output has ok: false.
func (c *Case) ExpectsFailure() bool {
	ok := c.Output.OK()
	return ok != nil && !*ok
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
	var ex *Examples
	var cur *Case
	pos := func(off int) Pos { return lines.Offset(base + off) }
	for n := doc.FirstChild(); n != nil; n = n.NextSibling() {
		if h, ok := n.(*ast.Heading); ok && !(isSetext(h, body) && holdsCaseLine(h.Lines(), body)) {
			switch {
			case h.Level == 2 && ex == nil:
				if strings.EqualFold(headingText(h, body), "examples") {
					ex = &Examples{Pos: pos(blockStart(h, body))}
				}
			case h.Level <= 2 && ex != nil:
				return finishExamples(ex)
			case h.Level == 3 && ex != nil:
				ex.Cases = append(ex.Cases, Case{Title: headingText(h, body), Pos: pos(blockStart(h, body))})
				cur = &ex.Cases[len(ex.Cases)-1]
			}
			continue
		}
		if cur != nil {
			readCaseBlock(cur, n, body, pos)
		}
	}
	return finishExamples(ex)
}

// readCaseBlock reads the case lines of a top-level block: its paragraphs,
// also inside quotes and list items (where a case line may be a lazy
// continuation), and a "setext heading" that is really case lines followed
// by a --- rule. Code blocks are text.
func readCaseBlock(c *Case, n ast.Node, body []byte, pos func(int) Pos) {
	_ = ast.Walk(n, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n.(type) {
		case *ast.FencedCodeBlock, *ast.CodeBlock, *ast.HTMLBlock:
			return ast.WalkSkipChildren, nil
		case *ast.Paragraph, *ast.TextBlock, *ast.Heading:
			readCaseLines(c, n.Lines(), body, pos)
			return ast.WalkSkipChildren, nil
		}
		return ast.WalkContinue, nil
	})
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

// finishExamples adds the "line missing" problems once every case is read.
func finishExamples(ex *Examples) *Examples {
	if ex == nil {
		return nil
	}
	for i := range ex.Cases {
		c := &ex.Cases[i]
		for _, side := range []struct {
			name string
			line *ExampleLine
		}{{"input", c.Input}, {"output", c.Output}} {
			if side.line == nil {
				c.Problems = append(c.Problems, Problem{Kind: ProblemExample, Pos: c.Pos, Key: c.Title,
					Msg: fmt.Sprintf("example %q has no `%s:` line; add one with a JSON value on the same line", c.Title, side.name)})
			}
		}
	}
	return ex
}

// readCaseLines reads the input: and output: lines among a block's lines.
func readCaseLines(c *Case, segs *text.Segments, body []byte, pos func(int) Pos) {
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
		el := &ExampleLine{Pos: pos(start), Raw: string(value)}
		slot := &c.Input
		if name == "output" {
			slot = &c.Output
		}
		if *slot != nil {
			c.Problems = append(c.Problems, Problem{Kind: ProblemExample, Pos: el.Pos, Key: c.Title,
				Msg: fmt.Sprintf("example %q has a second `%s:` line (the first is at line %d); give each case one input and one output, or split it into two cases", c.Title, name, (*slot).Pos.Line)})
			continue
		}
		*slot = el
		if len(value) == 0 {
			el.Err = errors.New("no JSON value")
			c.Problems = append(c.Problems, Problem{Kind: ProblemExample, Pos: el.Pos, Key: c.Title,
				Msg: fmt.Sprintf("the `%s:` line of example %q has no JSON value; write the JSON on the same line", name, c.Title)})
			continue
		}
		el.Value, el.Err = ParseJSON(value)
		if el.Err != nil {
			at := valueStart
			var je *JSONError
			if errors.As(el.Err, &je) {
				at += min(je.Offset, len(value))
			}
			c.Problems = append(c.Problems, Problem{Kind: ProblemExample, Pos: pos(at), Key: c.Title,
				Msg: fmt.Sprintf("the `%s:` line of example %q is not valid JSON: %s", name, c.Title, errorText(el.Err))})
			el.Value = nil
		}
	}
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

// errorText is an error's text for a message; a *JSONError gives its Msg.
func errorText(err error) string {
	var je *JSONError
	if errors.As(err, &je) {
		return je.Msg
	}
	return err.Error()
}

// headingText is the raw Markdown text of a heading, trimmed.
func headingText(h *ast.Heading, src []byte) string {
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
