package contract

import (
	"bytes"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"
)

// Frontmatter is the parsed YAML frontmatter of a TOOL.md.
type Frontmatter struct {
	// Pos is the place of the opening "---".
	Pos Pos
	// Root is the top-level mapping node; nil for an empty frontmatter.
	Root *yaml.Node
	// Fields are the top-level keys in document order.
	Fields []Field

	lines    *Lines
	lineBase int // frontmatter line 1 is text line lineBase+1
}

// Field is one top-level key of the frontmatter and its value.
type Field struct {
	Key    string
	KeyPos Pos
	Value  *yaml.Node
}

// Field returns the field with the given key, or nil.
func (f *Frontmatter) Field(key string) *Field {
	if f == nil {
		return nil
	}
	for i := range f.Fields {
		if f.Fields[i].Key == key {
			return &f.Fields[i]
		}
	}
	return nil
}

// NodePos is the place of a YAML node of this frontmatter in the TOOL.md.
func (f *Frontmatter) NodePos(n *yaml.Node) Pos {
	if n == nil || n.Line == 0 {
		return Pos{Line: f.lineBase, Column: 1}
	}
	return f.lines.RuneColumn(f.lineBase+n.Line, n.Column)
}

var yamlErrLine = regexp.MustCompile(`line (\d+): `)

// parseFrontmatter parses the YAML of a split TOOL.md. A YAML error, a
// non-mapping document and duplicate keys are problems; the frontmatter is
// still returned (with Root nil) so that the body can be checked.
func parseFrontmatter(s Split, lines *Lines) (fm *Frontmatter, problems []Problem) {
	fm = &Frontmatter{Pos: Pos{Line: s.OpenLine, Column: 1}, lines: lines, lineBase: s.YAMLLine - 1}
	var doc yaml.Node
	err := safeYAMLUnmarshal(yamlLineBreaksAsSpaces(s.YAML), &doc)
	if err != nil {
		return fm, []Problem{yamlProblem(err, s, lines)}
	}
	if doc.Kind == 0 || len(doc.Content) == 0 { // empty: every field missing
		return fm, nil
	}
	root := doc.Content[0]
	if root.Kind == yaml.ScalarNode && root.Tag == "!!null" {
		return fm, nil
	}
	if root.Kind != yaml.MappingNode {
		return fm, []Problem{{Kind: ProblemFrontmatter, Pos: fm.NodePos(root), Key: "frontmatter",
			Msg: fmt.Sprintf("frontmatter is a %s, not a mapping of keys such as name:, inputs:, outputs:", KindName(root))}}
	}
	problems = append(problems, duplicateKeys(fm, root)...)
	fm.Root = root
	for i := 0; i+1 < len(root.Content); i += 2 {
		k, v := root.Content[i], root.Content[i+1]
		if k.Kind != yaml.ScalarNode {
			problems = append(problems, Problem{Kind: ProblemValue, Pos: fm.NodePos(k), Key: "frontmatter",
				Msg: "a frontmatter key must be a plain word such as name:, not a " + KindName(k)})
			continue
		}
		fm.Fields = append(fm.Fields, Field{Key: k.Value, KeyPos: fm.NodePos(k), Value: v})
	}
	return fm, problems
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

func yamlProblem(err error, s Split, lines *Lines) Problem {
	msg := strings.TrimPrefix(err.Error(), "yaml: ")
	line := s.YAMLLine // no line named: YAML's line 0, the first line of the YAML
	if m := yamlErrLine.FindStringSubmatchIndex(msg); m != nil {
		n, _ := strconv.Atoi(msg[m[2]:m[3]])
		rest := msg[m[1]:]
		// yaml.v3 numbers the lines of scanner errors from 1 and those of
		// parser errors from 0.
		if slices.Contains(yamlParserProblems, strings.TrimSpace(rest)) {
			n++
		}
		line = s.YAMLLine - 1 + n
		msg = msg[:m[0]] + rest
	}
	msg = strings.TrimSpace(strings.TrimPrefix(msg, "unmarshal errors:"))
	line = min(max(line, 1), lines.Count())
	col := 1
	if text := lines.Line(line); strings.Contains(msg, "tab") || strings.HasPrefix(strings.TrimLeft(text, " "), "\t") {
		if i := strings.IndexByte(text, '\t'); i >= 0 {
			col = utf16Width([]byte(text[:i])) + 1
		}
	}
	return Problem{Kind: ProblemFrontmatter, Pos: Pos{Line: line, Column: col}, Key: "frontmatter",
		Msg: "frontmatter is not valid YAML: " + msg}
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
func duplicateKeys(fm *Frontmatter, n *yaml.Node) []Problem {
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
					out = append(out, Problem{Kind: ProblemFrontmatter, Pos: fm.NodePos(k), Key: "frontmatter." + k.Value,
						Msg: fmt.Sprintf("key %q is given twice (first at line %d); YAML keeps only one of them, so remove or rename one", k.Value, fm.NodePos(first).Line)})
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

// KindName names the kind of a YAML node for messages: "mapping", "list",
// "string", "number", "boolean", "null".
func KindName(n *yaml.Node) string {
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
