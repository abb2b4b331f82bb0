package report

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/speccify/speccify-lint/lint"
	"github.com/speccify/speccify-lint/result"
)

// rulesWriter is a format of the rule listing: its name and what renders it.
type rulesWriter struct {
	name  string
	write func(*bytes.Buffer, []*lint.Rule) error
}

// ruleWriters are the formats of the rule listing, in the order RuleFormats
// lists them: the one list of those formats.
var ruleWriters = []rulesWriter{
	{"text", writeRulesText},
	{"json", writeRulesJSON},
	{"markdown", WriteRuleIndex},
}

// RuleFormats are the formats WriteRules accepts.
var RuleFormats = names(ruleWriters, func(w rulesWriter) string { return w.name })

// WriteRules lists rules, in the order given, as "text" (an aligned
// id/severity/title table), "json" (an array of objects with id, severity,
// category, title, doc, help_uri, example and fix) or "markdown" (the index of
// the rules' pages, docs/rules/README.md: WriteRuleIndex).
func WriteRules(w io.Writer, format string, rules []*lint.Rule) error {
	for _, rw := range ruleWriters {
		if rw.name == format {
			var b bytes.Buffer
			if err := rw.write(&b, rules); err != nil {
				return err
			}
			_, err := w.Write(b.Bytes())
			return err
		}
	}
	return fmt.Errorf("report: unknown rules format %q (want %s)", format, strings.Join(RuleFormats, ", "))
}

func writeRulesText(b *bytes.Buffer, rules []*lint.Rule) error {
	tw := tabwriter.NewWriter(b, 0, 0, 2, ' ', 0)
	for _, r := range rules {
		fmt.Fprintf(tw, "%s\t%s\t%s%s\n", r.ID, r.Severity, oneLine(r.Title), fixSuffix(r))
	}
	return tw.Flush()
}

func writeRulesJSON(b *bytes.Buffer, rules []*lint.Rule) error {
	type jsonRule struct {
		ID       string          `json:"id"`
		Severity result.Severity `json:"severity"`
		Category string          `json:"category"`
		Title    string          `json:"title"`
		Doc      string          `json:"doc"`
		HelpURI  string          `json:"help_uri"`
		Example  string          `json:"example,omitempty"`
		Fix      string          `json:"fix,omitempty"`
		Autofix  string          `json:"autofix,omitempty"`
	}
	list := make([]jsonRule, 0, len(rules))
	for _, r := range rules {
		list = append(list, jsonRule{
			ID: r.ID, Severity: r.Severity, Category: r.Category, Title: r.Title, Doc: r.Doc,
			HelpURI: r.DocURL(), Example: r.Example, Fix: r.Fix,
			Autofix: r.Autofix.String(),
		})
	}
	enc := json.NewEncoder(b)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(list)
}

// fixSuffix is what the rule listing adds to the title of a rule with a
// fix: " (safe fix)", " (unsafe fix)".
func fixSuffix(r *lint.Rule) string {
	if r.Autofix == result.NoFix {
		return ""
	}
	return " (" + r.Autofix.String() + " fix)"
}

// FixFlags are the flags that apply fixes of the safety s ("--fix",
// "--fix --unsafe-fixes"); "" for NoFix.
func FixFlags(s result.FixSafety) string {
	switch s {
	case result.SafeFix:
		return "--fix"
	case result.UnsafeFix:
		return "--fix --unsafe-fixes"
	}
	return ""
}

// oneLine joins the lines of s with spaces.
func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }
