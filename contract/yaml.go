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
		fm.Invalid = true
		return fm, src, nil, []Problem{yamlProblem(err, s, lines)}
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
