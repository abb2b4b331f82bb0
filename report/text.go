package report

import (
	"bytes"
	"cmp"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/speccify/speccify-lint/internal/jsonexact"
	"github.com/speccify/speccify-lint/lint"
	"github.com/speccify/speccify-lint/result"
)

// stderrTail is how many lines of an example's stderr the text shows.
const stderrTail = 5

// ANSI colours of the text format.
const (
	ansiReset   = "\x1b[0m"
	ansiBold    = "\x1b[1m"
	ansiRed     = "\x1b[1;31m"
	ansiYellow  = "\x1b[33m"
	ansiCyan    = "\x1b[36m"
	ansiGreen   = "\x1b[32m"
	ansiMagenta = "\x1b[35m"
)

// An OSC 8 hyperlink is osc8 + URL + oscEnd + text + osc8 + oscEnd; ESC \
// (the string terminator) ends each OSC sequence.
const (
	osc8   = "\x1b]8;;"
	oscEnd = "\x1b\\"
)

// writeConcise is ruff's "concise" format: exactly one line per finding,
// in place order, and the summary (not with -q). No snippets, example
// blocks, skipped lines, fix hints or -v lines: each of its lines but the
// summary is a finding, for grep, editors and problem matchers. What went
// wrong with an example is in the text report; internal errors and an
// interruption are said on stderr.
func writeConcise(b *bytes.Buffer, r *result.Result, opt Options) error {
	for _, it := range collect(r) {
		writeFindingLine(b, it.f, opt)
	}
	if !opt.Quiet {
		writeTextSummary(b, r, opt.Color, opt.NotRun)
	}
	return nil
}

// writeText renders the human text report: the body, then the summary line.
func writeText(b *bytes.Buffer, r *result.Result, opt Options) error {
	wrote := writeTextBody(b, r, opt)
	if opt.Quiet {
		return nil
	}
	if wrote {
		b.WriteString("\n")
	}
	writeTextSummary(b, r, opt.Color, opt.NotRun)
	return nil
}

// writeTextBody writes one line per finding, a block per failing or erroring
// example and a line per skip (unless quiet; none with --no-run, which skips
// everything), with verbose a line per example, grouped by tool folder; it
// reports whether it wrote anything.
func writeTextBody(b *bytes.Buffer, r *result.Result, opt Options) bool {
	color := opt.Color
	start := b.Len()
	for _, e := range r.InternalErrors {
		fmt.Fprintf(b, "%s: %s: %s\n", toolName, paint(color, ansiRed, "internal error"), cleanLine(e))
	}
	if r.Interrupted {
		fmt.Fprintf(b, "%s: interrupted: the results are incomplete\n", toolName)
	}
	writeFindingLines(b, r.Findings, opt)
	for _, i := range toolOrder(r) {
		t := &r.Tools[i]
		if opt.Verbose && t.Cached {
			fmt.Fprintf(b, "%s: %s\n", paintPlace(color, t.Spec, 0), fromCache)
		}
		writeFindingLines(b, t.Findings, opt)
		if t.Skipped != "" && r.Ran && !opt.Quiet {
			fmt.Fprintf(b, "%s: %s: %s\n", paintPlace(color, t.Spec, 0), paint(color, ansiYellow, "skipped"), cleanLine(t.Skipped))
		}
		writeExploreBlocks(b, t, opt)
		for j := range t.Examples {
			e := &t.Examples[j]
			if opt.Verbose && r.Ran && t.Skipped == "" || e.Baselined > 0 && !opt.Quiet {
				writeExampleLine(b, t, e, opt)
			}
			writeFindingLines(b, e.Findings, opt)
			switch e.Status {
			case result.StatusFailed, result.StatusErrored:
				writeExampleBlock(b, t, j, color)
			case result.StatusSkipped:
				// A skipped tool says why once; --no-run skips everything.
				if t.Skipped == "" && r.Ran && !opt.Quiet && !opt.Verbose {
					fmt.Fprintf(b, "%s: %s: example %s: %s\n", paintPlace(color, t.Spec, e.Line), paint(color, ansiYellow, "skipped"), strconv.Quote(cleanLine(e.Title)), cleanLine(e.SkipReason))
				}
			}
		}
	}
	for i := range r.Skills {
		writeFindingLines(b, r.Skills[i].Findings, opt)
	}
	return b.Len() > start
}

