package autofix_test

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/speccify/speccify-lint/autofix"
	"github.com/speccify/speccify-lint/discover"
	"github.com/speccify/speccify-lint/lint"
)

// lintStatic lints the tree under root statically, as the passes of --fix
// do.
func lintStatic(t testing.TB, root string) *lint.Result {
	t.Helper()
	disc, err := discover.Discover([]string{root}, discover.Options{Root: root})
	if err != nil {
		t.Fatal(err)
	}
	return lint.Lint(context.Background(), disc, lint.Config{Root: root, Platform: "linux", Jobs: 1})
}

// ruleCounts counts a result's findings by rule.
func ruleCounts(res *lint.Result) map[string]int {
	n := map[string]int{}
	for _, f := range res.AllFindings() {
		n[f.Rule]++
	}
	return n
}

// fixAll applies every fix, safe and unsafe, in passes; a second run must
// find nothing to fix when the first one finished (--fix twice is --fix
// once). It returns the findings before and after.
func fixAll(t testing.TB, root string) (before, after *lint.Result, out autofix.Outcome) {
	t.Helper()
	before = lintStatic(t, root)
	first := true
	out, err := autofix.Run(root, true, func() (*lint.Result, error) {
		if first {
			first = false
			return before, nil
		}
		return lintStatic(t, root), nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(out.Errors) > 0 {
		t.Errorf("fix errors: %v", out.Errors)
	}
	after = lintStatic(t, root)
	if out.Last != nil {
		again, err := autofix.Run(root, true, func() (*lint.Result, error) { return lintStatic(t, root), nil })
		if err != nil {
			t.Fatal(err)
		}
		if again.Fixed != 0 {
			t.Errorf("a second run fixed %d more findings in %v: fixing is not idempotent", again.Fixed, again.Files)
		}
	}
	return before, after, out
}

// checkFixed: the fixed tree has no finding of a rule that had none
// before, and its files still read and parse (checkStillReads); with
// fewer, it has fewer findings when anything was fixed (a fix that makes a
// broken frontmatter parse lets the other rules see it: a random contract
// may gain findings of the rules it had).
func checkFixed(t testing.TB, before, after *lint.Result, out autofix.Outcome, fewer bool) {
	t.Helper()
	b, a := ruleCounts(before), ruleCounts(after)
	for rule, n := range a {
		if b[rule] == 0 {
			t.Errorf("the fixes caused %d findings of %s, a rule with none before", n, rule)
		}
	}
	nb, na := len(before.AllFindings()), len(after.AllFindings())
	if fewer && out.Fixed > 0 && na >= nb {
		t.Errorf("%d findings after fixing %d, %d before: want fewer", na, out.Fixed, nb)
	}
	checkStillReads(t, before, after)
}

// checkStillReads: no fixed file has a spec-file or frontmatter finding
// it did not have before (it still reads and its frontmatter parses).
func checkStillReads(t testing.TB, before, after *lint.Result) {
	t.Helper()
	for _, f := range after.AllFindings() {
		if f.Rule == "spec-file" || f.Rule == "frontmatter" {
			if slices.ContainsFunc(before.AllFindings(), func(g lint.Finding) bool { return g.Rule == f.Rule && g.File == f.File }) {
				continue
			}
			t.Errorf("a fixed file no longer reads: %v", f)
		}
	}
}

// TestCorpusFixes applies every fix to a copy of the shared corpus of real
// contracts (../shared/corpus beside the module root).
func TestCorpusFixes(t *testing.T) {
	corpus := filepath.Join("..", "..", "shared", "corpus") // the module root is ..
	if info, err := os.Stat(corpus); err != nil || !info.IsDir() {
		t.Skip("no ../shared/corpus beside the module")
	}
	root := t.TempDir()
	if err := os.CopyFS(root, os.DirFS(corpus)); err != nil {
		t.Fatal(err)
	}
	before, after, out := fixAll(t, root)
	if out.Fixed == 0 {
		t.Fatal("no fix in the corpus: the test checks nothing")
	}
	t.Logf("fixed %d findings in %d files; %d findings before, %d after", out.Fixed, len(out.Files), len(before.AllFindings()), len(after.AllFindings()))
	checkFixed(t, before, after, out, true)
}

// TestChangedSinceLint: a TOOL.md changed after the lint, even where the
// fix's edits still fit (same length, other text), is not fixed: the fix
// knows the sum of the text it was computed on.
func TestChangedSinceLint(t *testing.T) {
	root := t.TempDir()
	spec := filepath.Join(root, "t", "TOOL.md")
	if err := os.MkdirAll(filepath.Dir(spec), 0o755); err != nil {
		t.Fatal(err)
	}
	text := "---\nname: t\ndescription: Answers ok.\ninputs: {type: object, properties: {x: {type: string, description: a, b}}}\n---\n"
	if err := os.WriteFile(spec, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	res := lintStatic(t, root)
	changed := strings.Replace(text, "Answers ok.", "Answers OK.", 1)
	if err := os.WriteFile(spec, []byte(changed), 0o644); err != nil {
		t.Fatal(err)
	}
	changes, errs := autofix.Plan(root, res.AllFindings(), false)
	if len(changes) != 0 || len(errs) != 1 || !strings.Contains(errs[0].Error(), "t/TOOL.md: not fixed: it changed since it was linted") {
		t.Errorf("changes %v, errors %v; want the one error", changes, errs)
	}
	// Linted again, it is fixed.
	changes, errs = autofix.Plan(root, lintStatic(t, root).AllFindings(), false)
	if len(changes) != 1 || len(errs) != 0 {
		t.Errorf("changes %v, errors %v; want one change", changes, errs)
	}
}
