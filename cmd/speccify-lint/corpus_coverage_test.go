package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// corpusCoverageGolden is the contract coverage of the shared corpus.
const corpusCoverageGolden = "testdata/corpus_coverage.golden"

// TestCorpusCoverage: the coverage of every tool of the shared corpus of
// real contracts (../shared/corpus beside the module), as the JSON report
// gives it (--no-run, on a copy of the corpus), is testdata/
// corpus_coverage.golden; go test -run TestCorpusCoverage -update rewrites
// it.
func TestCorpusCoverage(t *testing.T) {
	corpus := filepath.Join(repoRoot(t), "..", "shared", "corpus")
	if info, err := os.Stat(corpus); err != nil || !info.IsDir() {
		t.Skip("no ../shared/corpus beside the module")
	}
	root := t.TempDir()
	if err := os.CopyFS(root, os.DirFS(corpus)); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	if code := run([]string{"--no-run", "--no-cache", "--no-timestamps", "-f", "json", "--root", root, root}, &stdout, &stderr); code > 1 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	var report struct {
		Tools []struct {
			Dir      string          `json:"dir"`
			Coverage json.RawMessage `json:"coverage"`
		} `json:"tools"`
	}
	if err := json.Unmarshal(stdout.Bytes(), &report); err != nil {
		t.Fatal(err)
	}
	if len(report.Tools) == 0 {
		t.Fatal("no tool: the test measures nothing")
	}
	got, err := json.MarshalIndent(report.Tools, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	got = append(got, '\n')
	if *updateGolden {
		if err := os.WriteFile(corpusCoverageGolden, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(corpusCoverageGolden)
	if err != nil {
		t.Fatalf("%v (go test -run TestCorpusCoverage -update writes it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("the corpus's coverage differs from %s (go test -run TestCorpusCoverage -update rewrites it):\n%s", corpusCoverageGolden, firstDiff(want, got))
	}
}
