package main

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

// maxMedianFindingLine is the most characters the median finding line of
// the text report on the shared corpus may have (issue 21: a line says what
// is wrong; how to fix it is on the help line beneath).
const maxMedianFindingLine = 120

// findingLine is a finding line of the text report: the problem matcher's
// shape, notes included.
var findingLine = regexp.MustCompile(`^[^\s|][^|]*?:\d+:\d+: (error|warning|note): .* \[[a-z0-9][a-z0-9-]*\]$`)

// TestCorpusFindingLines: the median finding line of the text report on the
// shared corpus of real contracts (../shared/corpus beside the module) is
// at most maxMedianFindingLine characters. Each tool folder is linted
// (--no-run) where a repository keeps it, .agent/tools/<folder>/, in a tree
// of its own: the corpus's own paths carry the collection's bookkeeping
// (<origin file>__<test name>/<name>/TOOL.md, up to 126 characters, more
// than the budget before a word of the message), which is logged beside.
func TestCorpusFindingLines(t *testing.T) {
	corpus := filepath.Join(repoRoot(t), "..", "shared", "corpus")
	if info, err := os.Stat(corpus); err != nil || !info.IsDir() {
		t.Skip("no ../shared/corpus beside the module")
	}
	var dirs []string
	err := filepath.WalkDir(corpus, func(p string, d fs.DirEntry, err error) error {
		if err == nil && d.Name() == "TOOL.md" {
			dirs = append(dirs, filepath.Dir(p))
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	var lines []string
	for _, dir := range dirs {
		root := t.TempDir()
		if err := os.CopyFS(filepath.Join(root, ".agent", "tools", filepath.Base(dir)), os.DirFS(dir)); err != nil {
			t.Fatal(err)
		}
		lines = append(lines, corpusFindingLines(t, root)...)
	}
	if len(lines) == 0 {
		t.Fatal("no finding line: the test measures nothing")
	}
	median, p90, longest := lengths(lines)
	t.Logf("%d finding lines, .agent/tools/<folder>/ layout: median %d characters, 90th percentile %d, longest %d", len(lines), median, p90, longest)
	asIs := corpusFindingLines(t, corpus)
	m, _, _ := lengths(asIs)
	t.Logf("the corpus linted from its own root (its paths as collected): median %d characters", m)
	if median > maxMedianFindingLine {
		slices.SortFunc(lines, func(a, b string) int { return utf8.RuneCountInString(b) - utf8.RuneCountInString(a) })
		t.Errorf("the median finding line has %d characters, want at most %d; the longest:\n%s", median, maxMedianFindingLine, strings.Join(lines[:min(len(lines), 10)], "\n"))
	}
}

// corpusFindingLines lints root (--no-run, text) and returns its finding
// lines.
func corpusFindingLines(t *testing.T, root string) []string {
	t.Helper()
	var stdout, stderr bytes.Buffer
	if code := run([]string{"--no-run", "--color", "never", "--root", root, root}, &stdout, &stderr); code > 1 {
		t.Fatalf("%s: exit %d: %s", root, code, stderr.String())
	}
	var out []string
	for line := range strings.Lines(stdout.String()) {
		if line = strings.TrimSuffix(line, "\n"); findingLine.MatchString(line) {
			out = append(out, line)
		}
	}
	return out
}

// lengths are the median, the 90th percentile and the longest length, in
// characters, of lines (the upper middle one of an even count).
func lengths(lines []string) (median, p90, longest int) {
	n := make([]int, len(lines))
	for i, l := range lines {
		n[i] = utf8.RuneCountInString(l)
	}
	slices.Sort(n)
	if len(n) == 0 {
		return 0, 0, 0
	}
	return n[len(n)/2], n[len(n)*9/10], n[len(n)-1]
}
