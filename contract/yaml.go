package contract

import (
	"bytes"
	"cmp"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"
)

var yamlErrLine = regexp.MustCompile(`line (\d+): `)

// parseFrontmatter parses the YAML of a split TOOL.md into its typed fields.
// A YAML error, a non-mapping document and duplicate keys are problems; the
// frontmatter is still returned (Invalid for the first two) so that the body
// can be checked.
func parseFrontmatter(s Split, lines *Lines) (*Frontmatter, []Problem) {
	fm, src, root, problems := decodeFrontmatter(s, lines)
	if root != nil {
		problems = append(problems, fm.readFields(src, root)...)
	}
	return fm, problems
}

// decodeFrontmatter parses the YAML of a split TOOL.md into a node tree;
// root is its top-level mapping, nil when there is none.
func decodeFrontmatter(s Split, lines *Lines) (fm *Frontmatter, src *yamlSource, root *yaml.Node, problems []Problem) {
	fm = &Frontmatter{Pos: Pos{Line: s.OpenLine, Column: 1}}
	yamlStart := lines.LineStart(s.YAMLLine)
	src = &yamlSource{lines: lines, lineBase: s.YAMLLine - 1, end: min(yamlStart+len(s.YAML), len(lines.text))}
	var doc yaml.Node
	err := safeYAMLUnmarshal(yamlLineBreaksAsSpaces(s.YAML), &doc)
	if err != nil {
		p := yamlProblem(err, s, lines)
		recovered, broken, truncated := recoverYAML(s, p.Pos.Line)
		if recovered == nil {
			fm.Invalid = true
			return fm, src, nil, []Problem{p}
		}
		fm.Broken, fm.Truncated = broken, truncated
		return fm, src, recovered, append([]Problem{p}, duplicateKeys(src, recovered)...)
	}
	if doc.Kind == 0 || len(doc.Content) == 0 { // empty: every field missing
		return fm, src, nil, nil
	}
	root = doc.Content[0]
	if root.Kind == yaml.ScalarNode && root.Tag == "!!null" {
		return fm, src, nil, nil
	}
	if root.Kind != yaml.MappingNode {
		fm.Invalid = true
		return fm, src, nil, []Problem{src.problem(ProblemFrontmatter, root, "frontmatter",
			fmt.Sprintf("frontmatter is a %s, not a mapping of keys such as name:, inputs:, outputs:", kindName(root)))}
	}
	return fm, src, root, duplicateKeys(src, root)
}

// yamlLineBreaksAsSpaces replaces NEL, LINE SEPARATOR and PARAGRAPH
// SEPARATOR, which yaml.v3 counts as line breaks but Markdown and editors do
// not, by a space, so that YAML's lines and columns are the file's.
func yamlLineBreaksAsSpaces(b []byte) []byte {
	if !bytes.Contains(b, []byte("\u0085")) && !bytes.Contains(b, []byte("\u2028")) && !bytes.Contains(b, []byte("\u2029")) {
		return b
	}
	r := strings.NewReplacer("\u0085", " ", "\u2028", " ", "\u2029", " ")
	return []byte(r.Replace(string(b)))
}

// safeYAMLUnmarshal parses YAML into a node tree and turns a panic of the
// YAML library into an error, so a hostile file cannot crash the linter.
func safeYAMLUnmarshal(data []byte, n *yaml.Node) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("yaml: the YAML parser failed on this text: %v", r)
		}
	}()
	return yaml.Unmarshal(data, n)
}

// yamlErrorLine is the line of the text a YAML error of the frontmatter of
// s names (the first line of the YAML when it names none).
func yamlErrorLine(err error, s Split) int {
	msg := err.Error()
	m := yamlErrLine.FindStringSubmatchIndex(msg)
	if m == nil {
		return s.YAMLLine // YAML's line 0, the first line of the YAML
	}
	n, _ := strconv.Atoi(msg[m[2]:m[3]])
	// yaml.v3 numbers the lines of scanner errors from 1 and those of
	// parser errors from 0.
	if slices.Contains(yamlParserProblems, strings.TrimSpace(msg[m[1]:])) {
		n++
	}
	return s.YAMLLine - 1 + n
}

