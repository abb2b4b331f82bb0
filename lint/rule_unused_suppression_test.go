package lint_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/speccify/speccify-lint/discover"
	"github.com/speccify/speccify-lint/internal/testtree"
	"github.com/speccify/speccify-lint/lint"
)

// TestSuppressionTypos: a misspelt rule id in a suppression comment gets
// "did you mean" with the rule it misspells, for every rule and for the
// usual slips (two letters swapped, one left out), whether the comment has
// a reason or not (the rule's own example, exmaple-failed without one).
func TestSuppressionTypos(t *testing.T) {
	type typo struct{ id, typo string }
	var typos []typo
	for _, r := range lint.Rules() {
		rs := []rune(r.ID)
		for i := 1; i+1 < len(rs); i++ {
			swapped := append([]rune(nil), rs...)
			swapped[i], swapped[i+1] = swapped[i+1], swapped[i]
			for _, s := range []string{string(swapped), string(rs[:i]) + string(rs[i+1:])} {
				if s != r.ID && lint.RuleByID(s) == nil && !strings.HasPrefix(s, "-") {
					typos = append(typos, typo{r.ID, s})
				}
			}
		}
	}
	for _, reason := range []string{" -- on purpose", ""} {
		t.Run(fmt.Sprintf("reason %q", reason), func(t *testing.T) {
			var body strings.Builder
			for _, ty := range typos {
				fmt.Fprintf(&body, "<!-- speccify-lint-disable %s%s -->\n\n", ty.typo, reason)
			}
			root := t.TempDir()
			testtree.Write(t, root, map[string]string{"t/TOOL.md": "---\nname: t\n---\n\n" + body.String()})
			disc, err := discover.Discover([]string{root}, discover.Options{Root: root})
			if err != nil {
				t.Fatal(err)
			}
			res := lint.Lint(context.Background(), disc, lint.Config{Root: root, Platform: "linux", Jobs: 1})
			helps := map[string]string{}
			for _, f := range res.AllFindings() {
				if f.Rule == "unused-suppression" && strings.HasPrefix(f.Message, "suppression names the unknown rule ") {
					helps[strings.TrimPrefix(f.Message, "suppression names the unknown rule ")] = f.Help
				}
			}
			for _, ty := range typos {
				if got, want := helps[fmt.Sprintf("%q", ty.typo)], fmt.Sprintf("did you mean %q?", ty.id); got != want {
					t.Errorf("%s: help %q, want %q", ty.typo, got, want)
				}
			}
		})
	}
}
