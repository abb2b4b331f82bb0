package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

// TestPreCommitManifest checks .pre-commit-hooks.yaml without pre-commit:
// the hooks, their entries, the files they see and stages.
func TestPreCommitManifest(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(repoRoot(t), ".pre-commit-hooks.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	var hooks []struct {
		ID            string   `yaml:"id"`
		Entry         string   `yaml:"entry"`
		Language      string   `yaml:"language"`
		Files         *string  `yaml:"files"`
		Exclude       *string  `yaml:"exclude"`
		Types         []string `yaml:"types"`
		TypesOr       []string `yaml:"types_or"`
		PassFilenames *bool    `yaml:"pass_filenames"`
		Stages        []string `yaml:"stages"`
	}
	if err := yaml.Unmarshal(data, &hooks); err != nil {
		t.Fatal(err)
	}
	if len(hooks) != 4 || hooks[0].ID != "speccify-lint" || hooks[1].ID != "speccify-lint-fix" || hooks[2].ID != "speccify-lint-run" || hooks[3].ID != "speccify-lint-explore" {
		t.Fatalf("hooks %+v, want speccify-lint, speccify-lint-fix, speccify-lint-run and speccify-lint-explore", hooks)
	}
	if hooks[0].Entry != "speccify-lint --no-run" || hooks[1].Entry != "speccify-lint --no-run --fix" || hooks[2].Entry != "speccify-lint" || hooks[3].Entry != "speccify-lint explore" {
		t.Errorf("entries %q, %q, %q and %q", hooks[0].Entry, hooks[1].Entry, hooks[2].Entry, hooks[3].Entry)
	}
	if len(hooks[0].Stages) != 0 || len(hooks[1].Stages) != 0 || strings.Join(hooks[2].Stages, ",") != "manual" || strings.Join(hooks[3].Stages, ",") != "manual" {
		t.Errorf("stages %v, %v, %v and %v, want none, none, [manual] and [manual]", hooks[0].Stages, hooks[1].Stages, hooks[2].Stages, hooks[3].Stages)
	}
	for _, h := range hooks {
		if h.Language != "golang" || h.PassFilenames == nil || !*h.PassFilenames {
			t.Errorf("%s: language %q, pass_filenames %v", h.ID, h.Language, h.PassFilenames)
		}
		// Every staged file goes to speccify-lint, which alone knows the
		// tool folders (the nearest directory above a file with a TOOL.md):
		// a pattern would miss the files of a tool folder it does not name,
		// such as a script the implementations share (common.sh). pre-commit
		// passes regular files (its default types: [file]).
		if h.Files != nil || h.Exclude != nil || h.Types != nil || h.TypesOr != nil {
			t.Errorf("%s: files %v, exclude %v, types %v, types_or %v; want none, so that every file of a tool folder runs the hook",
				h.ID, deref(h.Files), deref(h.Exclude), h.Types, h.TypesOr)
		}
	}
}

func deref(s *string) any {
	if s == nil {
		return nil
	}
	return *s
}

// TestPreCommitBuildsOnlySpeccifyLint: pre-commit's language: golang runs
// `go install ./...` in this repository, which installs every main package
// ./... matches; only speccify-lint may be one (go.mod's ignore directive
// keeps the development tools out).
func TestPreCommitBuildsOnlySpeccifyLint(t *testing.T) {
	cmd := exec.Command("go", "list", "-f", "{{if eq .Name \"main\"}}{{.ImportPath}}{{end}}", "./...")
	cmd.Dir = repoRoot(t)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	if got := strings.Fields(string(out)); !slices.Equal(got, []string{"github.com/speccify/speccify-lint/cmd/speccify-lint"}) {
		t.Errorf("main packages in ./...: %v, want only cmd/speccify-lint", got)
	}
}

