package report

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strings"

	"github.com/speccify/speccify-lint/lint"
)

// githubShown is how many annotations of each kind (error, warning, notice)
// GitHub shows for one step.
const githubShown = 10

// writeGitHub renders GitHub Actions workflow commands: an annotation per
// finding, errors first, then warnings, then notices, each kind in file
// order; a notice when GitHub will hide some; then the text report for the
// log, fenced by ::stop-commands:: so that nothing a tool printed can act as
// a workflow command.
func writeGitHub(b *bytes.Buffer, r *lint.Result, opt Options) error {
	items := collect(r)
	kinds := []struct {
		command string
		match   func(lint.Severity) bool
	}{
		{"error", func(s lint.Severity) bool { return s >= lint.SeverityError }},
		{"warning", func(s lint.Severity) bool { return s == lint.SeverityWarning }},
		{"notice", func(s lint.Severity) bool { return s < lint.SeverityWarning }},
	}
	hidden := 0
	for _, k := range kinds {
		n := 0
		if k.command == "error" {
			for _, e := range r.InternalErrors {
				fmt.Fprintf(b, "::error title=%s::%s\n", escapeProperty(toolName+" internal error"), escapeData(cleanText(e)))
				n++
			}
		}
		for _, it := range items {
			if !k.match(it.f.Severity) {
				continue
			}
			fmt.Fprintf(b, "::%s file=%s,line=%d,col=%d,title=%s::%s\n", k.command,
				escapeProperty(it.f.File), max(it.f.Line, 1), max(it.f.Column, 1),
				escapeProperty(toolName+" "+it.f.Rule), escapeData(detail(it)))
			n++
		}
		hidden += max(n-githubShown, 0)
	}
	if hidden > 0 {
		fmt.Fprintf(b, "::notice::%d annotations were not shown by GitHub (it shows %d per kind); see the job log, the SARIF report or the step summary.\n", hidden, githubShown)
	}

	var text bytes.Buffer
	if writeTextBody(&text, r, false) {
		text.WriteString("\n")
	}
	writeTextSummary(&text, r, false)
	// The token depends on the text it fences, so the text cannot contain
	// the line that ends the fence; and the output stays deterministic.
	sum := sha256.Sum256(text.Bytes())
	token := "speccify-lint-" + hex.EncodeToString(sum[:16])
	if len(items) > 0 || len(r.InternalErrors) > 0 {
		b.WriteString("\n")
	}
	fmt.Fprintf(b, "::stop-commands::%s\n", token)
	b.Write(text.Bytes())
	fmt.Fprintf(b, "::%s::\n", token)
	return nil
}

// escapeData escapes the message of a workflow command.
func escapeData(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A").Replace(s)
}

// escapeProperty escapes a property value (file=, title=) of a workflow
// command.
func escapeProperty(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C").Replace(s)
}
