package contract

import (
	"path/filepath"
	"regexp"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/text"
)

// SkillLink is a link of a SKILL.md to a tool folder (../../tools/<name>/).
type SkillLink struct {
	// Destination is the link target as written.
	Destination string
	// Tool is the tool folder name it names.
	Tool string
	// Pos is the place of the link in SKILL.md.
	Pos Pos
}

var toolLink = regexp.MustCompile(`^(?:\./)?\.\./\.\./tools/([^/#?]+)(?:/[^#?]*)?(?:[#?].*)?$`)

// SkillToolLinks returns the links of a normalised SKILL.md text that lead to
// a tool folder, in document order. Links in code are text.
func SkillToolLinks(src []byte) []SkillLink {
	lines := NewLines(src)
	doc := markdown.Parser().Parse(text.NewReader(src))
	var out []SkillLink
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		var dest string
		switch l := n.(type) {
		case *ast.Link:
			dest = string(l.Destination)
		case *ast.Image:
			return ast.WalkSkipChildren, nil
		default:
			return ast.WalkContinue, nil
		}
		if m := toolLink.FindStringSubmatch(dest); m != nil {
			out = append(out, SkillLink{Destination: dest, Tool: m[1], Pos: lines.Offset(inlineStart(n, src))})
		}
		return ast.WalkContinue, nil
	})
	return out
}

// inlineStart is the byte offset of an inline node: its own position when
// the parser recorded one, else the start of its first text.
func inlineStart(n ast.Node, src []byte) int {
	if p := n.Pos(); p >= 0 {
		return p
	}
	for c := n.FirstChild(); c != nil; c = c.FirstChild() {
		if t, ok := c.(*ast.Text); ok {
			return max(t.Segment.Start-1, 0)
		}
	}
	for p := n.Parent(); p != nil; p = p.Parent() {
		if p.Type() == ast.TypeBlock {
			return blockStart(p, src)
		}
	}
	return 0
}

// LinkedToolDir is the tool folder a skill link leads to.
func LinkedToolDir(skillDir string, l SkillLink) string {
	return filepath.Join(skillDir, "..", "..", "tools", l.Tool)
}
