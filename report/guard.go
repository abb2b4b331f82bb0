package report

import (
	"github.com/speccify/speccify-lint/internal/cilog"
)

// The guards of the formats (formatWriter.guard): each returns the rendered
// report with no command of a CI system left in it but the format's own.

// humanGuard is the guard of the formats people read (text, concise): a
// command's "##" or "::" reads "**".
func humanGuard(b []byte) []byte {
	return []byte(cilog.Neutralize(string(b)))
}

// jsonGuard is the guard of the JSON formats: each marker character of a
// command is written as a JSON escape (cilog.EscapeJSON), so that a JSON
// parser reads the text unchanged.
func jsonGuard(b []byte) []byte {
	return cilog.EscapeJSON(b)
}

// xmlGuard is the guard of the XML formats: each marker character of a
// command is written as a character reference (&#x23;, &#x3A;; inside
// CDATA the section is closed around it), so that an XML parser reads the
// text unchanged. The markers are always in character data or attribute
// values, since no markup our writers produce has a '#' or starts a line
// with ':'.
func xmlGuard(b []byte) []byte {
	return xmlCharRefs(b, cilog.Markers(string(b)))
}

// commandGuard is the guard of a format whose lines are commands with the
// prefix own: own is kept at the start of a line, every other command is
// neutralised as in humanGuard.
func commandGuard(own string) func([]byte) []byte {
	return func(b []byte) []byte {
		return []byte(cilog.NeutralizeExcept(string(b), own))
	}
}

// commandText is a text of the model as it goes into a command of the
// github, azure and teamcity formats, before the format's own escaping:
// cleaned (cleanText turns every line end into "\n", which the escaping
// encodes) and with its commands neutralised, so that what a CI system
// unescapes is the text the human report shows.
func commandText(s string) string {
	return cilog.Neutralize(cleanText(s))
}

// commandLine is commandText on one line (cleanLine), for a property of a
// command such as a path.
func commandLine(s string) string {
	return cilog.Neutralize(cleanLine(s))
}
