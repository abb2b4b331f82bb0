package lint

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/speccify/speccify-lint/cache"
	"github.com/speccify/speccify-lint/discover"
	"github.com/speccify/speccify-lint/internal/gencorpus"
	"github.com/speccify/speccify-lint/result"
)

// TestCacheKeyIsOfWhatTheCheckRead: the check takes the bytes of TOOL.md
// and the code that the cache's key read, so that its result is the
// result of the folder keyed whatever changes on disk after the key; and
// a folder that changed between the key and the store stores nothing, so
// that the next lint checks it again (no stale hit).
func TestCacheKeyIsOfWhatTheCheckRead(t *testing.T) {
	changes := map[string]func(t *testing.T, dir string){
		"TOOL.md rewritten": func(t *testing.T, dir string) {
			// No frontmatter: an error the keyed text does not have.
			writeFile(t, filepath.Join(dir, discover.SpecFile), "# no contract\n")
		},
		"a fixture removed": func(t *testing.T, dir string) {
			if err := os.Remove(filepath.Join(dir, "fixtures", "record-1.txt")); err != nil {
				t.Fatal(err)
			}
		},
		"the implementation made not executable": func(t *testing.T, dir string) {
			if err := os.Chmod(filepath.Join(dir, "linux.sh"), 0o644); err != nil {
				t.Fatal(err)
			}
		},
	}
	for name, change := range changes {
		t.Run(name, func(t *testing.T) {
			root := t.TempDir()
			if err := gencorpus.Generate(root, gencorpus.Options{Tools: 1, Examples: 1, Impl: gencorpus.ImplSh}); err != nil {
				t.Fatal(err)
			}
			dir := filepath.Join(root, ".agent", "tools", "tool-00001")
			store, err := cache.Open(t.TempDir())
			if err != nil {
				t.Fatal(err)
			}
			defer store.Close()
			cfg := Config{Root: root, Platform: "linux", Cache: store}
			clean := lintWith(t, root, Config{Root: root, Platform: "linux"})
			if clean.Summary.Findings != 0 {
				t.Fatalf("the generated tool has %d findings, want none", clean.Summary.Findings)
			}
			rc := newResultCache(&cfg)
			key, ok := rc.keyOf(&cfg, discover.Tool{Dir: dir})
			if !ok {
				t.Fatal("the generated tool cannot be keyed")
			}
			change(t, dir)
			j := checkStaticWith(&cfg, 0, discover.Tool{Dir: dir}, key.held())
			j.cache, j.key, j.keyed = rc, key, true
			tr := j.runExamples(context.Background())
			if name == "TOOL.md rewritten" && len(tr.Findings) != 0 {
				t.Errorf("the check read TOOL.md again, not the bytes keyed: %v", tr.Findings)
			}
			rc.store(context.Background(), j, tr)
			if _, hit := rc.get(key); hit {
				t.Error("a folder that changed between its key and the store was stored under the key")
			}
			changed := lintWith(t, root, Config{Root: root, Platform: "linux"})
			warm := lintWith(t, root, cfg)
			if warm.Summary.Cached != 0 || warm.Summary.Findings != changed.Summary.Findings {
				t.Errorf("next lint: %d from the cache, %d findings; want 0 from the cache and the %d findings of the changed folder",
					warm.Summary.Cached, warm.Summary.Findings, changed.Summary.Findings)
			}
		})
	}
}

// TestCacheStoresAStillFolder is TestCacheKeyIsOfWhatTheCheckRead's
// control: with nothing changed, the result is stored and found.
func TestCacheStoresAStillFolder(t *testing.T) {
	root := t.TempDir()
	if err := gencorpus.Generate(root, gencorpus.Options{Tools: 1, Examples: 1, Impl: gencorpus.ImplSh}); err != nil {
		t.Fatal(err)
	}
	store, err := cache.Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	cfg := Config{Root: root, Platform: "linux", Cache: store}
	cold := lintWith(t, root, cfg)
	warm := lintWith(t, root, cfg)
	if cold.Summary.Cached != 0 || warm.Summary.Cached != 1 {
		t.Errorf("cold %d, warm %d from the cache; want 0 and 1", cold.Summary.Cached, warm.Summary.Cached)
	}
}

func lintWith(t *testing.T, root string, cfg Config) *result.Result {
	t.Helper()
	disc, err := discover.Discover([]string{root}, discover.Options{Root: root})
	if err != nil {
		t.Fatal(err)
	}
	return Lint(context.Background(), disc, cfg)
}

func writeFile(t *testing.T, path, text string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestCacheKeyIsOfTheCheckedListing: the check lists the folder from what
// discovery read of it, before the key's walk; a fixture removed in
// between (the check still sees it, the key does not) stores nothing,
// so that the next lint reports it missing rather than the stale verdict.
func TestCacheKeyIsOfTheCheckedListing(t *testing.T) {
	root := t.TempDir()
	if err := gencorpus.Generate(root, gencorpus.Options{Tools: 1, Examples: 4, Impl: gencorpus.ImplSh}); err != nil {
		t.Fatal(err)
	}
	store, err := cache.Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	cfg := Config{Root: root, Platform: "linux", Cache: store}
	disc, err := discover.Discover([]string{root}, discover.Options{Root: root})
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(filepath.Join(root, ".agent", "tools", "tool-00001", "fixtures", "record-1.txt")); err != nil {
		t.Fatal(err)
	}
	Lint(context.Background(), disc, cfg)
	want := lintWith(t, root, Config{Root: root, Platform: "linux"})
	if want.Summary.Findings == 0 {
		t.Fatal("a missing fixture gives no finding")
	}
	if got := lintWith(t, root, cfg); got.Summary.Cached != 0 || got.Summary.Findings != want.Summary.Findings {
		t.Errorf("next lint: %d from the cache, %d findings; want 0 and %d", got.Summary.Cached, got.Summary.Findings, want.Summary.Findings)
	}
}
