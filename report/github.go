package report

import (
	"bytes"
	"cmp"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/speccify/speccify-lint/result"
)

// githubShown is how many annotations of each kind (error, warning, notice)
// GitHub shows for one step.
const githubShown = 10

// writeGitHub renders GitHub Actions workflow commands: an annotation per
// finding, errors first, then warnings, then notices, each kind in the order
// of annotationOrder; a notice when GitHub will hide some; then the text
// report for the
// log, fenced by ::stop-commands:: so that nothing a tool printed can act as
// a workflow command.
func writeGitHub(b *bytes.Buffer, r *result.Result, opt Options) error {
	items := collect(r)
	kinds := []struct {
		command string
		match   func(result.Severity) bool
	}{
		{"error", func(s result.Severity) bool { return s >= result.SeverityError }},
		{"warning", func(s result.Severity) bool { return s == result.SeverityWarning }},
		{"notice", func(s result.Severity) bool { return s < result.SeverityWarning }},
	}
	hidden := 0
	for _, k := range kinds {
		n := 0
		if k.command == "error" {
			for _, e := range r.InternalErrors {
				fmt.Fprintf(b, "::error title=%s::%s\n", escapeProperty(toolName+" internal error"), escapeData(commandText(e)))
				n++
			}
		}
		for _, it := range annotationOrder(items, k.match) {
			fmt.Fprintf(b, "::%s file=%s,line=%d,col=%d,title=%s::%s\n", k.command,
				escapeProperty(commandLine(it.f.File)), max(it.f.Line, 1), max(it.f.Column, 1),
				escapeProperty(commandLine(toolName+" "+it.f.Rule)), escapeData(commandText(detail(it))))
			n++
		}
		hidden += max(n-githubShown, 0)
	}
	if hidden > 0 {
		fmt.Fprintf(b, "::notice::%d annotations were not shown by GitHub (it shows %d per kind); see the job log, the SARIF report or the step summary.\n", hidden, githubShown)
	}

	var body bytes.Buffer
	if writeTextBody(&body, r, Options{noSnippets: true}) {
		body.WriteString("\n")
	}
	writeTextSummary(&body, r, false, opt.NotRun)
	// The text is neutralised as the text format is: the guard keeps "::"
	// at the start of a line, where a line of the text may start with a
	// path.
	text := humanGuard(body.Bytes())
	// The token depends on the text it fences, so the text cannot contain
	// the line that ends the fence; and the output stays deterministic.
	sum := sha256.Sum256(text)
	token := "speccify-lint-" + hex.EncodeToString(sum[:16])
	if len(items) > 0 || len(r.InternalErrors) > 0 {
		b.WriteString("\n")
	}
	fmt.Fprintf(b, "::stop-commands::%s\n", token)
	b.Write(text)
	fmt.Fprintf(b, "::%s::\n", token)
	return nil
}

// annotationOrder lists the items of one kind of annotation (those whose
// severity match accepts) in the order that spends GitHub's budget of
// githubShown per kind well: findings of failing examples first, then the
// others; within each, every tool's first finding before any tool's second,
// and so on; then place order (path, line, column). items are in place
// order.
func annotationOrder(items []item, match func(result.Severity) bool) []item {
	type ranked struct {
		it          item
		class, rank int
	}
	var list []ranked
	seen := map[[2]string]int{} // class and tool: findings so far
	for _, it := range items {
		if !match(it.f.Severity) {
			continue
		}
		class := 1
		if it.ex != nil {
			if v := verdict(it.ex); v == result.StatusFailed || v == result.StatusErrored {
				class = 0
			}
		}
		key := [2]string{strconv.Itoa(class), cmp.Or(it.f.Tool, it.f.File)}
		list = append(list, ranked{it, class, seen[key]})
		seen[key]++
	}
	slices.SortStableFunc(list, func(a, b ranked) int {
		return cmp.Or(cmp.Compare(a.class, b.class), cmp.Compare(a.rank, b.rank))
	})
	out := make([]item, len(list))
	for i, r := range list {
		out[i] = r.it
	}
	return out
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