func yamlProblem(err error, s Split, lines *Lines) Problem {
	line, msg := yamlErrorLine(err, s), strings.TrimPrefix(err.Error(), "yaml: ")
	if m := yamlErrLine.FindStringSubmatchIndex(msg); m != nil {
		msg = msg[:m[0]] + msg[m[1]:]
	}
	msg = strings.TrimSpace(strings.TrimPrefix(msg, "unmarshal errors:"))
	line = min(max(line, 1), lines.Count())
	var repair *Replacement
	help := ""
	text := lines.Line(line)
	// The column: the tab, the colon, or else the line's first character.
	i := len(text) - len(strings.TrimLeft(text, " "))
	switch {
	case strings.Contains(msg, "tab") || strings.HasPrefix(text[i:], "\t"):
		if t := strings.IndexByte(text, '\t'); t >= 0 {
			i = t
		}
		if strings.Contains(text[:len(text)-len(strings.TrimLeft(text, " \t"))], "\t") {
			help = "YAML does not allow tabs for indentation: indent with spaces"
			repair = tabRepair(s, lines, line, err)
		}
	case msg == "mapping values are not allowed in this context":
		if key, value, colon, ok := colonInPlainValue(text); ok {
			i = colon
			help = fmt.Sprintf("a plain value cannot hold \": \": quote the value: %s: %s", key, quoteYAML(value))
			repair = quoteRepair(s, lines, line, err)
		}
	}
	if i >= len(text) {
		i = 0
	}
	return Problem{Kind: ProblemFrontmatter, Pos: Pos{Line: line, Column: utf16Width([]byte(text[:i])) + 1}, Key: "frontmatter",
		Msg: "frontmatter is not valid YAML: " + msg, Help: help, Repair: repair}
}

// tabRepair is the edit that indents with spaces the frontmatter lines
// indented with tabs (a tab becomes as many spaces as the other lines'
// smallest indentation, or 2), from the first such line to the last, whose
// YAML failed with err on the 1-based line of the text. nil unless it takes
// that error away (the YAML then parses, or fails only on a later line).
func tabRepair(s Split, lines *Lines, line int, err error) *Replacement {
	last := s.YAMLLine + bytes.Count(s.YAML, []byte("\n")) // the closing fence
	unit, first, end := 0, 0, 0
	for n := s.YAMLLine; n < last; n++ {
		t := lines.Line(n)
		ws := t[:len(t)-len(strings.TrimLeft(t, " \t"))]
		switch {
		case strings.Contains(ws, "\t"):
			if first == 0 {
				first = n
			}
			end = n
		case len(ws) > 0 && len(ws) < len(t) && (unit == 0 || len(ws) < unit):
			unit = len(ws)
		}
	}
	if first == 0 {
		return nil
	}
	spaces := strings.Repeat(" ", cmp.Or(unit, 2))
	r := &Replacement{Title: "indent with spaces", Span: Span{Start: lines.Point(lines.LineStart(first)), End: lines.Point(lines.LineStart(end) + len(lines.Line(end)))}}
	var b strings.Builder
	for n := first; n <= end; n++ {
		t := lines.Line(n)
		lead := strings.TrimLeft(t, " \t")
		if n > first {
			b.WriteByte('\n')
		}
		b.WriteString(strings.ReplaceAll(t[:len(t)-len(lead)], "\t", spaces))
		b.WriteString(lead)
	}
	r.New = b.String()
	if !takesAway(s, lines, r, line, err) {
		return nil
	}
	return r
}

// takesAway reports whether the repair r of the frontmatter of s, whose
// YAML failed with err on the 1-based line of the text, takes that error
// away: the YAML it makes parses, or fails only on a later line.
func takesAway(s Split, lines *Lines, r *Replacement, line int, err error) bool {
	yamlStart := lines.LineStart(s.YAMLLine)
	fixed := make([]byte, 0, len(s.YAML)+len(r.New))
	fixed = append(fixed, s.YAML[:r.Span.Start.Offset-yamlStart]...)
	fixed = append(fixed, r.New...)
	fixed = append(fixed, s.YAML[r.Span.End.Offset-yamlStart:]...)
	var doc yaml.Node
	err2 := safeYAMLUnmarshal(yamlLineBreaksAsSpaces(fixed), &doc)
	return err2 == nil || err2.Error() != err.Error() && yamlErrorLine(err2, s) > line
}

