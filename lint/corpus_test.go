package lint_test

import (
	"context"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/speccify/speccify-lint/discover"
	"github.com/speccify/speccify-lint/lint"
	"github.com/speccify/speccify-lint/result"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// corpusDeadline bounds the static lint of one corpus contract.
const corpusDeadline = 20 * time.Second

// sharedCorpus finds ../shared/corpus beside the module root (the directory
// holding go.mod, found by walking up from the working directory); "" when
// it does not exist.
func sharedCorpus(t *testing.T) string {
	t.Helper()
	corpus := filepath.Join(repoRoot(t), "..", "shared", "corpus")
	if info, err := os.Stat(corpus); err != nil || !info.IsDir() {
		return ""
	}
	abs, err := filepath.Abs(corpus)
	if err != nil {
		t.Fatal(err)
	}
	return abs
}

// TestCorpus lints every TOOL.md of the shared corpus of real contracts
// (statically, nothing runs) and compares the places of the findings with
// testdata/corpus.golden; go test -run TestCorpus -update rewrites it.
func TestCorpus(t *testing.T) {
	corpus := sharedCorpus(t)
	if corpus == "" {
		t.Skip("no ../shared/corpus beside the module")
	}
	var specs []string
	err := filepath.WalkDir(corpus, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.Name() == discover.SpecFile {
			specs = append(specs, p)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(specs) == 0 {
		t.Fatal("the corpus holds no TOOL.md")
	}
	var lines []string
	for _, spec := range specs {
		rel, _ := filepath.Rel(corpus, spec)
		rel = filepath.ToSlash(rel)
		found, ok := lintCorpusTool(t, corpus, filepath.Dir(spec))
		if !ok {
			continue
		}
		if len(found) == 0 {
			lines = append(lines, rel+": no findings")
		}
		for _, f := range found {
			if f.File != rel && !strings.HasPrefix(f.File, strings.TrimSuffix(rel, discover.SpecFile)) {
				t.Errorf("%s: finding in another folder: %v", rel, f)
			}
			if f.Line < 1 || f.Column < 1 {
				t.Errorf("%s: finding without a place: %v", rel, f)
			}
			lines = append(lines, fmt.Sprintf("%s:%d:%d: %s", f.File, f.Line, f.Column, f.Rule))
		}
	}
	slices.Sort(lines)
	got := strings.Join(lines, "\n") + "\n"
	golden := filepath.Join("testdata", "corpus.golden")
	if *update {
		if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (run go test -run TestCorpus -update to write it)", err)
	}
	if got != string(want) {
		t.Errorf("corpus findings differ from %s (go test -run TestCorpus -update rewrites it):\n%s", golden, lineDiff(string(want), got))
	}
}

// lintCorpusTool lints one tool folder with a deadline; a panic or a hang is
// a test failure.
func lintCorpusTool(t *testing.T, root, dir string) ([]result.Finding, bool) {
	t.Helper()
	type outcome struct {
		findings []result.Finding
		panicked any
	}
	done := make(chan outcome, 1)
	go func() {
		var o outcome
		defer func() {
			o.panicked = recover()
			done <- o
		}()
		disc := &discover.Discovery{Tools: []discover.Tool{{Dir: dir}}}
		res := lint.Lint(context.Background(), disc, lint.Config{Root: root, Platform: "linux", Jobs: 1})
		for _, tr := range res.Tools {
			o.findings = append(o.findings, tr.Findings...)
		}
		o.findings = append(o.findings, res.Findings...)
	}()
	select {
	case o := <-done:
		if o.panicked != nil {
			t.Errorf("%s: the linter panicked: %v", dir, o.panicked)
			return nil, false
		}
		return o.findings, true
	case <-time.After(corpusDeadline):
		t.Errorf("%s: no result within %v", dir, corpusDeadline)
		return nil, false
	}
}

// lineDiff lists the lines only in want (-) and only in got (+).
func lineDiff(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	var b strings.Builder
	for _, l := range w {
		if !slices.Contains(g, l) {
			b.WriteString("- " + l + "\n")
		}
	}
	for _, l := range g {
		if !slices.Contains(w, l) {
			b.WriteString("+ " + l + "\n")
		}
	}
	return b.String()
}