// writeExampleLine is the -v line of one example: its verdict and how long
// it ran, or why it was skipped.
func writeExampleLine(b *bytes.Buffer, t *result.ToolResult, e *result.ExampleResult, opt Options) {
	v := verdict(e)
	fmt.Fprintf(b, "%s: %s: example %s", paintPlace(opt.Color, t.Spec, e.Line), paintVerdict(opt.Color, v), strconv.Quote(cleanLine(e.Title)))
	switch v {
	case result.StatusSkipped:
		fmt.Fprintf(b, ": %s\n", cleanLine(e.SkipReason))
		return
	case statusBaselined:
		// What the baseline hides, in one line: not a failure.
		fmt.Fprintf(b, ": the baseline records its failure (%s, hidden)\n", Plural(e.Baselined, "finding"))
		return
	}
	fmt.Fprintf(b, " (%s)\n", opt.duration(e.Duration).Round(time.Millisecond))
}

// paintPlace is "path:line" (only the path when line is 0) with the path
// in bold and the line number coloured.
func paintPlace(color bool, path string, line int) string {
	p := paint(color, ansiBold, cleanLine(path))
	if line == 0 {
		return p
	}
	return p + ":" + paint(color, ansiCyan, strconv.Itoa(line))
}

// paintVerdict colours an example's verdict.
func paintVerdict(color bool, v result.Status) string {
	switch v {
	case result.StatusPassed:
		return paint(color, ansiGreen, string(v))
	case result.StatusFailed, result.StatusErrored:
		return paint(color, ansiRed, string(v))
	}
	return paint(color, ansiYellow, string(v))
}

// writeFindingLines writes "path:line:col: severity: message [rule]" lines in
// place order, each with its source snippet unless opt.noSnippets, then its
// help and fix (writeHelp). Findings at the same place (the exit code and
// the output of one example, two rules on one key) share one snippet,
// beneath the last of them; the help of each comes right after its own
// line, or after the snippet for the last.
func writeFindingLines(b *bytes.Buffer, fs []result.Finding, opt Options) {
	sorted := sortedFindings(fs)
	for i, f := range sorted {
		writeFindingLine(b, f, opt)
		if !opt.noSnippets && (i == len(sorted)-1 || !samePlace(f, sorted[i+1])) {
			writeSnippet(b, &f, opt.Color)
		}
		writeHelp(b, &f, opt)
	}
}

// writeFindingLine writes "path:line:col: severity: message [rule]"; with
// opt.Hyperlinks the rule id links to its documentation page.
func writeFindingLine(b *bytes.Buffer, f result.Finding, opt Options) {
	color := opt.Color
	rule := paint(color, ansiMagenta, cleanLine(f.Rule))
	if opt.Hyperlinks {
		rule = ruleLink(f.Rule, rule)
	}
	fmt.Fprintf(b, "%s:%s: %s: %s [%s]\n", paintPlace(color, f.File, f.Line), paint(color, ansiCyan, strconv.Itoa(f.Column)),
		paintSeverity(color, f.Severity), cleanLine(f.Message), rule)
}

// ruleLink is shown (the rule id as printed) as an OSC 8 hyperlink to the
// documentation page of the rule id, which terminals that support them
// let the user open. Only a rule of this build is linked, so that the
// sequence holds nothing but lint.RuleDocBase and a registry id: the id
// of a finding may come from a JSON report (merge), and a text inside an
// OSC sequence could end it and act on the terminal.
func ruleLink(id, shown string) string {
	r := lint.RuleByID(id)
	if r == nil {
		return shown
	}
	return osc8 + r.DocURL() + oscEnd + shown + osc8 + oscEnd
}

