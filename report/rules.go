package report

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/speccify/speccify-lint/lint"
)

// RuleFormats are the formats WriteRules accepts.
var RuleFormats = []string{"text", "json", "markdown"}

// WriteRules lists rules, in the order given, as "text" (an aligned
// id/severity/title table), "json" (an array of objects with id, severity,
// category, title, doc and help_uri) or "markdown" (the README's rule table,
// each id linking to a "rule-<id>" anchor, then one section per rule with
// that anchor and the rule's Doc).
func WriteRules(w io.Writer, format string, rules []*lint.Rule) error {
	var b bytes.Buffer
	switch format {
	case "text":
		tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
		for _, r := range rules {
			fmt.Fprintf(tw, "%s\t%s\t%s\n", r.ID, r.Severity, oneLine(r.Title))
		}
		if err := tw.Flush(); err != nil {
			return err
		}
	case "json":
		type jsonRule struct {
			ID       string        `json:"id"`
			Severity lint.Severity `json:"severity"`
			Category string        `json:"category"`
			Title    string        `json:"title"`
			Doc      string        `json:"doc"`
			HelpURI  string        `json:"help_uri"`
		}
		list := make([]jsonRule, 0, len(rules))
		for _, r := range rules {
			list = append(list, jsonRule{
				ID: r.ID, Severity: r.Severity, Category: r.Category, Title: r.Title, Doc: r.Doc,
				HelpURI: DefaultInformationURI + "#" + r.Anchor(),
			})
		}
		enc := json.NewEncoder(&b)
		enc.SetIndent("", "  ")
		enc.SetEscapeHTML(false)
		if err := enc.Encode(list); err != nil {
			return err
		}
	case "markdown":
		b.WriteString("| Rule | Severity | Title |\n| --- | --- | --- |\n")
		for _, r := range rules {
			fmt.Fprintf(&b, "| [`%s`](#%s) | %s | %s |\n", r.ID, r.Anchor(), r.Severity, strings.ReplaceAll(oneLine(r.Title), "|", `\|`))
		}
		for _, r := range rules {
			fmt.Fprintf(&b, "\n<a id=\"%s\"></a>\n#### `%s`\n\n%s\n", r.Anchor(), r.ID, strings.TrimSpace(r.Doc))
		}
	default:
		return fmt.Errorf("report: unknown rules format %q (want %s)", format, strings.Join(RuleFormats, ", "))
	}
	_, err := w.Write(b.Bytes())
	return err
}

// oneLine joins the lines of s with spaces.
func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }
