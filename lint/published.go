package lint

import (
	"fmt"
	"slices"
	"strings"

	"github.com/speccify/speccify-lint/contract"
)

// textRegion is a piece of a TOOL.md's text that the contract publishes or
// that the export and the MCP server are made from, named for findings:
// hidden-text and machine-specific read it as written, so that a finding
// is at the exact characters.
type textRegion struct {
	// span is its source text.
	span contract.Span
	// what names it in a message: "description", "the input of example
	// \"x\"", "the frontmatter".
	what string
	// key is the findings' logical key: the frontmatter key, or the
	// example's title and line.
	key string
}

// exportedFields are the frontmatter keys that `speccify-lint export
// --format mcp` and `speccify-lint mcp` publish (package mcptool): a tool
// definition's name, description, inputSchema and outputSchema.
var exportedFields = []string{"name", "description", "inputs", "outputs"}

// frontmatterRegions are the top-level entries of the frontmatter, each
// from its key to the end of its value, named by its key: those of keys
// (all of them when keys is nil). With all, the text between entries
// (comments, blank lines) is "the frontmatter", and so is all of it when
// its entries could not be read (YAML that does not parse).
func (c *toolCheck) frontmatterRegions(keys []string) []textRegion {
	sp := c.spec.Split
	if !sp.HasFrontmatter || !sp.Closed {
		return nil
	}
	lines := c.spec.Lines
	start := lines.LineStart(sp.YAMLLine)
	whole := contract.Span{Start: lines.Point(start), End: lines.Point(start + len(sp.YAML))}
	col := c.spec.Frontmatter.Collection()
	if col == nil {
		if keys != nil {
			return nil
		}
		return []textRegion{{span: whole, what: "the frontmatter", key: "frontmatter"}}
	}
	var out []textRegion
	gap := func(from, to contract.Point) {
		if keys == nil && to.Offset > from.Offset {
			out = append(out, textRegion{span: contract.Span{Start: from, End: to}, what: "the frontmatter", key: "frontmatter"})
		}
	}
	prev := whole.Start
	for _, e := range col.Entries {
		gap(prev, e.Span.Start)
		if keys == nil || slices.Contains(keys, e.Key) {
			out = append(out, textRegion{span: e.Span, what: e.Key, key: e.Key})
		}
		prev = e.Span.End
	}
	gap(prev, whole.End)
	return out
}

// exampleRegions are the examples' titles and their input: and output:
// lines' JSON. title cleans a title for a message.
func (c *toolCheck) exampleRegions(title func(string) string) []textRegion {
	var out []textRegion
	for _, cs := range c.cases() {
		t := title(cs.Title)
		if cs.TitleSpan.End.Offset > cs.TitleSpan.Start.Offset {
			out = append(out, textRegion{span: cs.TitleSpan, what: fmt.Sprintf("the title of example %q", t), key: cs.Title + ".title"})
		}
		for _, l := range []struct {
			name string
			line *contract.ExampleLine
		}{{"input", cs.Input}, {"output", cs.Output}} {
			if l.line != nil && l.line.Span.End.Offset > l.line.Span.Start.Offset {
				out = append(out, textRegion{span: l.line.Span, what: fmt.Sprintf("the %s of example %q", l.name, t), key: cs.Title + "." + l.name})
			}
		}
	}
	return out
}

// subject is what a message says holds something: "description holds",
// "the input of example "x" holds".
func (r textRegion) subject() string {
	return strings.TrimSpace(r.what) + " holds"
}
