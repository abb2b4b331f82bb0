package autofix_test

import (
	"context"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/speccify/speccify-lint/autofix"
	"github.com/speccify/speccify-lint/discover"
	"github.com/speccify/speccify-lint/lint"
	"github.com/speccify/speccify-lint/result"
)

// lintStatic lints the tree under root statically, as the passes of --fix
// do.
func lintStatic(t testing.TB, root string) *result.Result {
	t.Helper()
	disc, err := discover.Discover([]string{root}, discover.Options{Root: root})
	if err != nil {
		t.Fatal(err)
	}
	return lint.Lint(context.Background(), disc, staticConfig(root))
}

// staticConfig is the configuration of lintStatic.
func staticConfig(root string) lint.Config {
	return lint.Config{Root: root, Platform: "linux", Jobs: 1}
}

// fixAll applies every fix, safe and unsafe, in passes, as --fix does; a
// second run must find nothing to fix when the first one finished (--fix
// twice is --fix once), not when its passes stopped at MaxPasses. It
// returns the findings before and after, and the changes it made.
func fixAll(t testing.TB, root string) (before, after *result.Result, changes []*autofix.Change, out autofix.Outcome) {
	t.Helper()
	opt := autofix.Options{Root: root, Unsafe: true, Check: autofix.CheckWith(staticConfig(root))}
	before = lintStatic(t, root)
	changes, errs := autofix.Changes(context.Background(), before, opt)
	out = autofix.Write(changes)
	for _, err := range errs {
		out.Errors = append(out.Errors, err.Error())
	}
	if len(out.Errors) > 0 {
		t.Errorf("fix errors: %v", out.Errors)
	}
	after = lintStatic(t, root)
	if slices.ContainsFunc(changes, autofix.PassesRanOut) {
		return before, after, changes, out // the passes stopped at MaxPasses: more may be left
	}
	if again, _ := autofix.Changes(context.Background(), after, opt); len(again) > 0 {
		for _, c := range again {
			t.Logf("%s: %q\n->\n%q", c.File, c.Old, c.New)
		}
		t.Errorf("a second run fixes %d more files: fixing is not idempotent", len(again))
	}
	return before, after, changes, out
}

// checkFixed: the fixed files still read and parse (checkStillReads);
// each fixed TOOL.md is what its verified passes made, each pass passing
// the criterion of verify.go when checked again (no new finding in the
// text it wrote, nor about a key it wrote; a finding it reveals elsewhere,
// as a schema a renamed key now shows, may be new); with fewer, the tree
// has fewer findings when anything was fixed.
func checkFixed(t testing.TB, root string, before, after *result.Result, changes []*autofix.Change, out autofix.Outcome, fewer bool) {
	t.Helper()
	check := autofix.CheckWith(staticConfig(root))
	for _, c := range changes {
		if c.Delete || path.Base(c.File) != "TOOL.md" {
			continue
		}
		if err := autofix.CheckPasses(check, path.Dir(c.File), c.File, c); err != nil {
			t.Error(err)
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
func checkStillReads(t testing.TB, before, after *result.Result) {
	t.Helper()
	for _, f := range after.AllFindings() {
		if f.Rule == "spec-file" || f.Rule == "frontmatter" {
			if slices.ContainsFunc(before.AllFindings(), func(g result.Finding) bool { return g.Rule == f.Rule && g.File == f.File }) {
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
	before, after, changes, out := fixAll(t, root)
	if out.Fixed == 0 {
		t.Fatal("no fix in the corpus: the test checks nothing")
	}
	t.Logf("fixed %d findings in %d files; %d findings before, %d after", out.Fixed, len(out.Files), len(before.AllFindings()), len(after.AllFindings()))
	checkFixed(t, root, before, after, changes, out, true)
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
	changes, errs := autofix.Changes(context.Background(), res, autofix.Options{Root: root})
	if len(changes) != 0 || len(errs) != 1 || !strings.Contains(errs[0].Error(), "t/TOOL.md: not fixed: it changed since it was linted") {
		t.Errorf("changes %v, errors %v; want the one error", changes, errs)
	}
	// Linted again, it is fixed.
	changes, errs = autofix.Changes(context.Background(), lintStatic(t, root), autofix.Options{Root: root})
	if len(changes) != 1 || len(errs) != 0 {
		t.Errorf("changes %v, errors %v; want one change", changes, errs)
	}
}
