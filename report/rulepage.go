package report

import (
	"bytes"
	"fmt"
	"io"
	"strings"

	"github.com/speccify/speccify-lint/lint"
	"github.com/speccify/speccify-lint/result"
)

// The rules' documentation pages, docs/rules/<id>.md, and their index,
// docs/rules/README.md, are generated from the registry by these writers
// (cmd/speccify-lint's TestRulePages checks the files and rewrites them with
// -update-docs). Their links are relative to docs/rules/.

// rulePageNotice is the first line of every generated page.
const rulePageNotice = "<!-- Generated from the rule registry (lint/rules.go, lint/rule_<id>.go): do not edit.\n" +
	"     Change the rule, then: go test ./cmd/speccify-lint -run TestRulePages -update-docs -->\n"

// RulePageFile is the name of the rule's page in docs/rules/: "<id>.md",
// the file lint.Rule.DocURL names.
func RulePageFile(r *lint.Rule) string { return r.ID + ".md" }

// WriteRulePage writes the rule's documentation page: its id and title, its
// default severity, category, fix (and its safety) and the release it came
// in (lint.Rule.Since), its documentation, an excerpt of a tool folder that
// triggers it and the excerpt fixed, and where it is defined and tested.
func WriteRulePage(w io.Writer, r *lint.Rule) error {
	var b bytes.Buffer
	b.WriteString(rulePageNotice)
	fmt.Fprintf(&b, "\n# `%s`: %s\n\n", r.ID, oneLine(r.Title))
	fmt.Fprintf(&b, "- **Default severity:** %s ([change it](../configuration.md#severities))\n", r.Severity)
	fmt.Fprintf(&b, "- **Category:** %s\n", r.Category)
	if how := FixFlags(r.Autofix); how != "" {
		fmt.Fprintf(&b, "- **Fix:** %s, made by `%s` (see [Fixes](../fixes.md))\n", r.Autofix, how)
	} else {
		b.WriteString("- **Fix:** none\n")
	}
	since := r.Since
	if since == "" {
		since = "not yet released"
	}
	fmt.Fprintf(&b, "- **Since:** %s\n", since)
	fmt.Fprintf(&b, "\n%s\n", strings.TrimSpace(r.Doc))
	if r.Example != "" {
		fmt.Fprintf(&b, "\n## Triggers it\n\n")
		writeFenced(&b, r.Example)
	}
	if r.Fix != "" {
		fmt.Fprintf(&b, "\n## Fixed\n\n")
		writeFenced(&b, r.Fix)
	}
	file := "rule_" + strings.ReplaceAll(r.ID, "-", "_") + ".go"
	fmt.Fprintf(&b, "\n## More\n\n")
	fmt.Fprintf(&b, "- `speccify-lint rules %s` prints this documentation in the terminal, and with `--format markdown` this page.\n", r.ID)
	fmt.Fprintf(&b, "- Defined in [`lint/%s`](../../lint/%s); its scenario is [`rule_%s.txtar`](../../cmd/speccify-lint/testdata/script/rule_%s.txtar).\n", file, file, r.ID, r.ID)
	if r.Autofix != result.NoFix {
		fmt.Fprintf(&b, "- Its fix's scenario is [`fix_%s.txtar`](../../cmd/speccify-lint/testdata/script/fix_%s.txtar).\n", r.ID, r.ID)
	}
	fmt.Fprintf(&b, "- [Every rule](README.md).\n")
	_, err := w.Write(b.Bytes())
	return err
}

// WriteRuleIndex writes docs/rules/README.md (and `rules --format
// markdown`): a table of the rules, in the order given, each linking to its
// page, with its default severity, fix and title.
func WriteRuleIndex(b *bytes.Buffer, rules []*lint.Rule) error {
	b.WriteString(rulePageNotice)
	b.WriteString("\n# Rules\n\n")
	b.WriteString("Every rule of speccify-lint, in the order `speccify-lint rules` lists them. Each page says what\n" +
		"the rule checks and why, shows a tool folder that triggers it and the same folder fixed, and\n" +
		"whether `--fix` can fix it. [Configuration](../configuration.md) says how to change a rule's\n" +
		"severity, turn it off or suppress one finding.\n\n")
	b.WriteString("| Rule | Severity | Fix | Title |\n| --- | --- | --- | --- |\n")
	for _, r := range rules {
		fix := r.Autofix.String()
		if r.Autofix == result.NoFix {
			fix = ""
		}
		fmt.Fprintf(b, "| [`%s`](%s) | %s | %s | %s |\n", r.ID, RulePageFile(r), r.Severity, fix, strings.ReplaceAll(oneLine(r.Title), "|", `\|`))
	}
	return nil
}

// writeFenced writes s as a fenced code block, its fence longer than any run
// of backticks in s.
func writeFenced(b *bytes.Buffer, s string) {
	fence := "```"
	for strings.Contains(s, fence) {
		fence += "`"
	}
	fmt.Fprintf(b, "%s\n%s\n%s\n", fence, strings.TrimRight(s, "\n"), fence)
}