// writeHelp writes, beneath a finding (and its snippet), how to fix it, as
// rustc does: its help, then the fix --fix makes and the flags that make
// it (an unsafe fix needs --unsafe-fixes too), ruff's fix title:
//
//	   |
//	12 | outputs:
//	   | ^^^^^^^^
//	   = help: add ok to required, so that every answer says whether it worked
//	   = unsafe fix: add ok to outputs.required (--fix --unsafe-fixes)
//
// The "=" stands under the snippet's bar (two columns in without a
// snippet); a help of several lines (the example case explore proposes)
// goes on under its text. Every line starts with a blank, so that none
// matches the problem matcher.
func writeHelp(b *bytes.Buffer, f *result.Finding, opt Options) {
	indent := "  "
	if !opt.noSnippets && hasSnippet(f) {
		indent = strings.Repeat(" ", len(strconv.Itoa(f.Line))+2)
	}
	more := indent + "     " // the further lines of a help, under its text
	indent += paint(opt.Color, ansiGutter, "=")
	if f.Help != "" {
		lines := strings.Split(f.Help, "\n")
		fmt.Fprintf(b, "%s %s: %s\n", indent, paint(opt.Color, ansiBold, "help"), cleanLine(lines[0]))
		for _, l := range lines[1:] {
			fmt.Fprintf(b, "%s%s\n", more, cleanLine(l))
		}
	}
	if fix := f.Fix; fix != nil {
		what := "fix"
		if fix.Safety == result.UnsafeFix {
			what = "unsafe fix"
		}
		fmt.Fprintf(b, "%s %s: %s (%s)\n", indent, paint(opt.Color, ansiGreen, what), cleanLine(fix.Title), FixFlags(fix.Safety))
	}
}

// samePlace reports whether two findings mark the same source text.
func samePlace(a, b result.Finding) bool {
	return a.File == b.File && a.Line == b.Line && a.Column == b.Column && a.Span == b.Span && a.Source == b.Source
}

// writeExampleBlock shows what went wrong with the failing or erroring
// example j of t, once however many of its findings say so: each difference
// with both sides, how the process ended, what it printed on stdout (pretty
// JSON when it is JSON) and the tail of its stderr (or, when an earlier
// example's block showed the same stderr, which one: a traceback that every
// example repeats is shown once), and how to run it again.
func writeExampleBlock(b *bytes.Buffer, t *result.ToolResult, j int, color bool) {
	e := &t.Examples[j]
	fmt.Fprintf(b, "  example %s %s at %s\n", strconv.Quote(cleanLine(e.Title)), paintVerdict(color, e.Status), paintPlace(color, t.Spec, e.Line))
	writeRunDetails(b, e, sameStderr(t.Examples[:j], e.Stderr))
}

// sameStderr is the title of the first of the examples whose block showed
// stderr (a failed or errored one), "" when none did.
func sameStderr(examples []result.ExampleResult, stderr string) string {
	if strings.TrimSpace(stderr) == "" {
		return ""
	}
	for i := range examples {
		if e := &examples[i]; (e.Status == result.StatusFailed || e.Status == result.StatusErrored) && e.Stderr == stderr {
			return e.Title
		}
	}
	return ""
}

// writeRunDetails is the body of an example's block: each difference with
// both sides, how the process ended, its stdout and the tail of its stderr
// (only which example's block shows it, when sameAs names one), and how to
// run it again.
func writeRunDetails(b *bytes.Buffer, e *result.ExampleResult, sameAs string) {
	for _, d := range e.Differences {
		writeDifference(b, d)
	}
	fmt.Fprintf(b, "    %s\n", exitStatus(e))
	if lines, more := stdoutLines(e.Stdout); len(lines) > 0 {
		b.WriteString("    stdout:\n")
		for _, l := range lines {
			fmt.Fprintf(b, "      %s\n", l)
		}
		if more > 0 {
			noun := "lines"
			if more == 1 {
				noun = "line"
			}
			fmt.Fprintf(b, "      ... %d more %s\n", more, noun)
		}
	}
	if sameAs != "" {
		fmt.Fprintf(b, "    stderr: as in example %s\n", strconv.Quote(cleanLine(sameAs)))
	} else if tail := tailLines(e.Stderr, stderrTail); len(tail) > 0 {
		fmt.Fprintf(b, "    stderr (last %s):\n", Plural(len(tail), "line"))
		for _, l := range tail {
			fmt.Fprintf(b, "      %s\n", l)
		}
	}
	if e.Denied != "" {
		fmt.Fprintf(b, "    the sandbox denied an access: %s\n", cleanLine(e.Denied))
	}
	if e.Reproduce != "" {
		fmt.Fprintf(b, "    reproduce: %s\n", cleanLine(e.Reproduce))
	}
}

// blockValue is how many characters of a JSON value a difference shows.
const blockValue = 200

// stdoutShown is how many lines of an example's stdout its block shows.
const stdoutShown = 30

// writeDifference writes one difference: the expected value of a missing
// key, both arrays of a length mismatch.
func writeDifference(b *bytes.Buffer, d jsonexact.Difference) {
	line := cleanLine(d.String())
	switch {
	case d.Actual == "" && d.Expected != "":
		fmt.Fprintf(b, "    %s (expected %s)\n", line, cutValue(d.Expected))
	case isArray(d.Expected) && isArray(d.Actual):
		fmt.Fprintf(b, "    %s\n", line)
		fmt.Fprintf(b, "      expected: %s\n", cutValue(d.Expected))
		fmt.Fprintf(b, "      got:      %s\n", cutValue(d.Actual))
	default:
		fmt.Fprintf(b, "    %s\n", line)
	}
}

// isArray reports whether the compact JSON s is an array.
func isArray(s string) bool { return strings.HasPrefix(s, "[") }

// cutValue is the compact JSON s on one line, cut to blockValue characters.
func cutValue(s string) string {
	s = cleanLine(s)
	if r := []rune(s); len(r) > blockValue {
		return string(r[:blockValue]) + "…"
	}
	return s
}

// stdoutLines are the first stdoutShown lines of an example's stdout, JSON
// pretty-printed (as printed: the numbers and key order are kept), and how
// many lines more there are.
func stdoutLines(stdout string) (lines []string, more int) {
	text := strings.TrimRight(stdout, " \t\r\n")
	if text == "" {
		return nil, 0
	}
	if pretty, ok := prettyJSON([]byte(text)); ok {
		text = pretty
	}
	all := strings.Split(cleanText(text), "\n")
	if len(all) > stdoutShown {
		all, more = all[:stdoutShown], len(all)-stdoutShown
	}
	for _, l := range all {
		l = strings.TrimRight(strings.ReplaceAll(l, "\t", "    "), " \r")
		if r := []rune(l); len(r) > maxSnippetWidth {
			l = string(r[:maxSnippetWidth]) + "…"
		}
		lines = append(lines, l)
	}
	return lines, more
}

// writeTextSummary writes "N tools, N findings (N errors, N warnings)",
// the tools' statuses after "N tools" when one is neither passed nor failed
// (see toolStatusCounts), and the example verdicts when examples ran (or
// how many did not run, and why: notRun, "--no-run" when empty), then how
// many findings a fix resolves.
func writeTextSummary(b *bytes.Buffer, r *result.Result, color bool, notRun string) {
	s := summary(r)
	fmt.Fprintf(b, "%s%s, %s (%s, %s", Plural(s.Tools, "tool"), toolStatusCounts(s.Statuses, color), Plural(s.Findings, "finding"),
		paintCount(color, ansiRed, Plural(s.Errors, "error"), s.Errors),
		paintCount(color, ansiYellow, Plural(s.Warnings, "warning"), s.Warnings))
	if s.Notes > 0 {
		fmt.Fprintf(b, ", %s", paintCount(color, ansiCyan, Plural(s.Notes, "note"), s.Notes))
	}
	b.WriteString(")")
	if r.Explore != nil {
		b.WriteString(", " + exploreSummary(r))
	} else if r.Ran {
		fmt.Fprintf(b, ", examples: %d passed, %d failed, %d errored, %d skipped", s.Passed, s.Failed, s.Errored, s.Skipped)
		if s.Baselined > 0 {
			fmt.Fprintf(b, ", %d baselined", s.Baselined)
		}
	} else if s.Examples > 0 {
		fmt.Fprintf(b, ", %s not run (%s)", Plural(s.Examples, "example"), cmp.Or(notRun, "--no-run"))
	}
	b.WriteString("\n")
	writeCoverage(b, r)
	// The cache's count before the fixable one, which says what to do
	// next and so ends the summary.
	writeCached(b, r)
	writeFixable(b, r)
	if bl := r.Baseline; bl != nil {
		entries := strconv.Itoa(bl.Gone) + " baseline entries"
		if bl.Gone == 1 {
			entries = "1 baseline entry"
		}
		fmt.Fprintf(b, "%s baselined, %s gone\n", Plural(bl.Baselined, "finding"), entries)
	}
}

