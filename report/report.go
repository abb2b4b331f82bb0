// Package report renders a result.Result in the formats speccify-lint emits:
// human text, the JSON model, SARIF 2.1.0, JUnit XML, GitHub workflow
// commands, a GitHub step summary, GitLab Code Quality JSON, Checkstyle
// XML, reviewdog's rdjson and rdjsonl, Azure Pipelines logging commands and
// TeamCity service messages; it lists the rules as text, JSON or Markdown,
// and writes the rules' documentation pages (docs/rules/).
//
// Writers only render: they never re-run anything, read no file and never
// change the Result they are given; what they show of a place (the UTF-16
// and byte columns, a fix's whole text) is in the model (result.Finding,
// contract.Edit, result.Fix). Every path in a report is relative to Result.Root
// with forward slashes, as the model holds it. Output is deterministic: the
// same Result and Options give the same bytes (timestamps appear only when
// Options.NoTimestamps is false, and then come from Options.Now).
//
// Every text of the Result may come from the pull request under test, so no
// report may carry a command of the CI system whose log prints it (see
// package cilog). Each format has a guard that Write applies to everything
// its writer rendered: the human formats show each command's "##" or "::"
// as "**", the JSON and XML formats escape it (\u0023, &#x23;) so that a
// parser reads the text unchanged, and the formats made of commands (github,
// azure, teamcity) keep only their own command at the start of each of their
// lines. Their writers also neutralise what they quote (commandText) and
// keep line breaks out of it, so that the text a CI system unescapes from a
// command is the text the human report shows.
package report

import (
	"bytes"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/speccify/speccify-lint/drift"
	"github.com/speccify/speccify-lint/lint"
	"github.com/speccify/speccify-lint/result"
)

// defaultInformationURI is the project page reports link to when
// Options.InformationURI is empty; a rule's help links to its own page
// (lint.Rule.DocURL).
const defaultInformationURI = "https://github.com/speccify/speccify-lint"

// toolName is the name of the tool in every report.
const toolName = "speccify-lint"

// Options tune the writers. The zero value is usable.
type Options struct {
	// Color turns on ANSI colour in text output. The CLI decides (a terminal
	// and no NO_COLOR); the other formats never colour.
	Color bool
	// Hyperlinks makes the rule id of each finding line of the text and
	// concise formats an OSC 8 hyperlink to the rule's documentation page.
	// The CLI decides (a terminal that shows them; never in a pipe, with
	// NO_COLOR or --color never).
	Hyperlinks bool
	// NoTimestamps makes the output deterministic: no timestamps, and every
	// duration is rendered as 0.
	NoTimestamps bool
	// SARIFCategory is the category of the SARIF run (see sarifAutomationID):
	// empty means "speccify-lint". A run of shard K of N gets the category
	// CATEGORY/shard-K-of-N, so that shards uploaded separately keep their
	// own alerts.
	SARIFCategory string
	// Against is the revision of --against and Drift the contract changes
	// since it (lint.DriftOf), for the step summary's table; "" for none.
	Against string
	Drift   []drift.ToolDrift
	// InformationURI is the project page; empty means defaultInformationURI.
	InformationURI string
	// Rules is the rule metadata SARIF describes; nil means lint.Rules().
	// Findings of rules missing from it still get a (generic) SARIF rule.
	Rules []*lint.Rule
	// Now is the clock for timestamps; nil means time.Now.
	Now func() time.Time
	// JUnitStrict leaves out the file= and line= attributes of JUnit
	// <testcase> elements. They are on by default because GitLab and GitHub
	// annotators such as action-junit-report read them, but Jenkins'
	// junit-10.xsd does not allow them; the TOOL.md path is always on
	// <testsuite file=...>.
	JUnitStrict bool
	// SourceURL is where the files of the root are browsed at the commit
	// that was checked, e.g. "https://github.com/o/r/blob/<sha>" (see
	// GitHubSourceURL); the step summary links locations to their lines
	// under it. Empty: no links.
	SourceURL string
	// Verbose makes the text report list every example with its verdict
	// and duration (-v).
	Verbose bool
	// Quiet makes the text report print only the findings and their
	// blocks: no summary line and no "skipped" lines (-q).
	Quiet bool
	// Warn, when set, is told what a writer left out of its report to keep
	// within what the format's consumers accept (the SARIF report within
	// GitHub code scanning's limits), in one sentence without a final
	// period; the CLI prints it on stderr.
	Warn func(string)
	// NotRun says, in the text summary, why the examples did not run when
	// Result.Ran is false: the flags that kept them from running, such as
	// "--fix without --run". Empty means "--no-run".
	NotRun string
	// noSnippets leaves the source snippets out of the text
	// body (the text the github format fences).
	noSnippets bool
	// sarifLimits replaces githubSARIFLimits (tests).
	sarifLimits *sarifLimits
}

