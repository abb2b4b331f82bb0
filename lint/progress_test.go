//go:build unix

package lint_test

import (
	"context"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/speccify/speccify-lint/discover"
	"github.com/speccify/speccify-lint/lint"
	"github.com/speccify/speccify-lint/result"
)

// TestProgress: Config.Progress hears, for each tool, that it started, the
// verdict of each example that ran and that it is done, in that order, from
// however many workers; "done" carries the tool's place and its result as
// the Result holds it.
func TestProgress(t *testing.T) {
	needLinux(t)
	root := t.TempDir()
	writeTool(t, root, "good", "passes", `{}`, `{"ok": true}`, "cat >/dev/null; echo '{\"ok\": true}'\n")
	writeTool(t, root, "bad", "fails", `{}`, `{"ok": true}`, "cat >/dev/null; echo '{\"ok\": false, \"error\": \"x\"}'\n")
	disc, err := discover.Discover([]string{root}, discover.Options{Root: root})
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	events := map[string][]string{}
	done := map[int]result.ToolResult{}
	cfg := lint.Config{Root: root, Run: true, Jobs: 2, Progress: func(p lint.Progress) {
		mu.Lock()
		defer mu.Unlock()
		e := map[lint.ProgressKind]string{lint.ToolStarted: "started", lint.ToolDone: "done"}[p.Kind]
		if p.Kind == lint.ExampleDone {
			e = string(p.Status)
		}
		if p.Kind == lint.ToolDone {
			done[p.Index] = *p.Result
		}
		events[p.Tool] = append(events[p.Tool], e)
	}}
	res := lint.Lint(context.Background(), disc, cfg)
	for i, tr := range res.Tools {
		got, ok := done[i]
		if !ok || got.Dir != tr.Dir || len(got.Examples) != len(tr.Examples) || got.Examples[0].Status != tr.Examples[0].Status {
			t.Errorf("done %d: %+v, want the result's %+v", i, got, tr)
		}
	}
	want := map[string][]string{"good": {"started", "passed", "done"}, "bad": {"started", "failed", "done"}}
	for tool, w := range want {
		if !slices.Equal(events[tool], w) {
			t.Errorf("events of %s = %q, want %q", tool, events[tool], w)
		}
	}
	if len(events) != len(want) {
		t.Errorf("events = %q", events)
	}
}

// TestProgressExplore: explore tells Config.Progress of each input it ran,
// as many as ExploreResult.Runs counts.
func TestProgressExplore(t *testing.T) {
	needLinux(t)
	root := t.TempDir()
	writeTool(t, root, "good", "passes", `{}`, `{"ok": true}`, "cat >/dev/null; echo '{\"ok\": true}'\n")
	disc, err := discover.Discover([]string{root}, discover.Options{Root: root})
	if err != nil {
		t.Fatal(err)
	}
	var inputs atomic.Int64
	cfg := lint.Config{Root: root, Platform: "linux", Jobs: 1, Explore: &lint.ExploreConfig{Runs: 7, Budget: time.Minute}, Progress: func(p lint.Progress) {
		if p.Kind == lint.InputDone {
			if p.Tool != "good" {
				t.Errorf("an input of %q", p.Tool)
			}
			inputs.Add(1)
		}
	}}
	res := lint.Lint(context.Background(), disc, cfg)
	x := res.Tools[0].Explore
	if x == nil || x.Runs == 0 || int64(x.Runs) != inputs.Load() {
		t.Errorf("%d inputs heard, the result ran %+v", inputs.Load(), x)
	}
}
