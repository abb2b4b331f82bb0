package report

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/speccify/speccify-lint/lint"
)

// writeTeamCity renders TeamCity service messages: an inspectionType per
// rule that has findings (in the order of their first finding), then an
// inspection per finding in place order, and a buildProblem per internal
// error.
func writeTeamCity(b *bytes.Buffer, r *lint.Result, opt Options) error {
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
			escapeTeamCity(id), escapeTeamCity(id), escapeTeamCity(oneLine(rule.Title)), escapeTeamCity(rule.Category))
	}
	for _, it := range items {
		f := it.f
		fmt.Fprintf(b, "##teamcity[inspection typeId='%s' message='%s' file='%s' line='%d' SEVERITY='%s']\n",
			escapeTeamCity(f.Rule), escapeTeamCity(detail(it)), escapeTeamCity(cleanLine(f.File)), max(f.Line, 1), upperSeverity(f.Severity))
	}
	for _, e := range r.InternalErrors {
		fmt.Fprintf(b, "##teamcity[buildProblem description='%s']\n", escapeTeamCity(toolName+": internal error: "+cleanLine(e)))
	}
	return nil
}

// escapeTeamCity escapes a service message value: | ' [ ] and line ends.
func escapeTeamCity(s string) string {
	return strings.NewReplacer("|", "||", "'", "|'", "[", "|[", "]", "|]", "\n", "|n", "\r", "|r").Replace(s)
}
