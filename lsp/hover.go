package lsp

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"go.lsp.dev/protocol"

	"github.com/speccify/speccify-lint/contract"
	"github.com/speccify/speccify-lint/lint"
	"github.com/speccify/speccify-lint/report"
)

// hover shows, at a position: the documentation of the rules of the
// diagnostics there, or of a rule id under the cursor (a suppression
// comment's); what a frontmatter key means in the convention; on an
// example's input: or output: line, the schema it is validated against.
func (s *server) hover(_ context.Context, p *protocol.HoverParams) (any, error) {
	res, doc := s.documentLint(p.TextDocument.URI)
	if doc == nil {
		return nil, nil
	}
	x := doc.index()
	off := x.offset(p.Position, s.utf8)
	pl := newPlace(x, int(x.position(off, true).Line), off-x.start(int(x.position(off, true).Line)))
	var parts []string
	var rules []string
	for i := range res.findings {
		f := &res.findings[i]
		if f.File != doc.rel || slices.Contains(rules, f.Rule) {
			continue
		}
		if r := s.findingRange(f, doc); !before(p.Position, r.Start) && !before(r.End, p.Position) {
			rules = append(rules, f.Rule)
		}
	}
	w, _, _ := pl.word()
	if r := lint.RuleByID(w); r != nil && !slices.Contains(rules, w) && !pl.inFrontmatter() {
		rules = append(rules, w)
	}
	for _, id := range rules {
		if r := lint.RuleByID(id); r != nil {
			parts = append(parts, ruleDoc(r))
		}
	}
	if res.folder.kind == toolFolder && doc.name == "TOOL.md" {
		if pl.inFrontmatter() {
			if m := topKeyRE.FindStringSubmatch(pl.text); m != nil && pl.col <= len(m[0]) {
				if d := contract.FieldDocs[m[1]]; d != "" {
					parts = append(parts, fmt.Sprintf("**%s** (TOOL.md frontmatter)\n\n%s", m[1], d))
				}
			}
		}
		if k := pl.exampleLine(); k != "" {
			parts = append(parts, schemaDoc(res.parsed, k))
		}
	}
	if len(parts) == 0 {
		return nil, nil
	}
	return &protocol.Hover{Contents: &protocol.MarkupContent{Kind: protocol.MarkupKindMarkdown, Value: strings.Join(parts, "\n\n---\n\n")}}, nil
}

// ruleDoc is a rule's documentation in Markdown, from the rule's own
// fields (what `speccify-lint rules ID` prints).
func ruleDoc(r *lint.Rule) string {
	var b strings.Builder
	fmt.Fprintf(&b, "**%s** (%s, %s): %s\n\n%s", r.ID, r.Severity, r.Category, r.Title, strings.TrimSpace(r.Doc))
	if how := report.FixFlags(r.Autofix); how != "" {
		fmt.Fprintf(&b, "\n\nAutofix: %s (`%s`, or the quick fix).", r.Autofix, how)
	}
	if r.Example != "" {
		fmt.Fprintf(&b, "\n\nTriggers it:\n\n```\n%s\n```\n\nFixed:\n\n```\n%s\n```", r.Example, r.Fix)
	}
	fmt.Fprintf(&b, "\n\n[%s](%s)", r.ID, r.DocURL())
	return b.String()
}

// schemaDoc is the schema an example's input: (inputs) or output: line
// (outputs) is validated against, as the frontmatter writes it.
func schemaDoc(spec *contract.Spec, kind string) string {
	field := kind + "s"
	var sf *contract.SchemaField
	if spec != nil && spec.Frontmatter != nil {
		sf = spec.Frontmatter.Inputs
		if kind == "output" {
			sf = spec.Frontmatter.Outputs
		}
	}
	if sf == nil || sf.Key.Span.End.Offset == 0 {
		return fmt.Sprintf("The `%s:` line is validated against the frontmatter's `%s` schema, which it does not have.", kind, field)
	}
	lines := spec.Lines
	// The entry runs from its key to the next unindented line.
	first := sf.Key.Span.Start.Line
	last := first
	for n := first + 1; n <= lines.Count(); n++ {
		l := lines.Line(n)
		if l != "" && l[0] != ' ' && l[0] != '\t' && l[0] != '#' {
			break
		}
		last = n
	}
	var b strings.Builder
	for n := first; n <= last; n++ {
		b.WriteString(lines.Line(n))
		b.WriteString("\n")
	}
	return fmt.Sprintf("The `%s:` line is validated against `%s`:\n\n```yaml\n%s```", kind, field, b.String())
}
