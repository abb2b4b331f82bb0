package report

import (
	"bytes"
	"cmp"
	"encoding/xml"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/jstemmer/go-junit-report/v2/junit"
	"github.com/speccify/speccify-lint/result"
)

// outputCap is the most of an example's stdout or stderr a JUnit report
// carries, each.
const outputCap = 64 << 10

// junitSuites is <testsuites>. It has no skipped= attribute (the embedded
// one stays 0 and is omitted): Jenkins' junit-10.xsd does not allow it there.
type junitSuites struct {
	junit.Testsuites
	Suites []junitSuite `xml:"testsuite"`
}

// junitSuite is one <testsuite>: a tool folder, a skill folder, or
// speccify-lint itself. Its own output follows its test cases.
type junitSuite struct {
	junit.Testsuite
	Testcases []junitCase   `xml:"testcase"`
	SystemOut *junit.Output `xml:"system-out,omitempty"`
}

// junitCase is a <testcase> that can also say where it is defined.
type junitCase struct {
	junit.Testcase
	File string `xml:"file,attr,omitempty"`
	Line int    `xml:"line,attr,omitempty"`
}

// add appends a test case and counts it.
func (s *junitSuite) add(c junitCase) {
	s.Testcases = append(s.Testcases, c)
	s.Tests++
	switch {
	case c.Error != nil:
		s.Errors++
	case c.Failure != nil:
		s.Failures++
	case c.Skipped != nil:
		s.Skipped++
	}
}

// junitStatusProperty is the name of the <property> of a tool's suite
// that gives the tool's status (lint.ToolStatus), when it has one.
const junitStatusProperty = "speccify-lint.status"

// staticCase is the name of the test case that holds a folder's static
// findings. No example case of the suite has this name: an example titled so
// gets its line in its name (see caseNames).
const staticCase = "static checks"

// writeJUnit renders JUnit XML: one suite per tool folder (a "static checks"
// case for its static findings, then a case per example in document order),
// one per skill folder, and a "speccify-lint" suite for findings outside any
// folder and for failures of speccify-lint itself. Every character outside
// ASCII is written as a character reference (see asciiXML), so that
// consumers that guess the file's encoding cannot guess wrong.
func writeJUnit(b *bytes.Buffer, r *result.Result, opt Options) error {
	timestamp := ""
	if !opt.NoTimestamps {
		timestamp = opt.now().Format(time.RFC3339)
	}
	doc := junitSuites{}
	doc.Name = toolName
	var total time.Duration
	addSuite := func(s junitSuite, d time.Duration) {
		s.ID = len(doc.Suites)
		s.Time = seconds(d)
		s.Timestamp = timestamp
		doc.Suites = append(doc.Suites, s)
		doc.Tests += s.Tests
		doc.Failures += s.Failures
		doc.Errors += s.Errors
		total += d
	}

	for _, i := range toolOrder(r) {
		t := &r.Tools[i]
		s := junitSuite{}
		s.Name = cleanLine(t.DisplayName())
		s.File = cleanLine(t.Spec)
		if t.Status != "" {
			s.Properties = &[]junit.Property{{Name: junitStatusProperty, Value: string(t.Status)}}
		}
		s.add(lintCase(t.Dir, t.Spec, staticFindings(t), opt))
		for j, name := range caseNames(t.Examples) {
			if t.Explore != nil {
				break // explore runs no example: its cases are the properties
			}
			s.add(exampleCase(t, &t.Examples[j], name, opt))
		}
		for _, c := range propertyCases(t, opt) {
			s.add(c)
		}
		if t.Skipped != "" {
			s.SystemOut = &junit.Output{Data: "examples not run: " + cleanText(t.Skipped)}
		}
		addSuite(s, opt.duration(t.Duration))
	}
	for _, sk := range r.Skills {
		s := junitSuite{}
		s.Name = cleanLine(sk.Dir)
		s.File = cleanLine(sk.Spec)
		s.add(lintCase(sk.Dir, sk.Spec, sk.Findings, opt))
		addSuite(s, 0)
	}
	if len(r.Findings) > 0 || len(r.InternalErrors) > 0 || r.Interrupted {
		s := junitSuite{}
		s.Name = toolName
		if len(r.Findings) > 0 {
			s.add(lintCase(".", "", r.Findings, opt))
		}
		if len(r.InternalErrors) > 0 || r.Interrupted {
			s.add(runCase(r))
		}
		addSuite(s, 0)
	}
	doc.Time = seconds(total)

	return writeXML(b, doc)
}

