package lint

import (
	"errors"
	"fmt"
	"io/fs"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/speccify/speccify-lint/contract"
	"github.com/speccify/speccify-lint/discover"
)

// A tool folder of the revision that is gone was removed, or renamed: then
// its tool is in a folder new since the revision, and its contract is
// compared with its old self there, so that a rename hides no contract
// change. The pairing, in two rounds, each new folder paired once:
//
//  1. git's rename detection (git diff --find-renames from the revision to
//     the working tree, among the files git tracks): the gone folder is
//     paired with the new folder that the most of its files were renamed
//     into (on a tie, the one its TOOL.md went to, then the first by
//     path);
//  2. the name: a gone folder still unpaired is paired with the first new
//     folder (by path) whose tool has the name it had (a folder moved
//     without git, or rewritten past git's similarity).
//
// A gone folder paired with none was removed (tool-removed).

// Rename is a file of the revision (From) that git's rename detection
// pairs with a file of the working tree (To), both slash paths relative
// to the root.
type Rename struct{ From, To string }

// removal is a tool folder of the revision that is gone.
type removal struct {
	// dir is the folder (slash, relative to the root), spec its TOOL.md,
	// name its tool's name at the revision ("" when unknown).
	dir, spec, name string
	// to is the folder it became (new since the revision), toName the
	// name of the tool there; "" when it was removed.
	to, toName string
}

// nameChange is " (name "a" is now "b")" when a renamed tool's name
// changed too, else "".
func (r removal) nameChange() string {
	if r.name == "" || r.toName == "" || r.name == r.toName {
		return ""
	}
	return fmt.Sprintf(" (name %q is now %q)", r.name, r.toName)
}

// freshTool is a tool folder new since the revision.
type freshTool struct{ dir, name string }

// prepare finds, once, the revision's tool folders that are gone and what
// each became, for dirs, the tool folders found (as discovered): before
// the tools are checked, so that a renamed tool is compared with its old
// self (driftChanges), and for tool-removed and DriftOf.
func (a *Against) prepare(cfg *Config, dirs []string) {
	a.removedOnce.Do(func() { a.removed = findRemovals(cfg, dirs) })
}

// removals are the tool folders of the revision that are gone, as prepare
// found them (Lint prepares them).
func (a *Against) removals() []removal { return a.removed }

// renamedFrom is the removal the folder rel (slash, relative to the root)
// is the new folder of.
func (a *Against) renamedFrom(rel string) (removal, bool) {
	i := slices.IndexFunc(a.removed, func(r removal) bool { return r.to == rel })
	if i < 0 {
		return removal{}, false
	}
	return a.removed[i], true
}

// findRemovals looks the revision's tool folders up through the gate, and
// pairs those that are gone with the new ones among dirs (pairRemovals).
func findRemovals(cfg *Config, dirs []string) []removal {
	a := cfg.Against
	gate := discover.NewGate(cfg.Root)
	var out []removal
	for _, dir := range a.Revision.ToolDirs() {
		if stillThere(gate, filepath.Join(cfg.Root, filepath.FromSlash(dir))) {
			continue
		}
		r := removal{dir: dir, spec: path.Join(dir, discover.SpecFile)}
		if old, ok, err := a.Revision.Contract(dir, r.spec); err == nil && ok && old.Spec.Frontmatter != nil {
			r.name = old.Spec.Frontmatter.Name.Value
		}
		out = append(out, r)
	}
	if len(out) == 0 {
		return nil
	}
	var fresh []freshTool
	for _, d := range dirs {
		rel := discover.RelPath(cfg.Root, d)
		if !a.Revision.Has(path.Join(rel, discover.SpecFile)) {
			fresh = append(fresh, freshTool{dir: rel, name: toolName(gate, d)})
		}
	}
	slices.SortFunc(fresh, func(x, y freshTool) int { return strings.Compare(x.dir, y.dir) })
	pairRemovals(out, fresh, a.Renames)
	return out
}

// pairRemovals sets the new folder (to, toName) of each removal it pairs
// with one of fresh, as the comment at the top of this file says; removed
// is sorted by folder, fresh too.
func pairRemovals(removed []removal, fresh []freshTool, renames []Rename) {
	taken := map[string]bool{}
	pair := func(r *removal, f freshTool) {
		r.to, r.toName, taken[f.dir] = f.dir, f.name, true
	}
	// owner is the deepest of dirs that holds the file.
	owner := func(file string, dirs []string) (int, bool) {
		best := -1
		for i, d := range dirs {
			if strings.HasPrefix(file, d+"/") && (best < 0 || len(d) > len(dirs[best])) {
				best = i
			}
		}
		return best, best >= 0
	}
	var goneDirs, freshDirs []string
	for _, r := range removed {
		goneDirs = append(goneDirs, r.dir)
	}
	for _, f := range fresh {
		freshDirs = append(freshDirs, f.dir)
	}
	for i := range removed {
		counts := make([]int, len(fresh))
		spec := -1
		for _, mv := range renames {
			if g, ok := owner(mv.From, goneDirs); !ok || g != i {
				continue
			}
			f, ok := owner(mv.To, freshDirs)
			if !ok || taken[fresh[f].dir] {
				continue
			}
			counts[f]++
			if path.Base(mv.From) == discover.SpecFile && mv.To == path.Join(fresh[f].dir, discover.SpecFile) {
				spec = f
			}
		}
		best := -1
		for f, n := range counts {
			if n > 0 && (best < 0 || n > counts[best] || n == counts[best] && f == spec) {
				best = f
			}
		}
		if best >= 0 {
			pair(&removed[i], fresh[best])
		}
	}
	for i := range removed {
		r := &removed[i]
		if r.to != "" || r.name == "" {
			continue
		}
		for _, f := range fresh {
			if !taken[f.dir] && f.name == r.name {
				pair(r, f)
				break
			}
		}
	}
}

// toolName is the name of the tool in the folder dir (as discovered),
// read through the gate; "" when its TOOL.md cannot be read or names none.
func toolName(gate discover.Gate, dir string) string {
	root, err := gate.OpenFolder(dir)
	if err != nil {
		return ""
	}
	defer root.Close()
	spec, err := contract.ReadSpecIn(root, discover.SpecFile, filepath.Join(dir, discover.SpecFile))
	if err != nil || spec.Frontmatter == nil {
		return ""
	}
	return spec.Frontmatter.Name.Value
}

// stillThere reports whether dir is a tool folder: opened through the gate,
// it holds a TOOL.md.
func stillThere(gate discover.Gate, dir string) bool {
	root, err := gate.OpenFolder(dir)
	if err != nil {
		return false
	}
	defer root.Close()
	_, err = root.Lstat(discover.SpecFile)
	return !errors.Is(err, fs.ErrNotExist)
}
