package report

import (
	"bytes"
	"fmt"
	"io"
	"strings"

	"github.com/speccify/speccify-lint/lint"
)

// ruleDocWidth is the width the documentation of one rule is wrapped to.
const ruleDocWidth = 78

// WriteRuleDoc writes the whole documentation of one rule as text: its id,
// title, severity and category, its Doc wrapped to 78 columns, an excerpt
// that triggers it and the excerpt fixed, and its documentation page.
func WriteRuleDoc(w io.Writer, r *lint.Rule) error {
	var b bytes.Buffer
	fmt.Fprintf(&b, "%s: %s\n", r.ID, oneLine(r.Title))
	fmt.Fprintf(&b, "default severity %s, category %s", r.Severity, r.Category)
	if how := FixFlags(r.Autofix); how != "" {
		fmt.Fprintf(&b, ", %s fix (%s)", r.Autofix, how)
	}
	b.WriteString("\n\n")
	for _, line := range wrapWords(oneLine(r.Doc), ruleDocWidth) {
		b.WriteString(line + "\n")
	}
	b.WriteString("\nTriggers it:\n\n")
	writeIndented(&b, r.Example)
	b.WriteString("\nFixed:\n\n")
	writeIndented(&b, r.Fix)
	fmt.Fprintf(&b, "\nMore: %s\n", r.DocURL())
	_, err := w.Write(b.Bytes())
	return err
}

// writeIndented writes each line of s indented by four spaces.
func writeIndented(b *bytes.Buffer, s string) {
	for line := range strings.Lines(s) {
		b.WriteString(strings.TrimRight("    "+line, " \n") + "\n")
	}
}

// wrapWords breaks the words of s into lines of at most width columns (a
// longer word has a line of its own).
func wrapWords(s string, width int) []string {
	var lines []string
	line := ""
	for _, word := range strings.Fields(s) {
		switch {
		case line == "":
			line = word
		case len(line)+1+len(word) <= width:
			line += " " + word
		default:
			lines = append(lines, line)
			line = word
		}
	}
	if line != "" {
		lines = append(lines, line)
	}
	return lines
}
