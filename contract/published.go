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

// Region is a piece of a TOOL.md's text that reaches an agent's context,
// named for findings about its characters: a part of the frontmatter
// (FrontmatterParts), or an example's title, input: or output: line.
type Region struct {
	// Span is its source text.
	Span Span
	// Field is the frontmatter key it is the entry of; "" for the text of
	// the frontmatter between entries, or for an example's line.
	Field string
	// Example is the title of the example whose line it is, and Line that
	// line: "title", "input" or "output".
	Example, Line string
}

// Key is the region's logical key: the frontmatter key, the example's
// title and line ("title.input"), or "frontmatter".
func (r Region) Key() string {
	switch {
	case r.Line != "":
		return r.Example + "." + r.Line
	case r.Field != "":
		return r.Field
	}
	return "frontmatter"
}

// Cases are the example cases; none when TOOL.md has no examples or its
// body is unknown (an unclosed frontmatter).
func (s *Spec) Cases() []Case {
	if (s.Split.HasFrontmatter && !s.Split.Closed) || s.Examples == nil {
		return nil
	}
	return s.Examples.Cases
}

// EachRegion calls fn with each region of the frontmatter (the parts of
// keys, all with nil) and of the examples (their titles, and their input:
// and output: lines' JSON), for a check that finds something in a region's
// text only where found says so: the frontmatter's entries are read (which
// costs) only when found finds something in its whole text.
func (s *Spec) EachRegion(keys []string, found func(Span) bool, fn func(Region)) {
	if whole, ok := s.FrontmatterSpan(); ok && found(whole) {
		for _, p := range s.FrontmatterParts(keys) {
			fn(Region{Span: p.Span, Field: p.Key})
		}
	}
	for _, cs := range s.Cases() {
		if cs.TitleSpan.End.Offset > cs.TitleSpan.Start.Offset {
			fn(Region{Span: cs.TitleSpan, Example: cs.Title, Line: "title"})
		}
		if l := cs.Input; l != nil && l.Span.End.Offset > l.Span.Start.Offset {
			fn(Region{Span: l.Span, Example: cs.Title, Line: "input"})
		}
		if l := cs.Output; l != nil && l.Span.End.Offset > l.Span.Start.Offset {
			fn(Region{Span: l.Span, Example: cs.Title, Line: "output"})
		}
	}
}
