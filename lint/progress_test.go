//go:build unix

package lint_test

import (
	"context"
	"slices"
	"sync"
	"testing"

	"github.com/speccify/speccify-lint/discover"
	"github.com/speccify/speccify-lint/lint"
)

// TestProgress: Config.Progress hears, for each tool, that it started, the
// verdict of each example that ran and that it is done, in that order, from
// however many workers.
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
	cfg := lint.Config{Root: root, Run: true, Jobs: 2, Progress: func(p lint.Progress) {
		mu.Lock()
		defer mu.Unlock()
		e := map[lint.ProgressKind]string{lint.ToolStarted: "started", lint.ToolDone: "done"}[p.Kind]
		if p.Kind == lint.ExampleDone {
			e = string(p.Status)
		}
		events[p.Tool] = append(events[p.Tool], e)
	}}
	lint.Lint(context.Background(), disc, cfg)
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
