package discover

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

// linkedTree is a root whose tool folders are reached through a symbolic
// link at each level (the folder, its parent, the .agent above), each to a
// copy outside the root, one link that stays inside the root, and a plain
// tool; base holds the root and the outside.
func linkedTree(t *testing.T) (base, root string) {
	t.Helper()
	base = t.TempDir()
	root = filepath.Join(base, "repo")
	tree(t, base,
		"outside/t/TOOL.md", "outside/t/linux.sh",
		"outside/tools/t/TOOL.md",
		"outside/agent/tools/t/TOOL.md",
		"repo/l1/.agent/tools/", "repo/l2/.agent/", "repo/l3/",
		"repo/in/.agent/tools/", "repo/shared/t/TOOL.md",
		"repo/plain/.agent/tools/t/TOOL.md", "repo/plain/.agent/tools/t/linux.sh",
	)
	for link, target := range map[string]string{
		"repo/l1/.agent/tools/t":            "../../../../outside/t",
		"repo/l2/.agent/tools":              "../../../outside/tools",
		"repo/l3/.agent":                    "../../outside/agent",
		"repo/in/.agent/tools/t":            "../../../shared/t",
		"repo/plain/.agent/tools/t/self.sh": "linux.sh",
	} {
		if err := os.Symlink(target, filepath.Join(base, filepath.FromSlash(link))); err != nil {
			t.Skip("symbolic links:", err)
		}
	}
	return base, root
}

// TestGateResolve: a path named through a symbolic link to a directory, at
// any level and however it is spelt (the link, with a trailing slash, a
// file under it, a ".." back into it), leads to the link and no further; a
// link that stays inside the root likewise; a link to a file is the file.
func TestGateResolve(t *testing.T) {
	_, root := linkedTree(t)
	g := NewGate(root)
	j := func(rel string) string { return filepath.Join(root, filepath.FromSlash(rel)) }
	tests := []struct {
		path string
		want Named
	}{
		{"l1/.agent/tools/t", Named{Path: j("l1/.agent/tools/t"), Link: j("l1/.agent/tools/t")}},
		{"l1/.agent/tools/t/", Named{Path: j("l1/.agent/tools/t"), Link: j("l1/.agent/tools/t")}},
		{"l1/.agent/tools/t/TOOL.md", Named{Path: j("l1/.agent/tools/t/TOOL.md"), Link: j("l1/.agent/tools/t")}},
		{"l1/.agent/tools/t/linux.sh", Named{Path: j("l1/.agent/tools/t/linux.sh"), Link: j("l1/.agent/tools/t")}},
		{"l1/.agent/tools/t/../t/.", Named{Path: j("l1/.agent/tools/t"), Link: j("l1/.agent/tools/t")}},
		{"l1/.agent/tools/t/..", Named{Path: j("l1/.agent/tools")}},
		{"l2/.agent/tools/t/TOOL.md", Named{Path: j("l2/.agent/tools/t/TOOL.md"), Link: j("l2/.agent/tools")}},
		{"l2/.agent/tools", Named{Path: j("l2/.agent/tools"), Link: j("l2/.agent/tools")}},
		{"l3/.agent/tools/t", Named{Path: j("l3/.agent/tools/t"), Link: j("l3/.agent")}},
		{"l3/.agent", Named{Path: j("l3/.agent"), Link: j("l3/.agent")}},
		{"in/.agent/tools/t/TOOL.md", Named{Path: j("in/.agent/tools/t/TOOL.md"), Link: j("in/.agent/tools/t")}},
		{"plain/.agent/tools/t/self.sh", Named{Path: j("plain/.agent/tools/t/self.sh")}},
		{"plain/.agent/tools/t", Named{Path: j("plain/.agent/tools/t")}},
		{".", Named{Path: root}},
	}
	for _, tt := range tests {
		got, err := g.Resolve(j(tt.path))
		if err != nil || got != tt.want {
			t.Errorf("Resolve(%s) = %+v, %v; want %+v", tt.path, got, err, tt.want)
		}
	}
	// Relative to the working directory, as the command line names them.
	t.Chdir(filepath.Join(root, "l1"))
	if got, err := g.Resolve(".agent/tools/t/"); err != nil || got.Link != j("l1/.agent/tools/t") {
		t.Errorf("Resolve(.agent/tools/t/) from l1 = %+v, %v", got, err)
	}
}