// GitHubSourceURL is the Options.SourceURL of a GitHub Actions run:
// $GITHUB_SERVER_URL/$GITHUB_REPOSITORY/blob/$GITHUB_SHA, from getenv; ""
// unless all three are set.
func GitHubSourceURL(getenv func(string) string) string {
	server, repo, sha := getenv("GITHUB_SERVER_URL"), getenv("GITHUB_REPOSITORY"), getenv("GITHUB_SHA")
	if server == "" || repo == "" || sha == "" {
		return ""
	}
	return strings.TrimSuffix(server, "/") + "/" + repo + "/blob/" + sha
}

// formatWriter is a report format: its name, what renders it and the guard
// that keeps what it rendered from carrying a CI command (see the package
// documentation).
type formatWriter struct {
	name  string
	write func(*bytes.Buffer, *result.Result, Options) error
	guard func([]byte) []byte
	// fixes is true when the format shows the findings' fixes (or, in the
	// text report, that one is available).
	fixes bool
}

// writers are the report formats, in the order Formats lists them: the one
// list of the formats.
var writers = []formatWriter{
	{"text", writeText, humanGuard, true},
	{"concise", writeConcise, humanGuard, true},
	{"json", writeJSON, jsonGuard, true},
	{"sarif", writeSARIF, jsonGuard, true},
	{"junit", writeJUnit, xmlGuard, false},
	{"github", writeGitHub, commandGuard("::"), true},
	{"gitlab", writeGitLab, jsonGuard, false},
	{"checkstyle", writeCheckstyle, xmlGuard, false},
	{"rdjson", writeRDJSON, jsonGuard, true},
	{"rdjsonl", writeRDJSONL, jsonGuard, true},
	{"azure", writeAzure, commandGuard("##vso["), true},
	{"teamcity", writeTeamCity, commandGuard("##teamcity["), false},
}

// ShowsFixes reports whether the format shows the findings' fixes: the
// JSON report's fix, SARIF's fixes, rdjson's suggestions, the text
// report's fix line, and the summary's count of what --fix resolves (text,
// concise, and the summaries the github and azure formats print). The fixes of a result written in such a format
// are verified first (autofix.Verify), so that they are what --fix makes.
func ShowsFixes(format string) bool {
	i := slices.IndexFunc(writers, func(f formatWriter) bool { return f.name == format })
	return i >= 0 && writers[i].fixes
}

// ListsExamples reports whether the format lists every example with
// Options.Verbose (-v): the text report. Where it does not, the CLI streams
// the examples' lines with the tools' verdicts (WriteToolVerdict) instead,
// so that a log that holds both stdout and stderr has each line once.
func ListsExamples(format string) bool { return format == "text" }

// Formats are the report formats Write accepts.
var Formats = names(writers, func(w formatWriter) string { return w.name })

// names lists the names of the entries of a list of formats, in its order.
func names[T any](list []T, name func(T) string) []string {
	out := make([]string, len(list))
	for i, e := range list {
		out[i] = name(e)
	}
	return out
}

// Write renders r to w in format, one of Formats.
func Write(w io.Writer, format string, r *result.Result, opt Options) error {
	if r == nil {
		return fmt.Errorf("report: no result to write")
	}
	i := slices.IndexFunc(writers, func(f formatWriter) bool { return f.name == format })
	if i < 0 {
		return fmt.Errorf("report: unknown format %q (want %s)", format, strings.Join(Formats, ", "))
	}
	f := writers[i]
	// Render into memory first so that a failing writer leaves nothing
	// half-written behind and w sees one Write, of what the guard let
	// through.
	var buf bytes.Buffer
	if err := f.write(&buf, r, opt); err != nil {
		return fmt.Errorf("report: %s: %w", format, err)
	}
	_, err := w.Write(f.guard(buf.Bytes()))
	return err
}

// now is the report time: Options.Now or time.Now, in UTC.
func (o Options) now() time.Time {
	if o.Now != nil {
		return o.Now().UTC()
	}
	return time.Now().UTC()
}

// informationURI is Options.InformationURI or its default.
func (o Options) informationURI() string {
	if o.InformationURI != "" {
		return o.InformationURI
	}
	return defaultInformationURI
}

// rules is Options.Rules or the registry.
func (o Options) rules() []*lint.Rule {
	if o.Rules != nil {
		return o.Rules
	}
	return lint.Rules()
}

// duration is d, or 0 with NoTimestamps.
func (o Options) duration(d time.Duration) time.Duration {
	if o.NoTimestamps {
		return 0
	}
	return d
}

// sarifAutomationID is the runAutomationDetails.id of the SARIF run of r.
//
// GitHub code scanning reads the id as "category/run-id": the category is
// everything before the last "/", and an id without "/" has no category at
// all (https://docs.github.com/en/code-security/code-scanning/integrating-with-code-scanning/sarif-support-for-code-scanning#runautomationdetails-object).
// A later upload of the same tool and category replaces the alerts of the
// earlier one. So the id is the category followed by "/" (an empty run id),
// as github/codeql-action/upload-sarif writes its category input: the
// category is Options.SARIFCategory (trailing slashes dropped) or
// "speccify-lint", and for a shard K of N (Result.Shard "K/N") that
// category followed by "/shard-K-of-N", so that every shard has its own:
// "speccify-lint/shard-2-of-4/".
func (o Options) sarifAutomationID(r *result.Result) string {
	category := strings.TrimRight(o.SARIFCategory, "/")
	if category == "" {
		category = toolName
	}
	if k, n, ok := strings.Cut(r.Shard, "/"); ok && k != "" && n != "" {
		category += "/shard-" + k + "-of-" + n
	}
	return category + "/"
}

// summary counts r afresh, so that a report's totals always agree with what
// it lists even when the caller did not call Summarize. r is not changed.
func summary(r *result.Result) result.Summary {
	c := *r
	c.Summarize()
	return c.Summary
}

// item is one finding with the example it belongs to (nil for static
// findings).
type item struct {
	f  result.Finding
	ex *result.ExampleResult
}

// collect lists every finding of r with its example, in the order of
// result.Result.AllFindings (file, line, column, rule, message).
func collect(r *result.Result) []item {
	var all []item
	add := func(fs []result.Finding, ex *result.ExampleResult) {
		for _, f := range fs {
			all = append(all, item{f, ex})
		}
	}
	add(r.Findings, nil)
	for i := range r.Tools {
		t := &r.Tools[i]
		for _, f := range t.Findings {
			all = append(all, item{f, counterexampleRun(t, f)})
		}
		for j := range t.Examples {
			add(t.Examples[j].Findings, &t.Examples[j])
		}
	}
	for i := range r.Skills {
		add(r.Skills[i].Findings, nil)
	}
	slices.SortStableFunc(all, func(a, b item) int { return result.CompareFindings(a.f, b.f) })
	return all
}

