package lint

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/speccify/speccify-lint/discover"
)

// The tools Narrow drops take their listings with them, and those it keeps
// keep theirs, with their fixtures, until Lint has listed them.
func TestNarrowDropsListings(t *testing.T) {
	root := t.TempDir()
	for _, f := range []string{"a/TOOL.md", "a/fixtures/x/y.txt", "b/TOOL.md", "b/fixtures/z.txt", "c/TOOL.md"} {
		p := filepath.Join(root, filepath.FromSlash(f))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	d, err := discover.Discover([]string{root}, discover.Options{Root: root})
	if err != nil || len(d.Tools) != 3 {
		t.Fatalf("tools %+v, %v", d.Tools, err)
	}
	// Find a shard that holds b alone.
	b := filepath.Join(root, "b")
	var shard discover.Shard
	for k := 1; k <= 64 && shard.N == 0; k++ {
		s := discover.Shard{K: k, N: 64}
		if s.Holds(b, root) && !s.Holds(filepath.Join(root, "a"), root) && !s.Holds(filepath.Join(root, "c"), root) {
			shard = s
		}
	}
	if shard.N == 0 {
		t.Fatal("no shard of 64 holds b alone")
	}
	if err := d.Narrow(root, "", shard); err != nil {
		t.Fatal(err)
	}
	var left []string
	for _, tool := range d.Tools[:cap(d.Tools)] {
		for _, de := range tool.Listing {
			r, _ := filepath.Rel(root, de.Dir)
			left = append(left, filepath.ToSlash(r))
		}
	}
	if want := []string{"b", "b/fixtures"}; !slices.Equal(left, want) {
		t.Errorf("listings left %q, want %q", left, want)
	}
	Lint(context.Background(), d, Config{Root: root, Platform: "linux"})
	if len(d.Tools) != 1 || d.Tools[0].Listing != nil {
		t.Errorf("after Lint: tools %+v, want b without its listing", d.Tools)
	}
}
