package contract

import "bytes"

// Split is a TOOL.md text cut into its YAML frontmatter and its Markdown body.
// Lines are 1-based lines of the whole (normalised) text.
type Split struct {
	// HasFrontmatter is true when the text starts with a "---" line.
	HasFrontmatter bool
	// Closed is true when the frontmatter ends with a second "---" line.
	Closed bool
	// OpenLine and CloseLine are the lines of the two fences.
	OpenLine, CloseLine int
	// YAML is the text between the fences; it starts at line YAMLLine.
	YAML     []byte
	YAMLLine int
	// Body is the Markdown after the closing fence (the whole text when there
	// is no frontmatter); it starts at byte BodyOffset of the text.
	Body       []byte
	BodyOffset int
}

// splitFrontmatter cuts a normalised text (LF line endings, no BOM). The
// frontmatter starts with a first line "---" and ends at the next "---" line
// (trailing blanks are allowed on both). An unclosed frontmatter has Closed
// false and no body.
func splitFrontmatter(text []byte) Split {
	first, _, _ := bytes.Cut(text, []byte("\n"))
	if !isFence(first) {
		return Split{Body: text}
	}
	s := Split{HasFrontmatter: true, OpenLine: 1, YAMLLine: 2}
	off := len(first) + 1
	if off > len(text) { // "---" without a newline
		return s
	}
	line := 2
	for start := off; start <= len(text); line++ {
		end := bytes.IndexByte(text[start:], '\n')
		lineEnd := start + end
		if end < 0 {
			lineEnd = len(text)
		}
		if isFence(text[start:lineEnd]) {
			s.Closed = true
			s.CloseLine = line
			s.YAML = text[off:start]
			s.BodyOffset = min(lineEnd+1, len(text))
			s.Body = text[s.BodyOffset:]
			return s
		}
		if end < 0 {
			break
		}
		start = lineEnd + 1
	}
	s.YAML = text[off:]
	s.BodyOffset = len(text)
	return s
}

func isFence(line []byte) bool {
	return string(bytes.TrimRight(line, " \t")) == "---"
}