// toolOrder returns the indices of r.Tools ordered by folder (ToolOrder).
func toolOrder(r *result.Result) []int {
	return ToolOrder(names(r.Tools, func(t result.ToolResult) string { return t.Dir }))
}

// sortedFindings returns a sorted copy of fs.
func sortedFindings(fs []result.Finding) []result.Finding {
	c := slices.Clone(fs)
	slices.SortStableFunc(c, result.CompareFindings)
	return c
}

// exitStatus describes how an example's process ended.
func exitStatus(e *result.ExampleResult) string {
	if e.ExitStatus != "" {
		return cleanLine(e.ExitStatus)
	}
	return fmt.Sprintf("exit code %d", e.ExitCode)
}

// tailLines returns the last n non-blank lines of s, cleaned for display.
func tailLines(s string, n int) []string {
	lines := strings.Split(cleanText(s), "\n")
	var out []string
	for i := len(lines) - 1; i >= 0 && len(out) < n; i-- {
		if l := strings.TrimRight(lines[i], " \t\r"); strings.TrimSpace(l) != "" {
			out = append(out, l)
		}
	}
	slices.Reverse(out)
	return out
}

// detailDiffs is how many differences of an example a finding's detail lists.
const detailDiffs = 20

// detail is the message of a finding with what its example adds: the
// differences the message does not list already (at most detailDiffs), how
// the process ended and the last line of its stderr (unless the message
// quotes it); then, on a line of its own, its help ("help: ..."). SARIF,
// GitHub annotations and the other formats made for one finding at a time
// show it.
func detail(it item) string {
	msg := cleanText(it.f.Message)
	help := ""
	if it.f.Help != "" {
		help = "\nhelp: " + cleanText(it.f.Help)
	}
	ex := it.ex
	if ex == nil {
		return msg + help
	}
	var b strings.Builder
	b.WriteString(msg)
	listed := 0
	for i, d := range ex.Differences {
		line := cleanLine(d.String())
		if strings.Contains(msg, line) {
			continue // the message lists it already
		}
		if listed == detailDiffs {
			fmt.Fprintf(&b, "\n... and %d more differences", len(ex.Differences)-i)
			break
		}
		b.WriteString("\n")
		b.WriteString(line)
		listed++
	}
	// How the process ended, unless the message already says it.
	if st := exitStatus(ex); (ex.Status == result.StatusFailed || ex.Status == result.StatusErrored) && !strings.Contains(msg, st) {
		b.WriteString("\n")
		b.WriteString(st)
	}
	if last := tailLines(ex.Stderr, 1); len(last) > 0 && !strings.Contains(msg, last[0]) {
		b.WriteString("\nstderr: ")
		b.WriteString(last[0])
	}
	b.WriteString(help)
	return b.String()
}

// messageAndHelp is a finding's message and its help on one line,
// "message; help: help", for the formats that show one text per finding
// and have no place for the help (GitLab's description).
func messageAndHelp(f result.Finding) string {
	if f.Help == "" {
		return f.Message
	}
	return f.Message + "; help: " + f.Help
}

// statusBaselined is the verdict a report gives an example that fails only
// as a --baseline file records (lint.ExampleResult.Baselined).
const statusBaselined result.Status = "baselined"

// verdict is the status a report gives an example: its Status, except that
// a run that passed but has an error-level finding (such as side effects at
// error level) counts as failed, and one whose failure the baseline records
// is baselined.
func verdict(e *result.ExampleResult) result.Status {
	if e.Baselined > 0 {
		return statusBaselined
	}
	if e.Status == result.StatusPassed {
		for _, f := range e.Findings {
			if f.Severity >= result.SeverityError {
				return result.StatusFailed
			}
		}
	}
	return e.Status
}

// severityLevel is the SARIF level of a severity.
func severityLevel(s result.Severity) string {
	switch s {
	case result.SeverityError:
		return "error"
	case result.SeverityWarning:
		return "warning"
	case result.SeverityNote:
		return "note"
	}
	return "none"
}