// writeXML writes the XML declaration and doc, indented by two spaces, all
// ASCII (see asciiXML).
func writeXML(b *bytes.Buffer, doc any) error {
	var out bytes.Buffer
	out.WriteString(xml.Header)
	enc := xml.NewEncoder(&out)
	enc.Indent("", "  ")
	if err := enc.Encode(doc); err != nil {
		return err
	}
	out.WriteString("\n")
	b.Write(asciiXML(out.Bytes()))
	return nil
}

// caseNames are the test case names of a tool's examples, unique within the
// suite by construction, because GitLab and others key test cases on
// classname and name and keep one of each: an example's title, but "example
// at line N" for a blank title, and the title with " (line N)" when other
// examples share it or it is the static case's name; a name still taken
// after that (a title that reads "x (line 5)") gets " #2", " #3", ...
func caseNames(examples []result.ExampleResult) []string {
	titles := map[string]int{}
	for _, e := range examples {
		titles[cleanLine(e.Title)]++
	}
	used := map[string]bool{staticCase: true}
	names := make([]string, len(examples))
	for i, e := range examples {
		name := cleanLine(e.Title)
		switch {
		case strings.TrimSpace(name) == "":
			name = "example at line " + strconv.Itoa(e.Line)
		case titles[name] > 1 || name == staticCase:
			name += " (line " + strconv.Itoa(e.Line) + ")"
		}
		for k, base := 2, name; used[name]; k++ {
			name = base + " #" + strconv.Itoa(k)
		}
		used[name] = true
		names[i] = name
	}
	return names
}

// lintCase is the static test case of a folder: it fails when a static
// finding is an error, with a message that counts and names all of them;
// lesser findings go to its output.
func lintCase(classname, file string, fs []result.Finding, opt Options) junitCase {
	c := junitCase{Testcase: junit.Testcase{Name: staticCase, Classname: cleanLine(classname)}}
	if !opt.JUnitStrict && file != "" {
		c.File, c.Line = cleanLine(file), 1
	}
	if len(fs) == 0 {
		return c
	}
	sorted := sortedFindings(fs)
	body := findingLines(sorted)
	if msg, typ, failed := findingsSummary(sorted); failed {
		c.Failure = &junit.Result{Message: msg, Type: typ, Data: body}
		return c
	}
	c.SystemOut = &junit.Output{Data: body}
	return c
}

// findingsSummary sums up sorted findings for a <failure>: the message counts
// them by severity and names their rules, errors' rules first, each once
// ("3 errors, 2 warnings: schema, example-input, error-case"); the type names
// the rules of the errors. failed is whether any finding is an error.
func findingsSummary(sorted []result.Finding) (message, typ string, failed bool) {
	var counts []string
	var errorRules, rules []string
	for _, sev := range []result.Severity{result.SeverityError, result.SeverityWarning, result.SeverityNote, result.SeverityNone} {
		n := 0
		for _, f := range sorted {
			if f.Severity != sev {
				continue
			}
			n++
			if !slices.Contains(rules, f.Rule) {
				rules = append(rules, f.Rule)
			}
			if sev == result.SeverityError && !slices.Contains(errorRules, f.Rule) {
				errorRules = append(errorRules, f.Rule)
			}
		}
		if n > 0 {
			counts = append(counts, Plural(n, sev.String()))
		}
	}
	return strings.Join(counts, ", ") + ": " + strings.Join(rules, ", "), strings.Join(errorRules, ", "), len(errorRules) > 0
}