// quoteRepair is the edit that double-quotes the plain value holding ": "
// of the 1-based line of the text, whose YAML failed with err, with the
// lines it goes on on (indented deeper than its key), its line breaks and
// indentation kept: a wrapped value stays wrapped. nil unless quoting it
// takes that error away (the YAML then parses, or fails only on a later
// line), and when a comment or a tab leaves where the value ends uncertain.
// A comment after a value of one line stays outside the quotes.
func quoteRepair(s Split, lines *Lines, line int, err error) *Replacement {
	text := lines.Line(line)
	k := strings.Index(text, ": ")
	if k < 0 {
		return nil
	}
	indent := len(text) - len(strings.TrimLeft(text, " "))
	if strings.HasPrefix(text[indent:], "- ") {
		indent += 2 + len(text[indent+2:]) - len(strings.TrimLeft(text[indent+2:], " "))
	}
	if !simpleKey(text[indent:k]) {
		return nil
	}
	start := k + 2 + len(text[k+2:]) - len(strings.TrimLeft(text[k+2:], " "))
	end := len(text)
	if c := strings.Index(text[start:], " #"); c >= 0 {
		end = start + c
	}
	end = start + len(strings.TrimRight(text[start:end], " \t"))
	if end <= start {
		return nil
	}
	off := lines.LineStart(line)
	endOff, comment := off+end, false
	last := s.YAMLLine + bytes.Count(s.YAML, []byte("\n")) // the closing fence
	for next := line + 1; next < last; next++ {
		t := lines.Line(next)
		lead := strings.TrimLeft(t, " \t")
		if lead == "" {
			continue
		}
		ws := t[:len(t)-len(lead)]
		tab := strings.Contains(ws, "\t")
		if len(ws) <= indent && !tab {
			break
		}
		if strings.HasPrefix(lead, "#") && !tab {
			comment = true // the value ends here, unless a line goes on after it
			continue
		}
		if tab || comment || strings.Contains(lead, " #") || end < len(text) {
			return nil // a tab, or a comment: where the value ends is not certain
		}
		// The plain value goes on on this line: it is quoted with it, its
		// line breaks and indentation kept (YAML folds them alike).
		endOff = lines.LineStart(next) + len(strings.TrimRight(t, " \t"))
	}
	r := &Replacement{Title: "quote the value", Span: Span{Start: lines.Point(off + start), End: lines.Point(endOff)}}
	r.New = DoubleQuoted(lines.Text(r.Span))
	if !takesAway(s, lines, r, line, err) {
		return nil
	}
	return r
}

// colonInPlainValue finds, in a line "key: value: more" of a block mapping,
// the ": " inside the plain value that YAML took for a second key: the key,
// the whole value and the byte offset of that colon.
func colonInPlainValue(text string) (key, value string, colon int, ok bool) {
	k := strings.Index(text, ": ")
	if k < 0 {
		return "", "", 0, false
	}
	key = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(text[:k]), "- "))
	rest := text[k+2:]
	lead := len(rest) - len(strings.TrimLeft(rest, " "))
	value = strings.TrimSpace(rest)
	if value == "" || strings.ContainsAny(value[:1], "\"'{[|>&*!#") {
		return "", "", 0, false
	}
	c := strings.Index(value, ": ")
	if c < 0 {
		if !strings.HasSuffix(value, ":") {
			return "", "", 0, false
		}
		c = len(value) - 1
	}
	return key, value, k + 2 + lead + c, true
}

