package runner

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestAround: a system directory that holds the repository or the home is
// granted around it: what is beside it, at each level, and not it.
func TestAround(t *testing.T) {
	top := t.TempDir()
	for _, d := range []string{"a/repo/inner", "a/other", "b", "a/home/x"} {
		if err := os.MkdirAll(filepath.Join(top, filepath.FromSlash(d)), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	j := func(p string) string { return filepath.Join(top, filepath.FromSlash(p)) }
	for _, tc := range []struct {
		dir    string
		hidden []string
		want   []string
	}{
		{top, nil, []string{top}},
		{top, []string{j("a/repo")}, []string{j("a/home"), j("a/other"), j("b")}},
		{top, []string{j("a/repo"), j("a/home")}, []string{j("a/other"), j("b")}},
		{j("a/repo"), []string{j("a/repo")}, nil},
		{j("a/repo/inner"), []string{j("a/repo")}, []string{j("a/repo/inner")}}, // below a hidden path: not around's to judge
	} {
		got := around(tc.dir, tc.hidden)
		slices.Sort(got)
		if !slices.Equal(got, tc.want) {
			t.Errorf("around(%s, %q) = %q, want %q", tc.dir, tc.hidden, got, tc.want)
		}
	}
}

// TestInstallation: a program's directory, and the installation above a
// bin, sbin or shims directory.
func TestInstallation(t *testing.T) {
	for _, tc := range []struct {
		program string
		want    []string
	}{
		{"/opt/hostedtoolcache/Python/3.12.1/x64/bin/python3", []string{"/opt/hostedtoolcache/Python/3.12.1/x64/bin", "/opt/hostedtoolcache/Python/3.12.1/x64"}},
		{"/home/u/.pyenv/shims/python3", []string{"/home/u/.pyenv/shims", "/home/u/.pyenv"}},
		{"/home/u/tools/jq", []string{"/home/u/tools"}},
		{"python3", nil},
	} {
		if got := installation(filepath.FromSlash(tc.program)); !slices.Equal(got, tc.want) {
			t.Errorf("installation(%s) = %q, want %q", tc.program, got, tc.want)
		}
	}
}

// TestGrantsFor: what a sealed run may read: the system, the programs'
// installations, not /opt, not /proc (but /proc/sys and a few files of it),
// no directory that holds the home or the repository, nothing inside the
// repository; the network's directories only with the network.
func TestGrantsFor(t *testing.T) {
	home := filepath.Join(t.TempDir(), "home", "u")
	repo := filepath.Join(t.TempDir(), "repo")
	for _, d := range []string{filepath.Join(home, ".pyenv", "shims"), filepath.Join(repo, "node_modules", ".bin")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	g := grantsFor(Options{
		Repository: repo,
		Hidden:     []string{home},
		Programs: []string{filepath.Join(home, ".pyenv", "shims", "python3"), filepath.Join(home, "python3"),
			filepath.Join(repo, "node_modules", ".bin", "tool"), "/usr/bin/sh"},
	}, []string{"/workspace"})
	for _, want := range []string{"/usr", "/etc", "/proc/sys", filepath.Join(home, ".pyenv"), filepath.Join(home, ".pyenv", "shims")} {
		if !slices.Contains(g.readOnly, want) {
			t.Errorf("readOnly lacks %s: %q", want, g.readOnly)
		}
	}
	for _, p := range g.readOnly {
		switch {
		case p == "/opt" || p == "/proc" || p == "/run/systemd/resolve":
			t.Errorf("readOnly holds %s", p)
		case p == home || within(p, home) || p == repo || within(p, repo):
			t.Errorf("readOnly holds %s, which holds the home or the repository", p)
		case within(repo, p):
			t.Errorf("readOnly holds %s, inside the repository", p)
		}
	}
	if !slices.Contains(g.readOnlyFiles, "/proc/cpuinfo") || !slices.Contains(g.writableFiles, "/dev/null") {
		t.Errorf("files: read-only %q, writable %q", g.readOnlyFiles, g.writableFiles)
	}
	if !slices.Equal(g.writable, []string{"/workspace"}) || g.network {
		t.Errorf("writable %q, network %v", g.writable, g.network)
	}
	withNet := grantsFor(Options{Network: true}, nil)
	if !withNet.network || !slices.ContainsFunc(withNet.readOnly, func(p string) bool { return strings.HasPrefix(p, "/run/") }) {
		t.Errorf("with the network: %v, read-only %q", withNet.network, withNet.readOnly)
	}
}
