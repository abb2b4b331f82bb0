package discover

import (
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// tree writes files (slash paths relative to dir; a path ending in / is a
// directory) and returns dir.
func tree(t *testing.T, dir string, files ...string) string {
	t.Helper()
	for _, f := range files {
		p := filepath.Join(dir, filepath.FromSlash(f))
		if strings.HasSuffix(f, "/") {
			if err := os.MkdirAll(p, 0o755); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("x\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// rel turns the paths of a discovery into slash paths relative to root.
func rel(t *testing.T, root string, paths []string) []string {
	t.Helper()
	out := []string{}
	for _, p := range paths {
		r, err := filepath.Rel(root, p)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, filepath.ToSlash(r))
	}
	return out
}

func discoveryTree(t *testing.T) string {
	return tree(t, t.TempDir(),
		".agent/tools/a/TOOL.md", ".agent/tools/a/linux.py", ".agent/tools/a/fixtures/deep/x.txt",
		".agent/skills/s/SKILL.md",
		".git/tools/g/TOOL.md",
		"node_modules/pkg/n/TOOL.md",
		"vendor/v/TOOL.md",
		"sub/testdata/td/TOOL.md",
		"sub/b/TOOL.md",
		"sub/skip-me/TOOL.md",
		"skills/k/SKILL.md",
		"docs/SKILL.md", // not under a folder named skills
		"nested/outer/TOOL.md", "nested/outer/fixtures/inner/TOOL.md",
		"dirspec/TOOL.md/", // a directory named TOOL.md is a (broken) tool
		"empty/",
	)
}

func TestDiscoverWalk(t *testing.T) {
	root := discoveryTree(t)
	tests := []struct {
		name    string
		exclude []string
		tools   []string
	}{
		{"skips .git node_modules vendor testdata, walks .agent", nil,
			[]string{".agent/tools/a", "dirspec", "nested/outer", "nested/outer/fixtures/inner", "sub/b", "sub/skip-me"}},
		{"exclude by base name glob", []string{"skip-*"},
			[]string{".agent/tools/a", "dirspec", "nested/outer", "nested/outer/fixtures/inner", "sub/b"}},
		{"exclude by root-relative path", []string{"sub/b", "nested/"},
			[]string{".agent/tools/a", "dirspec", "sub/skip-me"}},
		{"exclude a parent directory", []string{"sub", ".agent"},
			[]string{"dirspec", "nested/outer", "nested/outer/fixtures/inner"}},
		{"exclude with a ./ prefix", []string{"./nested"},
			[]string{".agent/tools/a", "dirspec", "sub/b", "sub/skip-me"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d, err := Discover([]string{root}, Options{Root: root, Exclude: tt.exclude})
			if err != nil {
				t.Fatal(err)
			}
			if got := rel(t, root, d.ToolDirs()); !reflect.DeepEqual(got, tt.tools) {
				t.Errorf("tools = %q\nwant %q", got, tt.tools)
			}
			skills := []string{".agent/skills/s", "skills/k"}
			if strings.Contains(strings.Join(tt.exclude, " "), ".agent") {
				skills = skills[1:]
			}
			if got := rel(t, root, d.Skills); !reflect.DeepEqual(got, skills) {
				t.Errorf("skills = %q, want %q", got, skills)
			}
			if len(d.Escapes) != 0 {
				t.Errorf("escapes = %v", d.Escapes)
			}
		})
	}
}

func TestDiscoverNamed(t *testing.T) {
	root := discoveryTree(t)
	p := func(s string) string { return filepath.Join(root, filepath.FromSlash(s)) }
	tests := []struct {
		name          string
		paths         []string
		exclude       []string
		tools, skills []string
	}{
		{"a skipped directory named explicitly", []string{p("node_modules/pkg/n"), p("vendor"), p(".git")}, nil,
			[]string{".git/tools/g", "node_modules/pkg/n", "vendor/v"}, []string{}},
		{"an excluded directory named explicitly", []string{p("sub/skip-me")}, []string{"skip-*"},
			[]string{"sub/skip-me"}, []string{}},
		{"testdata named explicitly", []string{p("sub/testdata")}, nil,
			[]string{"sub/testdata/td"}, []string{}},
		{"a TOOL.md", []string{p(".agent/tools/a/TOOL.md")}, nil,
			[]string{".agent/tools/a"}, []string{}},
		{"an implementation and a nested fixture of one folder: once", []string{p(".agent/tools/a/linux.py"), p(".agent/tools/a/fixtures/deep/x.txt"), p(".agent/tools/a/TOOL.md")}, nil,
			[]string{".agent/tools/a"}, []string{}},
		{"a file of an inner tool folder belongs to the nearest", []string{p("nested/outer/fixtures/inner/TOOL.md")}, nil,
			[]string{"nested/outer/fixtures/inner"}, []string{}},
		{"a SKILL.md", []string{p(".agent/skills/s/SKILL.md"), p("docs/SKILL.md")}, nil,
			[]string{}, []string{".agent/skills/s"}},
		{"a file in no tool folder", []string{p(".agent/skills/s/SKILL.md"), p("empty")}, nil,
			[]string{}, []string{".agent/skills/s"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d, err := Discover(tt.paths, Options{Root: root, Exclude: tt.exclude})
			if err != nil {
				t.Fatal(err)
			}
			if got := rel(t, root, d.ToolDirs()); !reflect.DeepEqual(got, tt.tools) {
				t.Errorf("tools = %q, want %q", got, tt.tools)
			}
			if got := rel(t, root, d.Skills); !reflect.DeepEqual(got, tt.skills) {
				t.Errorf("skills = %q, want %q", got, tt.skills)
			}
		})
	}
}

func TestDiscoverMissingPath(t *testing.T) {
	root := t.TempDir()
	_, err := Discover([]string{filepath.Join(root, "nowhere")}, Options{Root: root})
	if err == nil || !strings.Contains(err.Error(), "nowhere: no such file or directory") {
		t.Errorf("err = %v, want one naming the path and saying no such file", err)
	}
}

func TestDiscoverSymlinks(t *testing.T) {
	base := t.TempDir()
	root := tree(t, filepath.Join(base, "repo"), "t/TOOL.md", "t/fixtures/a.txt")
	tree(t, base, "outside/o/TOOL.md")
	for link, target := range map[string]string{
		"t/out":      filepath.Join(base, "outside"),
		"t/in":       "fixtures",
		"t/dangling": filepath.Join(base, "nowhere"),
		"t/file":     filepath.Join(base, "outside/o/TOOL.md"),
	} {
		if err := os.Symlink(target, filepath.Join(root, link)); err != nil {
			t.Skip("symbolic links:", err)
		}
	}
	d, err := Discover([]string{root}, Options{Root: root})
	if err != nil {
		t.Fatal(err)
	}
	if got := rel(t, root, d.ToolDirs()); !reflect.DeepEqual(got, []string{"t"}) {
		t.Errorf("tools = %q: links are not followed", got)
	}
	var got []string
	for _, e := range d.Escapes {
		r, _ := filepath.Rel(root, e.Path)
		got = append(got, filepath.ToSlash(r)+" -> "+e.Target)
	}
	want := []string{"t/file -> " + filepath.Join(base, "outside/o/TOOL.md"), "t/out -> " + filepath.Join(base, "outside")}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("escapes = %q\nwant %q", got, want)
	}
	// With the base as root nothing escapes; without a root nothing is checked.
	for _, r := range []string{base, ""} {
		d, err := Discover([]string{root}, Options{Root: r})
		if err != nil {
			t.Fatal(err)
		}
		if len(d.Escapes) != 0 {
			t.Errorf("root %q: escapes = %v, want none", r, d.Escapes)
		}
	}
}

// TestDiscoverSameFolderOnce: one folder named in several spellings (the
// folder, with a trailing slash, with ./, absolute, and through its files) is
// one tool folder.
func TestDiscoverSameFolderOnce(t *testing.T) {
	root := tree(t, t.TempDir(), "a/TOOL.md", "a/linux.py")
	t.Chdir(root)
	for _, paths := range [][]string{
		{"a", "a/"},
		{"a", "./a"},
		{"a", filepath.Join(root, "a")},
		{"a/TOOL.md", filepath.Join(root, "a", "linux.py")},
		{"a/", "a/TOOL.md"},
		{".", "a"},
	} {
		d, err := Discover(paths, Options{Root: root})
		if err != nil {
			t.Fatal(err)
		}
		if len(d.Tools) != 1 {
			t.Errorf("Discover(%q) = %q, want one tool folder", paths, d.ToolDirs())
		}
	}
}

// TestExcluded: Excluded says of each folder the walk of the root finds
// without globs whether the walk with the globs skips it, and nothing of
// the root itself or of a path outside it.
func TestExcluded(t *testing.T) {
	root := discoveryTree(t)
	all, err := Discover([]string{root}, Options{Root: root})
	if err != nil {
		t.Fatal(err)
	}
	folders := append(all.ToolDirs(), all.Skills...)
	for _, exclude := range [][]string{nil, {"skip-*"}, {"sub/b", "nested/"}, {"sub", ".agent"}, {"./nested"}, {"tools"}, {"*"}, {"["}} {
		d, err := Discover([]string{root}, Options{Root: root, Exclude: exclude})
		if err != nil {
			t.Fatal(err)
		}
		walked := append(d.ToolDirs(), d.Skills...)
		for _, dir := range folders {
			want := !slices.Contains(walked, dir)
			if got := Excluded(dir, Options{Root: root, Exclude: exclude}); got != want {
				t.Errorf("Excluded(%s, %q) = %v, want %v (the walk's)", rel(t, root, []string{dir})[0], exclude, got, want)
			}
		}
		if Excluded(root, Options{Root: root, Exclude: exclude}) {
			t.Errorf("Excluded(root, %q): the root is walked whatever the globs", exclude)
		}
		if Excluded(filepath.Dir(root), Options{Root: root, Exclude: exclude}) {
			t.Errorf("Excluded(parent of root, %q) = true, want false", exclude)
		}
	}
	if Excluded(filepath.Join(root, "sub"), Options{Exclude: []string{"sub"}}) {
		t.Error("Excluded without a root = true, want false")
	}
}
