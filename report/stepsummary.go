package report

import (
	"bytes"
	"fmt"
	"os"
	"strconv"
	"strings"

	"github.com/speccify/speccify-lint/result"
)

// stepSummaryCap is GitHub's limit on one step's summary: 1 MiB.
const stepSummaryCap = 1 << 20

// summaryDiffs is how many differences of one example the summary lists.
const summaryDiffs = 10

// AppendStepSummary appends a Markdown summary of r to the file at path
// (GitHub's $GITHUB_STEP_SUMMARY), creating it if needed: a totals table,
// then a table of example verdicts and one of findings per tool, tools with
// errors or failing examples first, and one line for the tools that passed
// with nothing to show; locations link to the source with
// Options.SourceURL. GitHub accepts at most 1 MiB per step,
// so the summary is cut (with a note saying so) to keep the file within
// 1 MiB; when the file is already that large nothing is appended. Commands
// of CI systems in it are neutralised as in the text report.
func AppendStepSummary(path string, r *result.Result, opt Options) error {
	if r == nil {
		return fmt.Errorf("report: no result to summarize")
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
	if err != nil {
		return fmt.Errorf("report: step summary: %w", err)
	}
	budget := stepSummaryCap
	if st, err := f.Stat(); err == nil {
		budget -= int(min(st.Size(), stepSummaryCap))
	}
	var b bytes.Buffer
	writeStepSummary(&b, r, opt)
	_, err = f.Write(capMarkdown(humanGuard(b.Bytes()), budget))
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("report: step summary: %w", err)
	}
	return nil
}

// capMarkdown cuts md to at most limit bytes at a line end and says so.
func capMarkdown(md []byte, limit int) []byte {
	if len(md) <= limit {
		return md
	}
	const note = "\n> [!WARNING]\n> This summary was cut at GitHub's 1 MiB limit; the job log and the SARIF or JUnit reports have everything.\n"
	cut := limit - len(note)
	if cut <= 0 {
		return nil
	}
	if i := bytes.LastIndexByte(md[:cut], '\n'); i >= 0 {
		cut = i + 1
	} else {
		cut = 0
	}
	return append(md[:cut:cut], note...)
}

// writeStepSummary renders the whole Markdown summary.
func writeStepSummary(b *bytes.Buffer, r *result.Result, opt Options) {
	s := summary(r)
	b.WriteString("## " + toolName + "\n\n")
	var facts []string
	if r.Version != "" {
		facts = append(facts, toolName+" "+mdCode(r.Version))
	}
	if r.Platform != "" {
		facts = append(facts, "platform "+mdCode(r.Platform))
	}
	if r.Shard != "" {
		facts = append(facts, "shard "+mdCode(r.Shard))
	}
	if len(facts) > 0 {
		b.WriteString(strings.Join(facts, ", ") + "\n\n")
	}
	if r.Interrupted {
		b.WriteString("> [!WARNING]\n> The run was interrupted; the results are incomplete.\n\n")
	}
	if len(r.InternalErrors) > 0 {
		b.WriteString("> [!CAUTION]\n> " + toolName + " failed:\n")
		for _, e := range r.InternalErrors {
			b.WriteString("> - " + mdText(e) + "\n")
		}
		b.WriteString("\n")
	}
	if r.Ran {
		b.WriteString("| Tools | Errors | Warnings | Notes | Passed | Failed | Errored | Skipped |\n")
		b.WriteString("| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n")
		fmt.Fprintf(b, "| %d | %d | %d | %d | %d | %d | %d | %d |\n\n",
			s.Tools, s.Errors, s.Warnings, s.Notes, s.Passed, s.Failed, s.Errored, s.Skipped)
	} else {
		b.WriteString("| Tools | Errors | Warnings | Notes |\n")
		b.WriteString("| ---: | ---: | ---: | ---: |\n")
		fmt.Fprintf(b, "| %d | %d | %d | %d |\n\n", s.Tools, s.Errors, s.Warnings, s.Notes)
		b.WriteString("The examples were not run.\n\n")
	}

	if opt.Against != "" {
		b.WriteString("### Contract changes since " + mdCode(opt.Against) + "\n\n")
		writeDriftMarkdown(b, opt.Drift, opt)
	}

	order := toolOrder(r)
	var passed []string
	for _, failing := range []bool{true, false} {
		for _, i := range order {
			t := &r.Tools[i]
			switch {
			case toolFails(t) != failing:
			case toolPasses(t, r.Ran):
				passed = append(passed, opt.sourceLink(mdText(t.DisplayName()), t.Spec, 0)+examplesCount(t, r.Ran))
			default:
				writeToolSummary(b, t, r.Ran, opt)
			}
		}
	}
	if len(passed) > 0 {
		fmt.Fprintf(b, "✅ %s passed: %s\n\n", Plural(len(passed), "tool"), strings.Join(passed, ", "))
	}

	var other []result.Finding
	other = append(other, r.Findings...)
	for _, sk := range r.Skills {
		other = append(other, sk.Findings...)
	}
	if len(other) > 0 {
		b.WriteString("### Other findings\n\n")
		writeFindingTable(b, sortedFindings(other), "", opt)
	}
}

// toolFails reports whether a tool has an error or a failing example.
func toolFails(t *result.ToolResult) bool {
	for _, f := range t.Findings {
		if f.Severity >= result.SeverityError {
			return true
		}
	}
	for i := range t.Examples {
		if v := verdict(&t.Examples[i]); v == result.StatusFailed || v == result.StatusErrored {
			return true
		}
	}
	return false
}

