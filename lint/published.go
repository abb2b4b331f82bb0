package lint

import (
	"fmt"

	"github.com/speccify/speccify-lint/contract"
	"github.com/speccify/speccify-lint/internal/hiddentext"
)

// textRegion is a piece of a TOOL.md's text that the contract publishes or
// that the export and the MCP server are made from, named for findings:
// hidden-text and machine-specific read it as written, so that a finding
// is at the exact characters. Its names are made only for a finding.
type textRegion struct {
	// span is its source text.
	span contract.Span
	// field is the frontmatter key it is the entry of; "" for the text of
	// the frontmatter between entries, or for an example's line.
	field string
	// example is the title of the example whose line it is, and line that
	// line: "title", "input" or "output".
	example, line string
}

// subject is what a message says holds something: "description holds",
// "the input of example "x" holds", "the frontmatter holds".
func (r textRegion) subject() string {
	switch {
	case r.line != "":
		return fmt.Sprintf("the %s of example %q holds", r.line, hiddentext.Visible(r.example))
	case r.field != "":
		return hiddentext.Visible(r.field) + " holds" // a key can hold hidden characters too
	}
	return "the frontmatter holds"
}

// key is the findings' logical key: the frontmatter key, or the example's
// title and line.
func (r textRegion) key() string {
	switch {
	case r.line != "":
		return r.example + "." + r.line
	case r.field != "":
		return r.field
	}
	return "frontmatter"
}

// frontmatterRegions are the parts of the frontmatter
// (contract.Spec.FrontmatterParts) as regions named by their keys.
func (c *toolCheck) frontmatterRegions(keys []string) []textRegion {
	parts := c.spec.FrontmatterParts(keys)
	out := make([]textRegion, 0, len(parts))
	for _, p := range parts {
		out = append(out, textRegion{span: p.Span, field: p.Key})
	}
	return out
}

// eachRegion calls fn with each region of the frontmatter (those of keys,
// all with nil) and of the examples (their titles, and their input: and
// output: lines' JSON), for a check that finds something in a region's
// text only where found says so: the frontmatter's entries are read
// (which costs) only when found finds something in its whole text.
func (c *toolCheck) eachRegion(keys []string, found func(contract.Span) bool, fn func(textRegion)) {
	if whole, ok := c.spec.FrontmatterSpan(); ok && found(whole) {
		for _, r := range c.frontmatterRegions(keys) {
			fn(r)
		}
	}
	for _, cs := range c.cases() {
		if cs.TitleSpan.End.Offset > cs.TitleSpan.Start.Offset {
			fn(textRegion{span: cs.TitleSpan, example: cs.Title, line: "title"})
		}
		if l := cs.Input; l != nil && l.Span.End.Offset > l.Span.Start.Offset {
			fn(textRegion{span: l.Span, example: cs.Title, line: "input"})
		}
		if l := cs.Output; l != nil && l.Span.End.Offset > l.Span.Start.Offset {
			fn(textRegion{span: l.Span, example: cs.Title, line: "output"})
		}
	}
}
