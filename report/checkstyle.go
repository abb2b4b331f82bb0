package report

import (
	"bytes"
	"encoding/xml"

	"github.com/speccify/speccify-lint/result"
)

// checkstyleDoc is a Checkstyle XML report, the shape Jenkins warnings-ng,
// reviewdog and others read (and golangci-lint and hadolint write).
type checkstyleDoc struct {
	XMLName xml.Name         `xml:"checkstyle"`
	Version string           `xml:"version,attr"`
	Files   []checkstyleFile `xml:"file"`
}

type checkstyleFile struct {
	Name   string            `xml:"name,attr"`
	Errors []checkstyleError `xml:"error"`
}

type checkstyleError struct {
	Line     int    `xml:"line,attr"`
	Column   int    `xml:"column,attr,omitempty"`
	Severity string `xml:"severity,attr"`
	Message  string `xml:"message,attr"`
	Source   string `xml:"source,attr"`
}

// writeCheckstyle renders a Checkstyle XML report: a <file> per file with
// findings, in path order, and an <error> per finding (severity error,
// warning or info; source the rule id; the message with what the example
// adds). Like the JUnit report it is pure ASCII.
func writeCheckstyle(b *bytes.Buffer, r *result.Result, _ Options) error {
	doc := checkstyleDoc{Version: "8.0", Files: []checkstyleFile{}}
	for _, it := range collect(r) {
		f := it.f
		if n := len(doc.Files); n == 0 || doc.Files[n-1].Name != f.File {
			doc.Files = append(doc.Files, checkstyleFile{Name: cleanLine(f.File)})
		}
		file := &doc.Files[len(doc.Files)-1]
		file.Errors = append(file.Errors, checkstyleError{
			Line:     max(f.Line, 1),
			Column:   f.Column,
			Severity: checkstyleSeverity(f.Severity),
			Message:  detail(it),
			Source:   f.Rule,
		})
	}
	return writeXML(b, doc)
}

// checkstyleSeverity is Checkstyle's name of a severity.
func checkstyleSeverity(s result.Severity) string {
	switch s {
	case result.SeverityError:
		return "error"
	case result.SeverityWarning:
		return "warning"
	}
	return "info"
}
