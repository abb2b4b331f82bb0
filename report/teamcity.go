package report

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/speccify/speccify-lint/lint"
	"github.com/speccify/speccify-lint/result"
)

// writeTeamCity renders TeamCity service messages: an inspectionType per
// rule that has findings (in the order of their first finding), then an
// inspection per finding in place order, and a buildProblem per internal
// error.
func writeTeamCity(b *bytes.Buffer, r *result.Result, opt Options) error {
	items := collect(r)
	rules := map[string]*lint.Rule{}
	for _, rule := range opt.rules() {
		rules[rule.ID] = rule
	}
	declared := map[string]bool{}
	for _, it := range items {
		id := it.f.Rule
		if declared[id] {
			continue
		}
		declared[id] = true
		rule := rules[id]
		if rule == nil {
			rule = undocumentedRule(id, it.f.Severity)
		}
		fmt.Fprintf(b, "##teamcity[inspectionType id='%s' name='%s' description='%s' category='%s']\n",
			escapeTeamCity(commandLine(id)), escapeTeamCity(commandLine(id)), escapeTeamCity(commandLine(oneLine(rule.Title))), escapeTeamCity(commandLine(rule.Category)))
	}
	for _, it := range items {
		f := it.f
		fmt.Fprintf(b, "##teamcity[inspection typeId='%s' message='%s' file='%s' line='%d' SEVERITY='%s']\n",
			escapeTeamCity(commandLine(f.Rule)), escapeTeamCity(commandText(detail(it))), escapeTeamCity(commandLine(f.File)), max(f.Line, 1), upperSeverity(f.Severity))
	}
	for _, e := range r.InternalErrors {
		fmt.Fprintf(b, "##teamcity[buildProblem description='%s']\n", escapeTeamCity(commandLine(toolName+": internal error: "+e)))
	}
	return nil
}

// escapeTeamCity escapes a service message value as TeamCity's own
// escapers do (the Java STD_ESCAPER of its service messages library): | '
// [ ] and every line end, "\n" "\r" U+0085 U+2028 U+2029 as |n |r |x |l
// |p. Other characters stay as they are, UTF-8: the spec's |0xNNNN form
// is left out because JetBrains' .NET reader throws on the escape of a
// surrogate and its Python reader decodes no escape at all.
func escapeTeamCity(s string) string {
	return teamCityEscaper.Replace(s)
}

// teamCityEscaper is escapeTeamCity's replacer.
var teamCityEscaper = strings.NewReplacer("|", "||", "'", "|'", "[", "|[", "]", "|]", "\n", "|n", "\r", "|r",
	"\u0085", "|x", "\u2028", "|l", "\u2029", "|p")
