package contract

import "strings"

// AppendCase is the edit that adds an example case (text: a "### title"
// line and its input: and output: lines) as the last case of the
// ## Examples section ex of lines' text: after the section's last line
// that is not blank, a blank line between, so that the blank lines and the
// heading after the section stay as they are.
func AppendCase(lines *Lines, ex *Examples, text string) Edit {
	before := lines.Text(Span{End: Point{Offset: ex.End}})
	for {
		t := strings.TrimRight(before, "\n")
		nl := strings.LastIndexByte(t, '\n')
		if nl < 0 || strings.TrimSpace(t[nl+1:]) != "" {
			before = t
			break
		}
		before = t[:nl+1]
	}
	at := len(before)
	return TextEdit(lines, at, at, "\n\n"+strings.TrimSuffix(text, "\n"))
}