// writeCoverage writes the line of the summary that says how much of the
// contracts the examples exercise, all tools measured in full together:
// "coverage: 42 of 50 contract parts (84%)" (rounded down), then "; 1
// tool not measured in full" when a bound cut some tool's measure short
// (ToolCoverage.Partial: its parts are left out of the count); nothing
// when no tool has a part.
func writeCoverage(b *bytes.Buffer, r *result.Result) {
	covered, total, partial := 0, 0, 0
	for i := range r.Tools {
		switch c := r.Tools[i].Coverage; {
		case c == nil:
		case c.Partial:
			partial++
		default:
			covered, total = covered+c.Covered, total+c.Total
		}
	}
	var parts []string
	if total > 0 {
		parts = append(parts, fmt.Sprintf("%d of %d contract parts (%d%%)", covered, total, covered*100/total))
	}
	if partial > 0 {
		parts = append(parts, Plural(partial, "tool")+" not measured in full")
	}
	if len(parts) > 0 {
		fmt.Fprintf(b, "coverage: %s\n", strings.Join(parts, "; "))
	}
}

// fromCache is what the text report says of a tool whose result came from
// the result cache: with -v on a line of its own, and in the summary.
const fromCache = "from the cache"

// writeCached writes the line of the summary that counts the tools whose
// results came from the result cache: "3 of 5 tools from the cache";
// nothing when none did.
func writeCached(b *bytes.Buffer, r *result.Result) {
	if s := summary(r); s.Cached > 0 {
		fmt.Fprintf(b, "%d of %s %s\n", s.Cached, Plural(s.Tools, "tool"), fromCache)
	}
}

// toolStatusCounts is the part of the summary line that counts the tools
// by status, " (1 not-implemented, 2 passed)": every status some tool has,
// in the order of their precedence (lint.ToolStatuses), unverified ones in
// yellow. It is there only when the examples of some tool could not run
// for a reason a status names (no-examples, not-implemented,
// not-applicable, missing-requirement); otherwise every tool's examples
// ran, or none did (--no-run), and the example verdicts and the error
// count say the rest.
func toolStatusCounts(c result.StatusCounts, color bool) string {
	if c.NoExamples+c.NotImplemented+c.NotApplicable+c.MissingRequirement == 0 {
		return ""
	}
	var parts []string
	for _, st := range result.ToolStatuses {
		if n := c.Of(st); n > 0 {
			part := strconv.Itoa(n) + " " + string(st)
			if st.Unverified() {
				part = paint(color, ansiYellow, part)
			}
			parts = append(parts, part)
		}
	}
	return " (" + strings.Join(parts, ", ") + ")"
}

// writeFixable writes the line of the summary that counts the findings
// --fix resolves, and those --unsafe-fixes adds: "2 fixable with --fix (1
// more with --unsafe-fixes)"; nothing when no finding has a fix.
func writeFixable(b *bytes.Buffer, r *result.Result) {
	safe, unsafe := fixableCounts(r)
	switch {
	case safe > 0 && unsafe > 0:
		fmt.Fprintf(b, "%d fixable with --fix (%d more with --unsafe-fixes)\n", safe, unsafe)
	case safe > 0:
		fmt.Fprintf(b, "%d fixable with --fix\n", safe)
	case unsafe > 0:
		fmt.Fprintf(b, "%d fixable with --fix --unsafe-fixes\n", unsafe)
	}
}

// fixableCounts counts the findings of r whose fix is safe and unsafe.
func fixableCounts(r *result.Result) (safe, unsafe int) {
	for _, f := range r.AllFindings() {
		switch {
		case f.Fix == nil:
		case f.Fix.Safety == result.UnsafeFix:
			unsafe++
		default:
			safe++
		}
	}
	return safe, unsafe
}

// Plural is "1 tool" or "2 tools": a count of a noun whose plural ends in
// s, in every human-readable message of the project.
func Plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return strconv.Itoa(n) + " " + noun + "s"
}

// paint wraps s in an ANSI colour when color is on.
func paint(color bool, code, s string) string {
	if !color {
		return s
	}
	return code + s + ansiReset
}

// paintCount colours a count only when it is not zero.
func paintCount(color bool, code, s string, n int) string {
	if n == 0 {
		return s
	}
	return paint(color, code, s)
}

// paintSeverity colours a severity name by its rank.
func paintSeverity(color bool, s result.Severity) string {
	return paint(color, severityColor(s), s.String())
}