// simpleKey reports whether the text k before a ": " is a key written on
// its own: a plain word with no YAML indicator, or a quoted one.
func simpleKey(k string) bool {
	k = strings.TrimRight(k, " ")
	if len(k) >= 2 && (k[0] == '"' || k[0] == '\'') && k[len(k)-1] == k[0] {
		return !strings.ContainsAny(k[1:len(k)-1], `"'\`)
	}
	return k != "" && !strings.ContainsAny(k, "{}[],\"'?&*!|>%@`#:")
}

// quoteYAML writes a plain value as a YAML double-quoted string.
func quoteYAML(v string) string {
	if i := strings.Index(v, " #"); i >= 0 {
		v = strings.TrimSpace(v[:i]) // a comment is not part of the value
	}
	return DoubleQuoted(v)
}

// DoubleQuoted writes the text v as a YAML double-quoted scalar: a
// backslash and a double quote are escaped. The line breaks of a plain
// scalar's source text, and the blanks around them, are kept as they are:
// YAML folds them the same way in both styles, so a wrapped text stays
// wrapped and reads the same.
func DoubleQuoted(v string) string {
	return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(v) + `"`
}

// recoverYAML reads what it safely can of a frontmatter whose YAML does not
// parse, the error being at the file's line errLine: the top-level entries
// before the entry that holds that line and those after it, with the broken
// entry's lines left blank so that lines keep their numbers. It returns the
// top-level mapping and the broken entry's key ("" when it has none), or nil
// when the rest does not parse as a mapping either. When the text with the
// entries after the broken one does not parse, the text before it alone is
// tried: then truncated is true.
func recoverYAML(s Split, errLine int) (root *yaml.Node, broken string, truncated bool) {
	lines := strings.SplitAfter(string(s.YAML), "\n")
	at := errLine - s.YAMLLine
	if at < 0 || at >= len(lines) {
		return nil, "", false
	}
	topLevel := func(l string) bool {
		return l != "" && !strings.ContainsAny(l[:1], " \t#\n-") && !strings.HasPrefix(l, "...")
	}
	start := at
	for start > 0 && !topLevel(lines[start]) {
		start--
	}
	if !topLevel(lines[start]) {
		return nil, "", false
	}
	end := at + 1
	for end < len(lines) && !topLevel(lines[end]) {
		end++
	}
	if k, _, ok := strings.Cut(lines[start], ":"); ok {
		broken = strings.TrimSpace(k)
	}
	blank := strings.Repeat("\n", end-start)
	for i, text := range []string{
		strings.Join(lines[:start], "") + blank + strings.Join(lines[end:], ""),
		strings.Join(lines[:start], ""),
	} {
		var doc yaml.Node
		if safeYAMLUnmarshal(yamlLineBreaksAsSpaces([]byte(text)), &doc) != nil || len(doc.Content) == 0 {
			continue
		}
		if root := doc.Content[0]; root.Kind == yaml.MappingNode {
			return root, broken, i == 1
		}
	}
	return nil, "", false
}

// yamlParserProblems are the messages of yaml.v3's parser (as opposed to its
// scanner) errors.
var yamlParserProblems = []string{
	"did not find expected ',' or ']'", "did not find expected ',' or '}'", "did not find expected '-' indicator",
	"did not find expected <document start>", "did not find expected <stream-start>", "did not find expected key",
	"did not find expected node content", "found duplicate %TAG directive", "found duplicate %YAML directive",
	"found incompatible YAML document", "found undefined tag handle",
}

// duplicateKeys finds keys given twice in any mapping of the tree.
func duplicateKeys(src *yamlSource, n *yaml.Node) []Problem {
	var out []Problem
	var walk func(n *yaml.Node, depth int)
	walk = func(n *yaml.Node, depth int) {
		if n == nil || depth > maxYAMLDepth {
			return
		}
		if n.Kind == yaml.MappingNode {
			seen := map[string]*yaml.Node{}
			for i := 0; i+1 < len(n.Content); i += 2 {
				k := n.Content[i]
				if k.Kind != yaml.ScalarNode {
					continue
				}
				if first, ok := seen[k.Value]; ok {
					out = append(out, src.problem(ProblemFrontmatter, k, "frontmatter."+k.Value,
						fmt.Sprintf("key %q is given twice (first at line %d); YAML keeps only one of them, so remove or rename one", k.Value, src.pos(first).Line)))
				} else {
					seen[k.Value] = k
				}
			}
		}
		for _, c := range n.Content {
			if n.Kind != yaml.AliasNode {
				walk(c, depth+1)
			}
		}
	}
	walk(n, 0)
	return out
}

// kindName names the kind of a YAML node for messages: "mapping", "list",
// "string", "number", "boolean", "null".
func kindName(n *yaml.Node) string {
	switch n.Kind {
	case yaml.MappingNode:
		return "mapping"
	case yaml.SequenceNode:
		return "list"
	case yaml.AliasNode:
		return "alias"
	case yaml.ScalarNode:
		switch n.ShortTag() {
		case "!!str":
			return "string"
		case "!!int", "!!float":
			return "number"
		case "!!bool":
			return "boolean"
		case "!!null":
			return "null"
		}
		return "scalar"
	}
	return "document"
}

// YAMLText writes the one-line text v as a YAML scalar that reads back as
// the string v: plain when YAML reads it so (check-keys), double-quoted
// otherwise ("true", "123", "null").
func YAMLText(v string) string {
	var doc yaml.Node
	if safeYAMLUnmarshal([]byte("x: "+v), &doc) == nil && len(doc.Content) == 1 && len(doc.Content[0].Content) == 2 {
		if n := doc.Content[0].Content[1]; n.Kind == yaml.ScalarNode && n.Style == 0 && n.ShortTag() == "!!str" && n.Value == v {
			return v
		}
	}
	return DoubleQuoted(v)
}
