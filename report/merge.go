package report

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/speccify/speccify-lint/result"
)

// Merge combines the results of the shards of one run (speccify-lint
// --shard K/N, read back with ReadJSON) into the result of the whole run:
// tools and skills concatenated and ordered by folder, findings outside any
// folder merged (each distinct finding once), internal errors concatenated,
// Interrupted when any shard was, Sandbox the first shard's unless another
// shard's runs were not sealed (then that shard's, which says why: a merged
// report is sealed only when every shard was), the summary recounted and
// Shard cleared.
//
// The results must come from the same speccify-lint version, root, platform,
// --no-run setting, explore settings and shard count N, and a tool or skill folder may appear
// in only one of them (the same shard given twice is an error). results are
// not changed.
func Merge(results []*result.Result) (*result.Result, error) {
	if len(results) == 0 {
		return nil, fmt.Errorf("merge: no reports to merge")
	}
	first := results[0]
	out := &result.Result{
		Version:  first.Version,
		Root:     first.Root,
		Platform: first.Platform,
		Ran:      first.Ran,
		Explore:  first.Explore,
		Sandbox:  first.Sandbox,
		Tools:    []result.ToolResult{},
		Skills:   []result.SkillResult{},
		Findings: []result.Finding{},
	}
	toolFrom := map[string]int{}
	skillFrom := map[string]int{}
	seenFinding := map[result.Finding]bool{}
	for i, r := range results {
		if r == nil {
			return nil, fmt.Errorf("merge: report %d is empty", i+1)
		}
		for _, c := range []struct{ what, a, b string }{
			{"version", first.Version, r.Version},
			{"root", first.Root, r.Root},
			{"platform", first.Platform, r.Platform},
		} {
			if c.a != c.b {
				return nil, fmt.Errorf("merge: report %d has %s %q but report 1 has %q: the reports are not shards of one run", i+1, c.what, c.b, c.a)
			}
		}
		if n, ok := shardCount(r.Shard); ok {
			if m, ok := shardCount(first.Shard); ok && m != n {
				return nil, fmt.Errorf("merge: report %d is shard %s but report 1 is shard %s: the reports are not shards of one run", i+1, r.Shard, first.Shard)
			}
		}
		if !sameExplore(r.Explore, first.Explore) {
			return nil, fmt.Errorf("merge: report %d %s but report 1 %s: the reports are not shards of one run", i+1, exploreWord(r.Explore), exploreWord(first.Explore))
		}
		if r.Ran != first.Ran {
			return nil, fmt.Errorf("merge: report %d %s the examples but report 1 %s: the reports are not shards of one run", i+1, ranWord(r.Ran), ranWord(first.Ran))
		}
		out.Interrupted = out.Interrupted || r.Interrupted
		if r.Sandbox != out.Sandbox && !strings.HasPrefix(out.Sandbox, "not sealed") && r.Sandbox != "" {
			out.Sandbox = r.Sandbox
		}
		out.InternalErrors = append(out.InternalErrors, r.InternalErrors...)
		for _, t := range r.Tools {
			if j, dup := toolFrom[t.Dir]; dup {
				return nil, fmt.Errorf("merge: tool folder %s is in reports %d and %d: give each shard's report once", t.Dir, j, i+1)
			}
			toolFrom[t.Dir] = i + 1
			out.Tools = append(out.Tools, t)
		}
		for _, s := range r.Skills {
			if j, dup := skillFrom[s.Dir]; dup {
				return nil, fmt.Errorf("merge: skill folder %s is in reports %d and %d: give each shard's report once", s.Dir, j, i+1)
			}
			skillFrom[s.Dir] = i + 1
			out.Skills = append(out.Skills, s)
		}
		for _, f := range r.Findings {
			if !seenFinding[f] {
				seenFinding[f] = true
				out.Findings = append(out.Findings, f)
			}
		}
		// Each shard's suppressed findings are its own folders' (those
		// outside any folder are shard 1's, as its findings are).
		out.Suppressed = append(out.Suppressed, r.Suppressed...)
	}
	slices.SortStableFunc(out.Suppressed, result.CompareFindings)
	slices.SortStableFunc(out.Tools, func(a, b result.ToolResult) int { return cmp.Compare(a.Dir, b.Dir) })
	slices.SortStableFunc(out.Skills, func(a, b result.SkillResult) int { return cmp.Compare(a.Dir, b.Dir) })
	slices.SortStableFunc(out.Findings, result.CompareFindings)
	out.Summarize()
	return out, nil
}

// sameExplore reports whether two results explored alike: both lint runs,
// or explore runs with the same settings.
func sameExplore(a, b *result.ExploreSettings) bool {
	if a == nil || b == nil {
		return a == b
	}
	return *a == *b
}

func exploreWord(x *result.ExploreSettings) string {
	if x == nil {
		return "is a lint run"
	}
	return fmt.Sprintf("explored with seed %s, %d runs", x.Seed, x.Runs)
}

// shardCount is N of a Result.Shard "K/N".
func shardCount(shard string) (string, bool) {
	_, n, ok := strings.Cut(shard, "/")
	return n, ok
}

func ranWord(ran bool) string {
	if ran {
		return "ran"
	}
	return "did not run (--no-run)"
}
