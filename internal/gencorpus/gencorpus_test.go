package gencorpus_test

import (
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/speccify/speccify-lint/discover"
	"github.com/speccify/speccify-lint/internal/gencorpus"
	"github.com/speccify/speccify-lint/lint"
	"github.com/speccify/speccify-lint/result"
)

// readTree maps every file under dir to its content and mode.
func readTree(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		out[filepath.ToSlash(rel)] = info.Mode().String() + "\n" + string(data)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func TestGenerateDeterministic(t *testing.T) {
	opt := gencorpus.Options{Tools: 3, Examples: 2, Impl: gencorpus.ImplSh}
	a, b := t.TempDir(), t.TempDir()
	for _, d := range []string{a, b} {
		if err := gencorpus.Generate(d, opt); err != nil {
			t.Fatal(err)
		}
	}
	ta, tb := readTree(t, a), readTree(t, b)
	// 3 tools x (TOOL.md, linux.sh, 2 fixtures)
	if len(ta) != 12 {
		t.Fatalf("got %d files, want 12: %v", len(ta), ta)
	}
	for p, v := range ta {
		if tb[p] != v {
			t.Fatalf("%s differs between two runs", p)
		}
	}
	if _, ok := ta[".agent/tools/tool-00002/fixtures/record-2.txt"]; !ok {
		t.Fatal("missing fixture record-2.txt of tool-00002")
	}
}

func TestGenerateRejectsUnknownImpl(t *testing.T) {
	if err := gencorpus.Generate(t.TempDir(), gencorpus.Options{Tools: 1, Impl: "py"}); err == nil {
		t.Fatal("want an error for -impl py")
	}
}

// TestCorpusLintsClean: the generated tools have no finding, and with the sh
// implementation every example passes.
func TestCorpusLintsClean(t *testing.T) {
	for _, c := range []struct {
		impl     gencorpus.Impl
		distinct bool
	}{{gencorpus.ImplNone, false}, {gencorpus.ImplSh, false}, {gencorpus.ImplSh, true}} {
		impl := c.impl
		name := string(impl)
		if c.distinct {
			name += "/distinct-schemas"
		}
		t.Run(name, func(t *testing.T) {
			run := impl == gencorpus.ImplSh
			if run && runtime.GOOS == "windows" {
				t.Skip("the sh implementation runs on Unix")
			}
			dir := t.TempDir()
			const tools, examples = 4, 3
			if err := gencorpus.Generate(dir, gencorpus.Options{Tools: tools, Examples: examples, Impl: impl, DistinctSchemas: c.distinct}); err != nil {
				t.Fatal(err)
			}
			disc, err := discover.Discover([]string{dir}, discover.Options{Root: dir})
			if err != nil {
				t.Fatal(err)
			}
			// Without an implementation, implementation-missing (a warning)
			// is expected and nothing else.
			res := lint.Lint(context.Background(), disc, lint.Config{Root: dir, Run: run, Platform: "linux"})
			s := res.Summary
			if s.Tools != tools || s.Examples != tools*(examples+1) {
				t.Fatalf("summary %+v, want %d tools with %d examples each", s, tools, examples+1)
			}
			for _, tr := range res.Tools {
				for _, f := range tr.Findings {
					if !(impl == gencorpus.ImplNone && f.Rule == "implementation-missing") {
						t.Errorf("finding: %s", f)
					}
				}
				for _, ex := range tr.Examples {
					for _, f := range ex.Findings {
						t.Errorf("example finding: %s", f)
					}
				}
			}
			if run && s.Passed != s.Examples {
				t.Fatalf("summary %+v: want every example passed", s)
			}
			if res.Fails(result.SeverityError) {
				t.Fatalf("the corpus fails the lint: %+v", s)
			}
		})
	}
}

// With DistinctSchemas, tools 1 and 901, whose schemas differ only in their
// descriptions otherwise, differ in a maximum of inputs and of outputs.
func TestDistinctSchemas(t *testing.T) {
	for _, distinct := range []bool{false, true} {
		opt := gencorpus.Options{Examples: 1, DistinctSchemas: distinct}
		a, b := gencorpus.Tool(1, opt)[0].Content, gencorpus.Tool(901, opt)[0].Content
		for _, want := range []string{"maximum: 101\n", "maximum: 1000001}"} {
			inA := strings.Contains(a, want)
			if !distinct && want == "maximum: 1000001}" {
				if inA {
					t.Errorf("without DistinctSchemas outputs has %q", want)
				}
				continue
			}
			if !inA {
				t.Errorf("DistinctSchemas=%v: tool 1 has no %q", distinct, want)
			}
			if inB := strings.Contains(b, want); inB == distinct {
				t.Errorf("DistinctSchemas=%v: tool 901 has %q: %v", distinct, want, inB)
			}
		}
	}
}
