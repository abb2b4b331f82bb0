package contract

import (
	"bytes"
	"strconv"
	"strings"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/text"
)

// The words of a suppression comment in a TOOL.md body (in its frontmatter
// see HashDirective):
//
//	<!-- speccify-lint-disable RULE[, RULE] -- reason -->       the next line, or the example it heads
//	<!-- speccify-lint-disable-file RULE[, RULE] -- reason -->  the whole TOOL.md
const (
	suppressDirective     = "speccify-lint-disable"
	suppressFileDirective = "speccify-lint-disable-file"
	suppressReason        = " -- "
)

// Suppression is a suppression comment of a TOOL.md: in its body a
// speccify-lint-disable HTML comment on lines of its own (not in a code
// block), in its frontmatter a YAML comment "# speccify-lint: disable=RULE
// -- reason" (HashDirective); it turns off the findings of the rules it
// names on the lines it covers.
type Suppression struct {
	// Rules are the rule ids it names, each with its span.
	Rules []String
	// Reason is the text after " -- ", trimmed; empty when there is none.
	Reason string
	// Span is the comment, from "<!--" to "-->".
	Span Span
	// File is true for speccify-lint-disable-file: it covers the file.
	File bool
	// FromLine and ToLine are the lines it covers otherwise: the next
	// non-blank line after it, or, when that is an example's ### heading,
	// the example's lines (in the frontmatter: the next line of YAML, or
	// the comment's own, and when a mapping entry starts there, the
	// entry's lines); both 0 when nothing follows it.
	FromLine, ToLine int
	// Entry is the key of the frontmatter entry it covers, when it covers
	// one.
	Entry string
	// Problem says why the comment is not a suppression that works (a
	// directive misspelt, no rule named); empty when it is one. Help says
	// how to write it.
	Problem, Help string
}

// parseSuppressions finds the suppression comments among the top-level
// blocks of a Markdown body; base is the body's offset in the text lines
// indexes.
func parseSuppressions(body []byte, base int, lines *Lines) []Suppression {
	if !bytes.Contains(body, []byte("speccify-lint")) {
		return nil // the usual case: no second parse
	}
	doc := examplesParser.Parse(text.NewReader(body))
	var out []Suppression
	for n := doc.FirstChild(); n != nil; n = n.NextSibling() {
		h, ok := n.(*ast.HTMLBlock)
		if !ok || h.HTMLBlockType != ast.HTMLBlockType2 {
			continue
		}
		start := blockStart(h, body)
		open := bytes.Index(body[start:], []byte("<!--"))
		if open < 0 {
			continue
		}
		from := start + open
		closeAt := bytes.Index(body[from+len("<!--"):], []byte("-->"))
		if closeAt < 0 {
			continue
		}
		to := from + len("<!--") + closeAt + len("-->")
		s, ok := readSuppression(body, from, to, base, lines)
		if !ok {
			continue
		}
		if !s.File {
			s.FromLine, s.ToLine = coveredLines(n, body, base, lines)
		}
		out = append(out, s)
	}
	return out
}

// readSuppression reads the comment body[from:to]; ok is false when it is
// not meant as one (it does not start with speccify-lint).
func readSuppression(body []byte, from, to, base int, lines *Lines) (Suppression, bool) {
	point := func(off int) Point { return Point{Pos: lines.Offset(base + off), Offset: base + off} }
	s := Suppression{Span: Span{Start: point(from), End: point(to)}}
	inner := from + len("<!--")
	content := string(body[inner : to-len("-->")])
	trimmed := strings.TrimLeft(content, " \t\n")
	if !strings.HasPrefix(trimmed, "speccify-lint") {
		return s, false
	}
	at := inner + len(content) - len(trimmed) // offset of the directive
	word, rest, _ := strings.Cut(trimmed, " ")
	word = strings.TrimRight(word, "\n\t")
	switch word {
	case suppressDirective:
	case suppressFileDirective:
		s.File = true
	default:
		s.Problem = "has the unknown directive " + strconv.Quote(word)
		s.Help = "write speccify-lint-disable RULE -- reason, or speccify-lint-disable-file RULE -- reason"
		return s, true
	}
	rulesText, reason, _ := strings.Cut(" "+rest, suppressReason)
	s.Reason = strings.TrimSpace(reason)
	// The ids, each at its offset: after the directive and its space.
	off := at + len(word) // the space before rest, matched by the " " added
	for _, field := range strings.FieldsFunc(rulesText, func(r rune) bool { return r == ',' || r == ' ' || r == '\t' || r == '\n' }) {
		i := strings.Index(rulesText, field)
		idFrom := off + i
		rulesText = rulesText[i+len(field):]
		off = idFrom + len(field)
		s.Rules = append(s.Rules, String{Value: field, Span: Span{Start: point(idFrom), End: point(idFrom + len(field))}})
	}
	if len(s.Rules) == 0 {
		s.Problem, s.Help = "names no rule", "write "+word+" RULE -- reason"
	}
	return s, true
}

// coveredLines are the lines a next-line suppression (the block n) covers:
// the first line of the next block, or the whole example when that is a
// ### heading.
func coveredLines(n ast.Node, body []byte, base int, lines *Lines) (from, to int) {
	next := n.NextSibling()
	if next == nil {
		return 0, 0
	}
	from = lines.Offset(base + blockStart(next, body)).Line
	h, ok := next.(*ast.Heading)
	if !ok || h.Level != 3 {
		return from, from
	}
	end := len(body)
	for m := next.NextSibling(); m != nil; m = m.NextSibling() {
		if mh, ok := m.(*ast.Heading); ok && mh.Level <= 3 {
			end = blockStart(mh, body)
			break
		}
	}
	to = lines.Offset(base + max(end-1, 0)).Line
	return from, max(to, from)
}
