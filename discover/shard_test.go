package discover

import (
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"testing"
)

func TestParseShard(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want Shard
		err  bool
	}{
		{in: "1/1", want: Shard{1, 1}},
		{in: "2/4", want: Shard{2, 4}},
		{in: " 16/16 ", want: Shard{16, 16}},
		{in: "0/4", err: true},
		{in: "5/4", err: true},
		{in: "1/0", err: true},
		{in: "-1/4", err: true},
		{in: "1", err: true},
		{in: "a/b", err: true},
		{in: "1/2/3", err: true},
		{in: "", err: true},
	} {
		got, err := ParseShard(tc.in)
		if (err != nil) != tc.err || got != tc.want {
			t.Errorf("ParseShard(%q) = %v, %v; want %v, error %v", tc.in, got, err, tc.want, tc.err)
		}
		if err == nil && got.String() != fmt.Sprintf("%d/%d", tc.want.K, tc.want.N) {
			t.Errorf("String() = %q", got.String())
		}
	}
	if (Shard{}).String() != "" {
		t.Errorf("zero Shard String() = %q, want empty", Shard{}.String())
	}
}

// generatedTools is a list of n plausible tool folders under root.
func generatedTools(rng *rand.Rand, root string, n int) []string {
	seen := map[string]bool{}
	var out []string
	for len(out) < n {
		name := fmt.Sprintf("tool-%d", rng.IntN(1_000_000))
		var p string
		switch rng.IntN(3) {
		case 0:
			p = filepath.Join(root, ".agent", "tools", name)
		case 1:
			p = filepath.Join(root, "pkg", fmt.Sprintf("p%d", rng.IntN(50)), ".agent", "tools", name)
		default:
			p = filepath.Join(root, "my tools", name)
		}
		if !seen[p] {
			seen[p] = true
			out = append(out, p)
		}
	}
	slices.Sort(out)
	return out
}

// TestShardPartition is the property: for every N in 1..16, each tool of a
// generated list lands in exactly one of the N shards, and Select keeps the
// input order.
func TestShardPartition(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	root := t.TempDir()
	for round := range 20 {
		tools := generatedTools(rng, root, rng.IntN(200))
		for n := 1; n <= 16; n++ {
			count := map[string]int{}
			for k := 1; k <= n; k++ {
				sel := selectShard(Shard{k, n}, tools, root)
				if !slices.IsSorted(sel) {
					t.Fatalf("round %d, shard %d/%d: selection out of order", round, k, n)
				}
				for _, p := range sel {
					count[p]++
				}
			}
			for _, p := range tools {
				if count[p] != 1 {
					t.Fatalf("round %d, N=%d: %s is in %d shards, want 1", round, n, p, count[p])
				}
			}
			if len(count) != len(tools) {
				t.Fatalf("round %d, N=%d: shards hold %d paths, want %d", round, n, len(count), len(tools))
			}
		}
	}
}

// TestShardStable: adding tools never moves a tool to another shard, and the
// shard depends on the root-relative path only (not on where the checkout is
// or whether the path was given relative or absolute).
func TestShardStable(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	rootA, rootB := t.TempDir(), t.TempDir()
	tools := generatedTools(rng, rootA, 100)
	more := append(slices.Clone(tools), generatedTools(rng, rootA, 100)...)
	slices.Sort(more)
	for n := 2; n <= 16; n++ {
		for k := 1; k <= n; k++ {
			s := Shard{k, n}
			before := selectShard(s, tools, rootA)
			after := selectShard(s, more, rootA)
			for _, p := range before {
				if !slices.Contains(after, p) {
					t.Fatalf("shard %s: %s moved away when tools were added", s, p)
				}
			}
			for _, p := range tools {
				rel, _ := filepath.Rel(rootA, p)
				inA := len(selectShard(s, []string{p}, rootA)) == 1
				inB := len(selectShard(s, []string{filepath.Join(rootB, rel)}, rootB)) == 1
				if inA != inB {
					t.Fatalf("shard %s: %s depends on the root's location", s, rel)
				}
			}
		}
	}
}

// TestShardSpread: the hash spreads tools over the shards (no shard of 4 is
// empty or holds most of 400 tools).
func TestShardSpread(t *testing.T) {
	root := t.TempDir()
	tools := generatedTools(rand.New(rand.NewPCG(5, 6)), root, 400)
	for k := 1; k <= 4; k++ {
		if got := len(selectShard(Shard{k, 4}, tools, root)); got < 60 || got > 140 {
			t.Errorf("shard %d/4 holds %d of 400 tools", k, got)
		}
	}
}

// selectShard is the paths (tool folders) that belong to shard s, in their
// order, as Holds decides.
func selectShard(s Shard, paths []string, root string) []string {
	var out []string
	for _, p := range paths {
		if s.Holds(p, root) {
			out = append(out, p)
		}
	}
	return out
}