// TestGateOutside: a path outside the root is an *OutsideError, whether it
// is spelt outside or climbs out with ".."; a path spelt through a link to
// the root (the root by another name) is inside, spelt from the root.
func TestGateOutside(t *testing.T) {
	base, root := linkedTree(t)
	g := NewGate(root)
	for _, p := range []string{filepath.Join(base, "outside", "t"), filepath.Join(root, "..", "outside"), base} {
		var outside *OutsideError
		if _, err := g.Resolve(p); !errors.As(err, &outside) || outside.Path != p || outside.Root != root {
			t.Errorf("Resolve(%s) error = %v, want outside the root", p, err)
		}
	}
	alias := filepath.Join(base, "alias")
	if err := os.Symlink("repo", alias); err != nil {
		t.Fatal(err)
	}
	got, err := g.Resolve(filepath.Join(alias, "plain", ".agent"))
	if want := filepath.Join(root, "plain", ".agent"); err != nil || got != (Named{Path: want}) {
		t.Errorf("Resolve through the alias = %+v, %v; want %s", got, err, want)
	}
	// A link to the root below it is a link like any other.
	if err := os.Symlink(".", filepath.Join(root, "loop")); err != nil {
		t.Fatal(err)
	}
	if got, err := g.Resolve(filepath.Join(root, "loop", "plain")); err != nil || got.Link != filepath.Join(root, "loop") {
		t.Errorf("Resolve(loop/plain) = %+v, %v; want the link loop", got, err)
	}
	// The root itself may be a link: the user chose it.
	linked := NewGate(alias)
	if got, err := linked.Resolve(filepath.Join(alias, "plain")); err != nil || got != (Named{Path: filepath.Join(alias, "plain")}) {
		t.Errorf("Resolve under a linked root = %+v, %v", got, err)
	}
	if _, err := g.Resolve(filepath.Join(root, "nowhere")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("Resolve(nowhere) error = %v, want not exist", err)
	}
}

// TestGateOpenFolder: a folder is opened from the root without following a
// link on the way, at any level, even one that stays inside the root; a
// folder outside the root is not opened.
func TestGateOpenFolder(t *testing.T) {
	base, root := linkedTree(t)
	g := NewGate(root)
	r, err := g.OpenFolder(filepath.Join(root, "plain", ".agent", "tools", "t"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := r.Stat("TOOL.md"); err != nil {
		t.Errorf("opened the wrong folder: %v", err)
	}
	r.Close()
	for dir, link := range map[string]string{
		"l1/.agent/tools/t": "l1/.agent/tools/t",
		"l2/.agent/tools/t": "l2/.agent/tools",
		"l3/.agent/tools/t": "l3/.agent",
		"in/.agent/tools/t": "in/.agent/tools/t",
	} {
		r, err := g.OpenFolder(filepath.Join(root, filepath.FromSlash(dir)))
		var le *LinkError
		if !errors.As(err, &le) || le.Link != link {
			t.Errorf("OpenFolder(%s) error = %v, want the link %s", dir, err, link)
		}
		if r != nil {
			r.Close()
		}
	}
	var outside *OutsideError
	if _, err := g.OpenFolder(filepath.Join(base, "outside", "t")); !errors.As(err, &outside) {
		t.Errorf("OpenFolder(outside/t) error = %v, want outside the root", err)
	}
	if _, err := g.OpenFolder(filepath.Join(root, "plain", ".agent", "tools", "t", "linux.sh")); err == nil {
		t.Errorf("OpenFolder opened a file")
	}
}

// TestDiscoverNamedThroughLinks: Discover treats a named path that leads
// through a linked directory as the walk treats the link: not followed, an
// escape when it leaves the root, and says which paths it did not follow.
func TestDiscoverNamedThroughLinks(t *testing.T) {
	_, root := linkedTree(t)
	j := func(rel string) string { return filepath.Join(root, filepath.FromSlash(rel)) }
	paths := []string{j("l1/.agent/tools/t/TOOL.md"), j("l2/.agent/tools/t/"), j("l3/.agent/tools/t/linux.sh"), j("in/.agent/tools/t"), j("plain/.agent/tools/t/self.sh")}
	d, err := Discover(paths, Options{Root: root})
	if err != nil {
		t.Fatal(err)
	}
	if got := rel(t, root, d.ToolDirs()); !reflect.DeepEqual(got, []string{"plain/.agent/tools/t"}) {
		t.Errorf("tools = %q, want the plain one alone", got)
	}
	var escapes []string
	for _, e := range d.Escapes {
		escapes = append(escapes, e.Path+" -> "+e.Target)
	}
	want := []string{
		j("l1/.agent/tools/t") + " -> ../../../../outside/t",
		j("l2/.agent/tools") + " -> ../../../outside/tools",
		j("l3/.agent") + " -> ../../outside/agent",
	}
	if !reflect.DeepEqual(escapes, want) {
		t.Errorf("escapes = %q\nwant %q", escapes, want)
	}
	wantUnfollowed := []Unfollowed{
		{paths[0], j("l1/.agent/tools/t")}, {paths[1], j("l2/.agent/tools")},
		{paths[2], j("l3/.agent")}, {paths[3], j("in/.agent/tools/t")},
	}
	if !reflect.DeepEqual(d.Unfollowed, wantUnfollowed) {
		t.Errorf("unfollowed = %q\nwant %q", d.Unfollowed, wantUnfollowed)
	}
	// The walk of the root finds the same links, and the tool behind the
	// inside link by its own path.
	d, err = Discover([]string{root}, Options{Root: root})
	if err != nil {
		t.Fatal(err)
	}
	if got := rel(t, root, d.ToolDirs()); !reflect.DeepEqual(got, []string{"plain/.agent/tools/t", "shared/t"}) {
		t.Errorf("walk: tools = %q", got)
	}
	if len(d.Escapes) != 3 {
		t.Errorf("walk: escapes = %v, want the three links out", d.Escapes)
	}
}