// toolPasses reports whether a tool has nothing to show: no finding, no
// skip, and, when the examples ran, no example that did not pass.
func toolPasses(t *result.ToolResult, ran bool) bool {
	if len(t.Findings) > 0 || (ran && t.Skipped != "") {
		return false
	}
	for i := range t.Examples {
		if e := &t.Examples[i]; len(e.Findings) > 0 || (ran && e.Status != result.StatusPassed) {
			return false
		}
	}
	return true
}

// examplesCount is " (N examples)" for a tool whose examples ran, else "".
func examplesCount(t *result.ToolResult, ran bool) string {
	if !ran || len(t.Examples) == 0 {
		return ""
	}
	return " (" + Plural(len(t.Examples), "example") + ")"
}

// writeToolSummary renders one tool: its verdict, examples and findings.
func writeToolSummary(b *bytes.Buffer, t *result.ToolResult, ran bool, opt Options) {
	findings := append([]result.Finding(nil), t.Findings...)
	for _, e := range t.Examples {
		findings = append(findings, e.Findings...)
	}
	icon := "✅"
	switch {
	case toolFails(t):
		icon = "❌"
	case len(findings) > 0:
		icon = "⚠️"
	case t.Skipped != "":
		icon = "⏭️"
	}
	fmt.Fprintf(b, "### %s %s\n\n%s\n\n", icon, mdText(t.DisplayName()), opt.sourceLink(mdCode(t.Spec), t.Spec, 0))
	if t.Skipped != "" {
		b.WriteString("Examples not run: " + mdText(t.Skipped) + "\n\n")
	}
	if len(t.Examples) > 0 && ran {
		b.WriteString("| | Example | Details |\n| :-: | --- | --- |\n")
		for i := range t.Examples {
			e := &t.Examples[i]
			icon, details := exampleVerdict(t, e)
			fmt.Fprintf(b, "| %s | %s | %s |\n", icon, opt.sourceLink(mdText(e.Title), t.Spec, e.Line), details)
		}
		b.WriteString("\n")
	}
	if len(findings) > 0 {
		writeFindingTable(b, sortedFindings(findings), t.Spec, opt)
	}
}

// exampleVerdict is the icon and the Markdown details of an example's row.
func exampleVerdict(t *result.ToolResult, e *result.ExampleResult) (string, string) {
	switch status := verdict(e); status {
	case result.StatusPassed:
		return "✅", ""
	case result.StatusFailed, result.StatusErrored:
		var parts []string
		for i, d := range e.Differences {
			if i == summaryDiffs {
				parts = append(parts, fmt.Sprintf("… and %d more", len(e.Differences)-summaryDiffs))
				break
			}
			parts = append(parts, mdText(d.String()))
		}
		if e.Status == result.StatusPassed {
			// The run passed; an error-level finding fails it.
			if f, ok := firstFinding(e.Findings); ok {
				parts = append(parts, mdText(f.Message))
			}
		} else {
			parts = append(parts, mdText(exitStatus(e)))
		}
		if last := tailLines(e.Stderr, 1); len(last) > 0 {
			parts = append(parts, "stderr: "+mdCode(last[0]))
		}
		icon := "❌"
		if status == result.StatusErrored {
			icon = "⚠️"
		}
		return icon, strings.Join(parts, "<br>")
	}
	reason := e.SkipReason
	if reason == "" {
		reason = t.Skipped
	}
	return "⏭️", mdText(reason)
}

// writeFindingTable renders findings as a table. A finding in the file
// spec (the tool's TOOL.md, which its section names already) is located by
// line and column alone; others by their path too. With Options.SourceURL
// every location links to its line.
func writeFindingTable(b *bytes.Buffer, fs []result.Finding, spec string, opt Options) {
	b.WriteString("| Severity | Location | Rule | Message |\n| --- | --- | --- | --- |\n")
	for _, f := range fs {
		at := fmt.Sprintf("%d:%d", f.Line, f.Column)
		if f.File != spec || spec == "" {
			at = f.File + ":" + at
		}
		msg := mdText(f.Message)
		if f.Help != "" {
			msg += "<br>help: " + mdText(f.Help)
		}
		fmt.Fprintf(b, "| %s | %s | %s | %s |\n", f.Severity,
			opt.sourceLink(mdCode(at), f.File, f.Line), mdCode(f.Rule), msg)
	}
	b.WriteString("\n")
}

// sourceLink is the Markdown text md linked to line of the root-relative
// file path (the whole file for line 0) under Options.SourceURL; md itself
// without a SourceURL.
func (o Options) sourceLink(md, path string, line int) string {
	if o.SourceURL == "" {
		return md
	}
	u := strings.TrimSuffix(o.SourceURL, "/") + "/" + relativeURI(path)
	if line > 0 {
		u += "#L" + strconv.Itoa(line)
	}
	return "[" + md + "](" + u + ")"
}

// mdText makes text safe inside a Markdown table cell (and elsewhere on one
// line): control characters and escapes are cleaned, HTML is escaped, and
// Markdown punctuation is backslash-escaped so nothing a tool printed can
// format, link or break the table.
func mdText(s string) string {
	s = cleanLine(s)
	var b strings.Builder
	for _, r := range s {
		switch r {
		case '&':
			b.WriteString("&amp;")
		case '<':
			b.WriteString("&lt;")
		case '>':
			b.WriteString("&gt;")
		case '\\', '`', '*', '_', '[', ']', '|', '~', '#', '!':
			b.WriteByte('\\')
			b.WriteRune(r)
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// mdCode is s as inline code for a table cell; text with a backtick falls
// back to mdText.
func mdCode(s string) string {
	s = cleanLine(s)
	if s == "" || strings.Contains(s, "`") {
		return mdText(s)
	}
	return "`" + strings.ReplaceAll(s, "|", `\|`) + "`"
}
