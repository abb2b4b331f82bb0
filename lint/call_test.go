//go:build unix

package lint_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/speccify/speccify-lint/discover"
	"github.com/speccify/speccify-lint/lint"
	"github.com/speccify/speccify-lint/runner"
)

// openCallable writes one tool, "t", under a new root with the script as
// its linux.sh (and its TOOL.md changed by edit, unless nil), and opens it
// with cfg.
func openCallable(t *testing.T, script string, cfg lint.Config, edit func(string) string) *lint.Callable {
	t.Helper()
	root := t.TempDir()
	writeTool(t, root, "t", "works", "{}", `{"ok": true}`, script)
	if edit != nil {
		spec := filepath.Join(root, "t", discover.SpecFile)
		text, err := os.ReadFile(spec)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(spec, []byte(edit(string(text))), 0o644); err != nil {
			t.Fatal(err)
		}
	}
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
			k := openCallable(t, tt.script, lint.Config{Disabled: map[string]bool{tt.rule: true, "error-case": true}}, nil)
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

// TestReadOnlyFromTheRuns: readOnlyHint rests on what the examples' runs
// did to the tool folder, as the runner recorded it, not on the effects
// rule's findings: a tool that writes is not read-only when the
// configuration disables effects, nor when its contract suppresses the
// rule's findings (the contract is the pull request's to write); and only
// runs sealed by the kernel sandbox prove anything.
func TestReadOnlyFromTheRuns(t *testing.T) {
	needLinux(t)
	const reads, writes = "cat >/dev/null\necho '{\"ok\": true}'\n", "cat >/dev/null\necho x > cache.txt\necho '{\"ok\": true}'\n"
	suppress := func(spec string) string {
		return strings.Replace(spec, "## Examples", "<!-- speccify-lint-disable-file effects -- it only writes a cache -->\n\n## Examples", 1)
	}
	// Only a sealed run proves a tool writes nothing: unsealed, a write
	// outside its folder would not be seen.
	sealed := runner.Probe(runner.SandboxAuto).Sealed
	tests := []struct {
		name, script string
		disabled     bool
		edit         func(string) string
		sandbox      runner.Mode
		want         bool
	}{
		{"writes nothing", reads, false, nil, runner.SandboxAuto, sealed},
		{"writes nothing, effects disabled", reads, true, nil, runner.SandboxAuto, sealed},
		{"writes nothing, unsealed", reads, false, nil, runner.SandboxOff, false},
		{"writes", writes, false, nil, runner.SandboxAuto, false},
		{"writes, effects disabled", writes, true, nil, runner.SandboxAuto, false},
		{"writes, effects suppressed", writes, false, suppress, runner.SandboxAuto, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg := lint.Config{Disabled: map[string]bool{"error-case": true, "effects": tt.disabled}, Sandbox: tt.sandbox}
			k := openCallable(t, tt.script, cfg, tt.edit)
			tr := k.RunExamples(context.Background())
			if got := k.ReadOnly(tr); got != tt.want {
				t.Errorf("ReadOnly %v, want %v (findings %v, examples %+v)", got, tt.want, tr.Findings, tr.Examples)
			}
		})
	}
}
