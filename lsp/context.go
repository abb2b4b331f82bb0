package lsp

import (
	"regexp"
	"strings"
)

// place is where a position of a TOOL.md stands, as hover and completion
// read it: a line-based reading of the text as the editor holds it, which
// works on text that does not parse, as text being typed often does.
type place struct {
	x    *lineIndex
	line int    // 0-based
	text string // the line
	col  int    // byte offset of the position in the line
	// fmEnd is the line of the frontmatter's closing fence; -1 when the
	// text has no frontmatter, len(lines) when it is not closed.
	fmEnd int
}

func newPlace(x *lineIndex, line, col int) place {
	p := place{x: x, line: line, text: x.line(line), col: col, fmEnd: -1}
	if strings.TrimRight(x.line(0), " \t") == "---" || strings.TrimRight(x.line(0), " \t") == "\uFEFF---" {
		p.fmEnd = x.Count()
		for i := 1; i < x.Count(); i++ {
			if l := strings.TrimRight(x.line(i), " \t"); l == "---" || l == "..." {
				p.fmEnd = i
				break
			}
		}
	}
	return p
}

// before is the line's text before the position.
func (p place) before() string { return p.text[:p.col] }

// inFrontmatter reports a position between the fences.
func (p place) inFrontmatter() bool { return p.fmEnd > 0 && p.line > 0 && p.line < p.fmEnd }

var topKeyRE = regexp.MustCompile(`^([A-Za-z_][A-Za-z0-9_-]*)\s*:`)

// topKey is the top-level frontmatter key whose entry holds the line: the
// nearest line at or above it that starts with "key:" unindented.
func (p place) topKey() string {
	for i := p.line; i > 0; i-- {
		if m := topKeyRE.FindStringSubmatch(p.x.line(i)); m != nil {
			return m[1]
		}
	}
	return ""
}

// keys are the top-level frontmatter keys present.
func (p place) keys() map[string]bool {
	out := map[string]bool{}
	for i := 1; i < p.fmEnd && i < p.x.Count(); i++ {
		if m := topKeyRE.FindStringSubmatch(p.x.line(i)); m != nil {
			out[m[1]] = true
		}
	}
	return out
}

var blockKeyRE = regexp.MustCompile(`^(\s*)(?:-\s+)?([^\s:#{}\[\],]+)\s*:`)

// parentKey is the key of the block mapping the line is an entry of: the
// nearest line above with less indentation, "key:" on it. "" at the top.
func (p place) parentKey() string {
	indent := len(p.text) - len(strings.TrimLeft(p.text, " "))
	if strings.TrimSpace(p.text) == "" {
		indent = p.col // a blank line: the cursor says the indentation
	}
	for i := p.line - 1; i > 0; i-- {
		l := p.x.line(i)
		if strings.TrimSpace(l) == "" || strings.HasPrefix(strings.TrimSpace(l), "#") {
			continue
		}
		if li := len(l) - len(strings.TrimLeft(l, " ")); li < indent {
			if m := blockKeyRE.FindStringSubmatch(l); m != nil {
				return m[2]
			}
			return ""
		}
	}
	return ""
}

// word is the word (letters, digits, '-', '_', '$') around the position,
// with its byte range in the line.
func (p place) word() (string, int, int) {
	isWord := func(c byte) bool {
		return c == '-' || c == '_' || c == '$' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
	}
	start, end := p.col, p.col
	for start > 0 && isWord(p.text[start-1]) {
		start--
	}
	for end < len(p.text) && isWord(p.text[end]) {
		end++
	}
	return p.text[start:end], start, end
}

// exampleLine is "input" or "output" when the line is an example's input:
// or output: line of the body.
func (p place) exampleLine() string {
	if p.fmEnd >= 0 && p.line <= p.fmEnd {
		return ""
	}
	t := strings.TrimLeft(p.text, " ")
	for _, k := range []string{"input", "output"} {
		if strings.HasPrefix(t, k+":") {
			return k
		}
	}
	return ""
}

// openString is, when the position is inside a JSON string of the line
// after its "input:", the offset in the line where the string's text
// starts.
func (p place) openString() (int, bool) {
	i := strings.Index(p.text, ":")
	if i < 0 || i >= p.col {
		return 0, false
	}
	start, in := 0, false
	for j := i + 1; j < p.col; j++ {
		switch p.text[j] {
		case '\\':
			if in {
				j++
			}
		case '"':
			in = !in
			start = j + 1
		}
	}
	return start, in
}
