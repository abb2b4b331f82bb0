package report

import (
	"bytes"
	"strings"
	"testing"

	"github.com/speccify/speccify-lint/lint"
	"github.com/speccify/speccify-lint/result"
)

// TestWriteRulePage: a rule's page shows its facts from the registry, says
// "not yet released" while Since is empty, and fences an excerpt that holds
// backticks with a longer fence.
func TestWriteRulePage(t *testing.T) {
	for _, tc := range []struct {
		name string
		rule lint.Rule
		want []string
		not  []string
	}{
		{
			name: "safe fix, unreleased",
			rule: lint.Rule{ID: "a-rule", Severity: result.SeverityWarning, Category: "contract", Title: "a title",
				Doc: "What it checks.", Example: "bad", Fix: "good", Autofix: result.SafeFix},
			want: []string{"\n# `a-rule`: a title\n", "- **Default severity:** warning ", "- **Category:** contract\n",
				"- **Fix:** safe, made by `--fix` ", "- **Since:** not yet released\n", "\nWhat it checks.\n",
				"## Triggers it\n\n```\nbad\n```\n", "## Fixed\n\n```\ngood\n```\n", "(../../lint/rule_a_rule.go)",
				"fix_a-rule.txtar"},
		},
		{
			name: "no fix, released, backticks in the excerpt",
			rule: lint.Rule{ID: "b", Severity: result.SeverityError, Category: "run", Title: "t", Doc: "D.",
				Example: "```\ncode\n```", Fix: "x", Since: "v1.2.0"},
			want: []string{"- **Fix:** none\n", "- **Since:** v1.2.0\n", "````\n```\ncode\n```\n````\n"},
			not:  []string{"fix_b.txtar"},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var b bytes.Buffer
			if err := WriteRulePage(&b, &tc.rule); err != nil {
				t.Fatal(err)
			}
			page := b.String()
			if !strings.HasPrefix(page, rulePageNotice) {
				t.Errorf("the page does not start with the generated notice:\n%s", page)
			}
			for _, w := range tc.want {
				if !strings.Contains(page, w) {
					t.Errorf("the page lacks %q:\n%s", w, page)
				}
			}
			for _, n := range tc.not {
				if strings.Contains(page, n) {
					t.Errorf("the page has %q:\n%s", n, page)
				}
			}
		})
	}
}

// TestWriteRuleIndex: the index links every rule to its page, in the
// order given, with its severity and fix.
func TestWriteRuleIndex(t *testing.T) {
	var b bytes.Buffer
	if err := WriteRuleIndex(&b, lint.Rules()); err != nil {
		t.Fatal(err)
	}
	index := b.String()
	last := -1
	for _, r := range lint.Rules() {
		row := "| [`" + r.ID + "`](" + r.ID + ".md) | " + r.Severity.String() + " | "
		at := strings.Index(index, row)
		if at < 0 || at < last {
			t.Errorf("the index lacks the row of %s in registry order (%q)", r.ID, row)
		}
		last = at
	}
}
