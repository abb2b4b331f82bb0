package contract

import (
	"bytes"
	"slices"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"
)

// HashDirective starts a suppression comment written after a # (a YAML
// comment in a TOOL.md frontmatter; after # or // in an implementation):
//
//	# speccify-lint: disable=RULE[,RULE] -- reason
//
// In a frontmatter it covers the next line that holds YAML (the comment's
// own line when it ends one) and, when that line starts a mapping entry,
// every line of the entry; in an implementation, the whole file.
const HashDirective = "speccify-lint: disable="

// ReadHashSuppression reads the suppression comment whose directive (a text
// starting with "speccify-lint") starts at byte at of line, the text of a
// line (without its line break) that starts at byte lineStart of the text
// lines indexes: the rule ids after HashDirective, separated by commas or
// blanks, each with its span, and the reason after " -- ". A directive other than
// HashDirective, or one that names no rule, is a Problem with the Help of
// writing it. Span is the comment from the directive to the end of the
// line; the lines it covers are the caller's to set.
func ReadHashSuppression(lines *Lines, lineStart int, line string, at int) Suppression {
	s := Suppression{Span: Span{Start: lines.Point(lineStart + at), End: lines.Point(lineStart + len(line))}}
	if !strings.HasPrefix(line[at:], HashDirective) {
		word, _, _ := strings.Cut(line[at:], " ")
		s.Problem = "has the unknown directive " + strconv.Quote(word)
		s.Help = "write # " + HashDirective + "RULE -- reason"
		return s
	}
	rest := line[at+len(HashDirective):]
	ids, reason, _ := strings.Cut(rest, " -- ")
	s.Reason = strings.TrimSpace(reason)
	off := at + len(HashDirective)
	// Every word before " -- " is a rule id, so that none is left out
	// unsaid: "disable=a, b" names a and b, "disable=a b" too.
	for _, id := range strings.FieldsFunc(ids, func(r rune) bool { return r == ',' || r == ' ' || r == '\t' }) {
		idAt := off + strings.Index(line[off:], id)
		s.Rules = append(s.Rules, String{Value: id, Span: Span{Start: lines.Point(lineStart + idAt), End: lines.Point(lineStart + idAt + len(id))}})
		off = idAt + len(id)
	}
	if len(s.Rules) == 0 {
		s.Problem, s.Help = "names no rule", "write # "+HashDirective+"RULE -- reason"
	}
	return s
}

// ImplementationSuppressions are the suppression comments of an
// implementation's text (normalised: LF line endings, no BOM, so that the
// spans of rule ids are those a fix edits): HashDirective after a # or //
// earlier on its line. Each covers the whole file (File is true); one not
// well formed has its Problem. A directive outside a comment (in a string
// before any # or //) is not one.
func ImplementationSuppressions(data []byte) []Suppression {
	if !bytes.Contains(data, []byte(HashDirective)) {
		return nil
	}
	var out []Suppression
	lines := NewLines(data)
	start := 0 // the byte offset of line in data
	for line := range strings.SplitSeq(string(data), "\n") {
		lineStart := start
		start += len(line) + 1
		i := strings.Index(line, HashDirective)
		if i < 0 || !strings.Contains(line[:i], "#") && !strings.Contains(line[:i], "//") {
			continue
		}
		sup := ReadHashSuppression(lines, lineStart, line, i)
		sup.File = true
		out = append(out, sup)
	}
	return out
}

// mayHoldHashDirective reports whether yaml has "speccify-lint" right after
// a # and blanks, as every suppression comment frontmatterSuppressions reads
// has: a frontmatter that only names speccify-lint in its text ("checked
// by speccify-lint") is not laid out for them.
func mayHoldHashDirective(yaml []byte) bool {
	for rest := yaml; ; {
		i := bytes.Index(rest, []byte("speccify-lint"))
		if i < 0 {
			return false
		}
		j := i
		for j > 0 && (rest[j-1] == ' ' || rest[j-1] == '\t') {
			j--
		}
		if j > 0 && rest[j-1] == '#' {
			return true
		}
		rest = rest[i+len("speccify-lint"):]
	}
}

