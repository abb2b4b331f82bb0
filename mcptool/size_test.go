package mcptool

import (
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/speccify/speccify-lint/discover"
	"github.com/speccify/speccify-lint/internal/tokens"
	"github.com/speccify/speccify-lint/lint"
)

// definitionBytes reads the size in the message of an mcp-tool-size
// finding: "(856 bytes of JSON)".
var definitionBytes = regexp.MustCompile(`\(([0-9,]+) bytes of JSON\)`)

// TestDefinitionSizeIsTheRules: the size export --sizes prints of a
// definition (Tool.Size, its compact JSON) is the size the rule
// mcp-tool-size measures of the same contract, for the project's tool, the
// scenarios' tools and the shared corpus: one measure, not two. With a
// budget of 1 token every definition is over the threshold, so every tool
// has the finding.
func TestDefinitionSizeIsTheRules(t *testing.T) {
	root := repoRoot(t)
	roots := []string{filepath.Join(root, ".agent", "tools")}
	if corpus := filepath.Join(root, "..", "shared", "corpus"); isDir(corpus) {
		roots = append(roots, corpus)
	}
	checked := 0
	for _, r := range roots {
		disc, err := discover.Discover([]string{r}, discover.Options{Root: r})
		if err != nil {
			t.Fatal(err)
		}
		for _, tool := range disc.Tools {
			cfg := CheckConfig(lint.Config{Root: r, Platform: "linux", Run: true, MaxAnswerTokens: 1})
			k, err := lint.OpenCallable(cfg, tool)
			if err != nil {
				t.Fatal(err)
			}
			def, why := Definition(k, false)
			var found []string
			for _, f := range k.Static.Findings {
				if f.Rule == "mcp-tool-size" {
					found = append(found, f.Message)
				}
			}
			k.Close()
			if why != "" {
				continue
			}
			checked++
			if len(found) != 1 {
				t.Errorf("%s: %d mcp-tool-size findings with a budget of 1 token, want 1: %q", tool.Dir, len(found), found)
				continue
			}
			m := definitionBytes.FindStringSubmatch(found[0])
			if m == nil {
				t.Fatalf("%s: no size in %q", tool.Dir, found[0])
			}
			n, _ := strconv.ParseInt(strings.ReplaceAll(m[1], ",", ""), 10, 64)
			if n != def.Size() {
				t.Errorf("%s: mcp-tool-size measures %d bytes, export's definition is %d", tool.Dir, n, def.Size())
			}
			if got := lint.DefinitionBytes(def.Name, def.Description, def.InputSchema, def.OutputSchema); got != def.Size() {
				t.Errorf("%s: lint.DefinitionBytes is %d, Tool.Size %d", tool.Dir, got, def.Size())
			}
		}
	}
	if checked == 0 {
		t.Fatal("no definition checked")
	}
	t.Logf("%d definitions", checked)
}

// TestSizeWarning: the tool list is a warning over 2/5 of the budget, not
// at it; 0 is the default budget.
func TestSizeWarning(t *testing.T) {
	res := ListResult{Tools: []Tool{{Name: "a", Description: strings.Repeat("x", 100), InputSchema: map[string]any{"type": "object"}}}}
	n := tokens.Estimate(res.Size())
	// A budget whose 2/5 is n: no warning; a smaller one: a warning.
	atBudget := int(n * 5 / 2)
	if n*5%2 != 0 {
		t.Fatalf("pick a size whose token count is even: %d", n)
	}
	if w := SizeWarning(res, atBudget); w != "" {
		t.Errorf("a list of %d tokens with a budget of %d (threshold %d): %q", n, atBudget, tokens.DefinitionWarn(atBudget), w)
	}
	if w := SizeWarning(res, atBudget-3); w == "" {
		t.Errorf("a list of %d tokens with a budget of %d (threshold %d): no warning", n, atBudget-3, tokens.DefinitionWarn(atBudget-3))
	}
	if w := SizeWarning(res, 0); w != "" {
		t.Errorf("the default budget: %q", w)
	}
}