// exampleCase is the test case of one example: <failure> for a wrong answer,
// <error> when the implementation timed out, crashed or could not start,
// <skipped> when it did not run.
// name is the case's name from caseNames.
func exampleCase(t *result.ToolResult, e *result.ExampleResult, name string, opt Options) junitCase {
	c := junitCase{Testcase: junit.Testcase{
		Name:      name,
		Classname: cleanLine(t.Dir),
		Time:      seconds(opt.duration(e.Duration)),
	}}
	if !opt.JUnitStrict {
		c.File, c.Line = cleanLine(t.Spec), e.Line
	}
	switch status := verdict(e); status {
	case result.StatusPassed:
		if len(e.Findings) > 0 {
			c.SystemOut = &junit.Output{Data: findingLines(sortedFindings(e.Findings))}
		}
		return c
	case result.StatusFailed, result.StatusErrored:
		res := &junit.Result{Data: exampleBody(t, e)}
		if f, ok := firstFinding(e.Findings); ok {
			res.Message, res.Type = cleanLine(f.Message), f.Rule
		} else {
			res.Message = "example " + string(status) + ": " + exitStatus(e)
		}
		if status == result.StatusFailed {
			c.Failure = res
		} else {
			c.Error = res
		}
		if e.Stdout != "" {
			c.SystemOut = &junit.Output{Data: capText(cleanText(e.Stdout), outputCap)}
		}
		if e.Stderr != "" {
			c.SystemErr = &junit.Output{Data: capText(cleanText(e.Stderr), outputCap)}
		}
		return c
	}
	// Skipped, or never given a verdict because the tool was skipped.
	// The reason is in the element's text too: GitLab shows that, not the
	// message attribute.
	reason := cleanLine(cmp.Or(e.SkipReason, t.Skipped, "not run"))
	c.Skipped = &junit.Result{Message: reason, Data: reason}
	return c
}

// runCase is the <error> test case for failures of speccify-lint itself.
func runCase(r *result.Result) junitCase {
	var lines []string
	for _, e := range r.InternalErrors {
		lines = append(lines, "internal error: "+cleanText(e))
	}
	if r.Interrupted {
		lines = append(lines, "the run was interrupted; the results are incomplete")
	}
	return junitCase{Testcase: junit.Testcase{
		Name:      "run",
		Classname: toolName,
		Error: &junit.Result{
			Message: cleanLine(lines[0]),
			Type:    "internal-error",
			Data:    strings.Join(lines, "\n"),
		},
	}}
}

// exampleBody is the text of a failing example: its findings, differences,
// how the process ended and the line that reproduces it.
func exampleBody(t *result.ToolResult, e *result.ExampleResult) string {
	var b strings.Builder
	fmt.Fprintf(&b, "example %s at %s:%d\n", quote(e.Title), cleanLine(t.Spec), e.Line)
	b.WriteString(findingLines(sortedFindings(e.Findings)))
	for _, d := range e.Differences {
		b.WriteString(cleanLine(d.String()))
		b.WriteString("\n")
	}
	b.WriteString(exitStatus(e))
	b.WriteString("\n")
	if e.Denied != "" {
		b.WriteString("the sandbox denied an access: ")
		b.WriteString(cleanLine(e.Denied))
		b.WriteString("\n")
	}
	if e.Reproduce != "" {
		b.WriteString("reproduce: ")
		b.WriteString(cleanLine(e.Reproduce))
		b.WriteString("\n")
	}
	return b.String()
}

// firstFinding is the first error-level finding of fs in place order, or the
// first finding when none is an error.
func firstFinding(fs []result.Finding) (result.Finding, bool) {
	sorted := sortedFindings(fs)
	for _, f := range sorted {
		if f.Severity >= result.SeverityError {
			return f, true
		}
	}
	if len(sorted) > 0 {
		return sorted[0], true
	}
	return result.Finding{}, false
}

// findingLines formats findings one per line, "path:line:col: severity:
// message [rule]", each with its help beneath ("  help: ...").
func findingLines(fs []result.Finding) string {
	var b strings.Builder
	for _, f := range fs {
		fmt.Fprintf(&b, "%s:%d:%d: %s: %s [%s]\n", cleanLine(f.File), f.Line, f.Column, f.Severity, cleanLine(f.Message), cleanLine(f.Rule))
		if f.Help != "" {
			fmt.Fprintf(&b, "  help: %s\n", cleanLine(f.Help))
		}
	}
	return b.String()
}

// seconds formats a duration the way JUnit wants it: "1.250".
func seconds(d time.Duration) string { return fmt.Sprintf("%.3f", d.Seconds()) }
