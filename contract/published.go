package contract

import "slices"

// PublishedFields are the frontmatter keys a tool's MCP definition is made
// of (`speccify-lint export --format mcp` and `speccify-lint mcp`, package
// mcptool): its name, description, inputSchema and outputSchema.
var PublishedFields = []string{"name", "description", "inputs", "outputs"}

// FrontmatterSpan is the YAML text of a closed frontmatter; ok is false
// when there is none.
func (s *Spec) FrontmatterSpan() (sp Span, ok bool) {
	split := s.Split
	if !split.HasFrontmatter || !split.Closed {
		return Span{}, false
	}
	start := s.Lines.LineStart(split.YAMLLine)
	return Span{Start: s.Lines.Point(start), End: s.Lines.Point(start + len(split.YAML))}, true
}

// FrontmatterPart is a piece of a frontmatter's text: a top-level entry,
// from its key to the end of its value, or the text between entries.
type FrontmatterPart struct {
	Span Span
	// Key is the entry's key; "" for the text between entries (comments,
	// blank lines), or for the whole frontmatter when its entries could not
	// be read.
	Key string
}

// FrontmatterParts are the top-level entries of the frontmatter, in
// order: those of keys, or, when keys is nil, all of them with the text
// between them (and all of the text as one part with no Key when its
// entries could not be read: YAML that does not parse). Nil without a
// closed frontmatter.
func (s *Spec) FrontmatterParts(keys []string) []FrontmatterPart {
	whole, ok := s.FrontmatterSpan()
	if !ok {
		return nil
	}
	col := s.Frontmatter.Collection()
	if col == nil {
		if keys != nil {
			return nil
		}
		return []FrontmatterPart{{Span: whole}}
	}
	var out []FrontmatterPart
	gap := func(from, to Point) {
		if keys == nil && to.Offset > from.Offset {
			out = append(out, FrontmatterPart{Span: Span{Start: from, End: to}})
		}
	}
	prev := whole.Start
	for _, e := range col.Entries {
		gap(prev, e.Span.Start)
		if keys == nil || slices.Contains(keys, e.Key) {
			out = append(out, FrontmatterPart{Span: e.Span, Key: e.Key})
		}
		prev = e.Span.End
	}
	gap(prev, whole.End)
	return out
}