// TestPreCommitTryRepo runs the hooks the way a user's pre-commit would:
// `pre-commit try-repo <this repository> HOOK --all-files` in a repository
// with only a good tool (passes) and in one that also has a broken tool
// (fails). pre-commit builds the hooks with `go install ./...`; modules come
// from the local module cache first. Skipped when pre-commit is not on PATH.
func TestPreCommitTryRepo(t *testing.T) {
	if _, err := exec.LookPath("pre-commit"); err != nil {
		t.Skip("pre-commit is not on PATH")
	}
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not on PATH")
	}
	if testing.Short() {
		t.Skip("pre-commit builds the hook with go install")
	}
	root := repoRoot(t)
	if _, err := os.Stat(filepath.Join(root, ".git")); err != nil {
		t.Skipf("the repository root %s is not a git work tree: %v", root, err)
	}
	fixtures := filepath.Join(root, "cmd", "speccify-lint", "testdata", "action")
	home := t.TempDir() // PRE_COMMIT_HOME: a throw-away hook build

	env := os.Environ()
	if out, err := exec.Command("go", "env", "GOMODCACHE", "GOPROXY").Output(); err == nil {
		lines := strings.Split(strings.TrimSpace(string(out)), "\n")
		if len(lines) == 2 && lines[0] != "" {
			proxy := "file://" + filepath.ToSlash(filepath.Join(lines[0], "cache", "download"))
			if lines[1] != "" && lines[1] != "off" {
				proxy += "," + lines[1]
			}
			env = append(env, "GOPROXY="+proxy)
		}
	}
	env = append(env, "PRE_COMMIT_HOME="+home, "PRE_COMMIT_COLOR=never", "NO_COLOR=1",
		"GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.com", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@example.com")

	for _, tc := range []struct {
		name   string
		broken bool
		skill  string // a .agent/skills/s/SKILL.md with this text
		split  bool   // the good tool has a yaml-split, which the fix hook fixes
		// shared makes the good tool's implementations links to common.sh
		// (the layout the README recommends) and, after the commit, stages
		// a common.sh saved with CRLF line endings; the hook runs on the
		// staged files, not --all-files.
		shared bool
		hook   string
		stage  string
		pass   bool
		want   []string
	}{
		{name: "good", hook: "speccify-lint", pass: true, want: []string{"speccify-lint (static)", "Passed"}},
		{name: "broken", broken: true, hook: "speccify-lint", pass: false,
			want: []string{"Failed", `.agent/tools/broken/TOOL.md:1:1: error: required field "requires" is missing`}},
		{name: "broken, run examples", broken: true, hook: "speccify-lint-run", stage: "manual", pass: false,
			want: []string{"Failed", `example "counts to two"`, "[example-failed]"}},
		// The skill is the only file with a finding: the hook must see it.
		{name: "broken skill link", skill: "# Skill\n\nUse [the tool](../../tools/gone/).\n", hook: "speccify-lint", pass: false,
			want: []string{"Failed", ".agent/skills/s/SKILL.md:3:5: error: link ../../tools/gone/ leads to .agent/tools/gone, which has no TOOL.md [skill-link]"}},
		// The fix hook quotes the split text: pre-commit fails a hook that
		// changed a file, so that the fix is reviewed and staged.
		{name: "fixed", split: true, hook: "speccify-lint-fix", pass: false,
			want: []string{"speccify-lint (fix)", "Failed", "files were modified by this hook", "speccify-lint: fixed 1 finding in 1 file"}},
		// Only the shared script changed: the hook must check its tool.
		{name: "shared script", shared: true, hook: "speccify-lint", pass: false,
			want: []string{"speccify-lint (static)", "Failed",
				".agent/tools/greet/linux.sh:1:10: error: the #! line ends with a carriage return [implementation-runnable]",
				".agent/tools/greet/macos.sh:1:10: error: the #! line ends with a carriage return [implementation-runnable]"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			repo := filepath.Join(t.TempDir(), "target repo")
			copyTree(t, filepath.Join(fixtures, "passing"), repo)
			spec := filepath.Join(repo, ".agent", "tools", "greet", "TOOL.md")
			if tc.split {
				text, err := os.ReadFile(spec)
				if err != nil {
					t.Fatal(err)
				}
				text = bytes.Replace(text, []byte("name: {type: string}"), []byte("name: {type: string, description: who, or what}"), 1)
				if err := os.WriteFile(spec, text, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			if tc.broken {
				copyTree(t, filepath.Join(fixtures, "failing"), repo)
			}
			if tc.skill != "" {
				skill := filepath.Join(repo, ".agent", "skills", "s", "SKILL.md")
				if err := os.MkdirAll(filepath.Dir(skill), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(skill, []byte(tc.skill), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			common := filepath.Join(filepath.Dir(spec), "common.sh")
			if tc.shared {
				script, err := os.ReadFile(filepath.Join(filepath.Dir(spec), "linux.sh"))
				if err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(common, append([]byte("#!/bin/sh\n"), script...), 0o755); err != nil {
					t.Fatal(err)
				}
				for _, name := range []string{"linux.sh", "macos.sh"} {
					link := filepath.Join(filepath.Dir(spec), name)
					if err := os.Remove(link); err != nil {
						t.Fatal(err)
					}
					if err := os.Symlink("common.sh", link); err != nil {
						t.Skipf("no symbolic links: %v", err)
					}
				}
			}
			git := func(args ...string) {
				t.Helper()
				cmd := exec.Command("git", args...)
				cmd.Dir, cmd.Env = repo, env
				if out, err := cmd.CombinedOutput(); err != nil {
					t.Fatalf("git %v: %v\n%s", args, err, out)
				}
			}
			git("init", "-q")
			git("add", "-A")
			git("-c", "commit.gpgsign=false", "commit", "-q", "-m", "tools")
			args := []string{"try-repo", root, tc.hook, "--all-files"}
			if tc.shared {
				script, err := os.ReadFile(common)
				if err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(common, bytes.ReplaceAll(script, []byte("\n"), []byte("\r\n")), 0o755); err != nil {
					t.Fatal(err)
				}
				git("add", "--", common)
				args = []string{"try-repo", root, tc.hook} // the staged files
			}
			if tc.stage != "" {
				args = append(args, "--hook-stage", tc.stage)
			}
			cmd := exec.Command("pre-commit", args...)
			cmd.Dir, cmd.Env = repo, env
			out, err := cmd.CombinedOutput()
			t.Logf("pre-commit %s:\n%s", strings.Join(args, " "), out)
			if passed := err == nil; passed != tc.pass {
				t.Errorf("pre-commit passed=%v (%v), want %v", passed, err, tc.pass)
			}
			for _, w := range tc.want {
				if !strings.Contains(string(out), w) {
					t.Errorf("output lacks %q", w)
				}
			}
			if tc.split {
				if text, err := os.ReadFile(spec); err != nil || !bytes.Contains(text, []byte(`name: {type: string, description: "who, or what"}`)) {
					t.Errorf("the hook did not fix TOOL.md (%v):\n%s", err, text)
				}
			}
		})
	}

	// try-repo builds in a temporary store; a configured repository stays in
	// PRE_COMMIT_HOME: what `go install ./...` installed there.
	t.Run("installs only speccify-lint", func(t *testing.T) {
		hookRepo, rev := gitCopy(t, root)
		repo := filepath.Join(t.TempDir(), "target")
		copyTree(t, filepath.Join(fixtures, "passing"), repo)
		config := "repos:\n  - repo: " + hookRepo + "\n    rev: " + rev + "\n    hooks:\n      - id: speccify-lint\n"
		if err := os.WriteFile(filepath.Join(repo, ".pre-commit-config.yaml"), []byte(config), 0o644); err != nil {
			t.Fatal(err)
		}
		gitInit(t, repo, ".")
		cmd := exec.Command("pre-commit", "run", "speccify-lint", "--all-files")
		cmd.Dir, cmd.Env = repo, env
		out, err := cmd.CombinedOutput()
		if err != nil || !strings.Contains(string(out), "Passed") {
			t.Fatalf("pre-commit run: %v\n%s", err, out)
		}
		bins, err := filepath.Glob(filepath.Join(home, "*", "golangenv-*", "bin", "*"))
		if err != nil || len(bins) == 0 {
			t.Fatalf("no binaries under %s/*/golangenv-*/bin: %v\n%s", home, err, out)
		}
		for _, b := range bins {
			if name := strings.TrimSuffix(filepath.Base(b), ".exe"); name != "speccify-lint" {
				t.Errorf("pre-commit installed %s; only speccify-lint should be built", b)
			}
		}
	})
}
