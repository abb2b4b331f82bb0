//go:build unix

package lint_test

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/speccify/speccify-lint/discover"
	"github.com/speccify/speccify-lint/lint"
)

// openCallable writes one tool, "t", under a new root with the script as
// its linux.sh, and opens it with cfg.
func openCallable(t *testing.T, script string, cfg lint.Config) *lint.Callable {
	t.Helper()
	root := t.TempDir()
	writeTool(t, root, "t", "works", "{}", `{"ok": true}`, script)
	cfg.Root, cfg.Platform = root, "linux"
	k, err := lint.OpenCallable(cfg, discover.Tool{Dir: filepath.Join(root, "t")})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(k.Close)
	return k
}

// TestCallJudgesIgnoreDisabled: the configuration's disabled rules judge the
// contract before a call (the static findings), not the call's answer: an
// answer that violates outputs is a broken promise with explore-output-schema
// disabled too, and one that changes the folder of a tool whose effects says
// it writes nothing with effects disabled.
func TestCallJudgesIgnoreDisabled(t *testing.T) {
	needLinux(t)
	tests := []struct {
		name, script, rule string
	}{
		{"outputs", "cat >/dev/null\necho '{\"ok\": \"yes\"}'\n", "explore-output-schema"},
		{"effects", "cat >/dev/null\necho x > cache.txt\necho '{\"ok\": true}'\n", "effects"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			k := openCallable(t, tt.script, lint.Config{Disabled: map[string]bool{tt.rule: true, "error-case": true}})
			if why := k.Unrunnable(); why != "" {
				t.Fatalf("unrunnable: %s", why)
			}
			res := k.Call(context.Background(), map[string]any{})
			var rules []string
			for _, b := range res.Broken {
				rules = append(rules, b.Rule)
			}
			if len(rules) != 1 || rules[0] != tt.rule {
				t.Errorf("broken promises %v, want %s's alone although it is disabled", rules, tt.rule)
			}
		})
	}
}

// TestReadOnlyNeedsEffects: readOnlyHint rests on the effects rule's
// findings of the examples' runs; with the rule disabled its findings are
// dropped, so nothing is known, even of a tool that writes nothing.
func TestReadOnlyNeedsEffects(t *testing.T) {
	needLinux(t)
	for _, disabled := range []bool{false, true} {
		cfg := lint.Config{Disabled: map[string]bool{"error-case": true, "effects": disabled}}
		k := openCallable(t, "cat >/dev/null\necho '{\"ok\": true}'\n", cfg)
		tr := k.RunExamples(context.Background())
		if got := k.ReadOnly(tr); got != !disabled {
			t.Errorf("effects disabled %v: ReadOnly %v, want %v", disabled, got, !disabled)
		}
	}
}