// frontmatterSuppressions finds the suppression comments among the YAML
// comments of a frontmatter that parsed as a whole (fm.node set, no
// Broken entry): a # that starts a comment (at a line's start or after a
// blank, outside every scalar's text, so that a # in a quoted string or a
// block scalar is not one) followed by "speccify-lint". Each covers the
// next line that holds YAML, or its own when it ends a line of YAML, and
// when an entry of a mapping starts on that line, every line of the entry:
// the comment above `owner: me` covers that line, the one above
// `outputs:` the whole outputs schema.
func frontmatterSuppressions(fm *Frontmatter, s Split) []Suppression {
	if fm == nil || fm.node == nil || fm.Broken != "" || !mayHoldHashDirective(s.YAML) {
		return nil
	}
	src := fm.src
	lines := src.lines
	scalars, entries := yamlLayout(src, fm.node)
	slices.SortFunc(scalars, func(a, b Span) int { return a.Start.Offset - b.Start.Offset })
	// inScalar reports whether the byte at off is a scalar's text: the
	// scalars do not overlap, so only the last one starting at or before
	// off can hold it.
	inScalar := func(off int) bool {
		i, found := slices.BinarySearchFunc(scalars, off, func(sp Span, off int) int { return sp.Start.Offset - off })
		if !found {
			i--
		}
		return i >= 0 && off < scalars[i].End.Offset
	}
	first := s.YAMLLine
	last := s.YAMLLine + bytes.Count(s.YAML, []byte("\n")) - 1 // the last line of YAML
	// comment[n-first] is the offset in line n of the # that starts its
	// comment, or -1; holdsYAML[n-first] says that the line holds YAML
	// (not only blanks and a comment).
	comment := make([]int, last-first+1)
	holdsYAML := make([]bool, last-first+1)
	for n := first; n <= last; n++ {
		text, start := lines.Line(n), lines.LineStart(n)
		comment[n-first] = -1
		for i := 0; i < len(text); i++ {
			if text[i] == '#' && (i == 0 || text[i-1] == ' ' || text[i-1] == '\t') && !inScalar(start+i) {
				comment[n-first] = i
				break
			}
		}
		code := text
		if at := comment[n-first]; at >= 0 {
			code = text[:at]
		}
		holdsYAML[n-first] = strings.TrimSpace(code) != ""
	}
	var out []Suppression
	next := 0 // the next line of YAML after the suppressions so far
	for n := first; n <= last; n++ {
		text, at := lines.Line(n), comment[n-first]
		if at < 0 || !strings.Contains(text[at:], "speccify-lint") {
			continue
		}
		dir := at + 1
		for dir < len(text) && (text[dir] == ' ' || text[dir] == '\t') {
			dir++
		}
		if !strings.HasPrefix(text[dir:], "speccify-lint") {
			continue
		}
		sup := ReadHashSuppression(lines, lines.LineStart(n), text, dir)
		target := n
		if !holdsYAML[n-first] {
			if next <= n {
				next = n + 1
				for next <= last && !holdsYAML[next-first] {
					next++
				}
			}
			target = next
		}
		if target <= last {
			sup.FromLine, sup.ToLine = target, target
			if e, ok := entries[target]; ok {
				sup.ToLine, sup.Entry = max(e.to, target), e.key
			}
		}
		out = append(out, sup)
	}
	return out
}

// yamlEntry is a mapping entry of a frontmatter: its key and the last line
// of its value.
type yamlEntry struct {
	key string
	to  int
}

// yamlLayout is the text of every scalar of the tree under root (keys and
// values; an alias's target is not walked twice) and, by the line where
// each starts, the first mapping entry that starts on a line, outermost
// first.
func yamlLayout(src *yamlSource, root *yaml.Node) (scalars []Span, entries map[int]yamlEntry) {
	entries = map[int]yamlEntry{}
	var walk func(n *yaml.Node, depth int)
	walk = func(n *yaml.Node, depth int) {
		if n == nil || depth > maxYAMLDepth || n.Kind == yaml.AliasNode {
			return
		}
		if n.Kind == yaml.ScalarNode {
			scalars = append(scalars, src.span(n))
			return
		}
		if n.Kind == yaml.MappingNode {
			for i := 0; i+1 < len(n.Content); i += 2 {
				k, v := n.Content[i], n.Content[i+1]
				line := src.pos(k).Line
				if _, ok := entries[line]; !ok && k.Kind == yaml.ScalarNode {
					entries[line] = yamlEntry{key: k.Value, to: max(src.span(v).End.Line, line)}
				}
			}
		}
		for _, c := range n.Content {
			walk(c, depth+1)
		}
	}
	walk(root, 0)
	return scalars, entries
}
