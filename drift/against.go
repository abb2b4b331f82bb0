package drift

import (
	"errors"
	"fmt"
	"io/fs"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"github.com/speccify/speccify-lint/contract"
	"github.com/speccify/speccify-lint/discover"
)

// Against is the git revision whose contracts the tools' are compared with
// (--against REV): the drift rules' input.
type Against struct {
	// Revision is the revision's tree.
	Revision *Revision
	// Changed holds the tool folders (as discovered) with a file changed
	// since the revision; only they are compared (an unchanged folder has
	// the same contract). Nil compares every folder.
	Changed map[string]bool
	// Renames are the renames git's rename detection found since the
	// revision: what pairs a tool folder of the revision with the one it
	// became (see Prepare).
	Renames []Rename

	// removed are the revision's tool folders that are gone, each with the
	// folder it became, found once (Prepare) for the drift rules, the
	// tool-removed rule and the drift of a lint.
	removedOnce sync.Once
	removed     []Removal
}

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

// Removal is a tool folder of the revision that is gone.
type Removal struct {
	// Dir is the folder (slash, relative to the root), Spec its TOOL.md,
	// Name its tool's name at the revision ("" when unknown).
	Dir, Spec, Name string
	// To is the folder it became (new since the revision), ToName the
	// name of the tool there; "" when it was removed.
	To, ToName string
}

// NameChange is " (name "a" is now "b")" when a renamed tool's name
// changed too, else "".
func (r Removal) NameChange() string {
	if r.Name == "" || r.ToName == "" || r.Name == r.ToName {
		return ""
	}
	return fmt.Sprintf(" (name %q is now %q)", r.Name, r.ToName)
}

// freshTool is a tool folder new since the revision.
type freshTool struct{ dir, name string }

// Prepare finds, once, the revision's tool folders that are gone and what
// each became, for dirs, the tool folders found (as discovered) under
// root: before the tools are checked, so that a renamed tool is compared
// with its old self, and for Removals and RenamedFrom.
func (a *Against) Prepare(root string, dirs []string) {
	a.removedOnce.Do(func() { a.removed = a.findRemovals(root, dirs) })
}

// Removals are the tool folders of the revision that are gone, as Prepare
// found them.
func (a *Against) Removals() []Removal { return a.removed }

// RenamedFrom is the removal the folder rel (slash, relative to the root)
// is the new folder of.
func (a *Against) RenamedFrom(rel string) (Removal, bool) {
	i := slices.IndexFunc(a.removed, func(r Removal) bool { return r.To == rel })
	if i < 0 {
		return Removal{}, false
	}
	return a.removed[i], true
}

// Old is the contract at the revision the tool in the folder dir (as
// discovered; rel relative to the root, spec its TOOL.md) is compared with:
// the one in the same folder, or, for a folder new since the revision, the
// one of the folder it was renamed from (RenamedFrom). ok is false when
// the folder did not change since the revision (Changed) or the tool is
// new since it; an error says which file could not be read from git.
func (a *Against) Old(dir, rel, spec string) (old *Contract, ok bool, err error) {
	from, renamed := a.RenamedFrom(rel)
	if a.Changed != nil && !a.Changed[dir] && !renamed {
		return nil, false, nil
	}
	oldDir, oldSpec := rel, spec
	if renamed {
		oldDir, oldSpec = from.Dir, from.Spec
	}
	old, ok, err = a.Revision.Contract(oldDir, oldSpec)
	if err != nil {
		return nil, false, fmt.Errorf("reading %s at %s: %v", oldSpec, a.Revision.Rev, err)
	}
	return old, ok, nil
}

// findRemovals looks the revision's tool folders up through the gate of
// root, and pairs those that are gone with the new ones among dirs
// (pairRemovals).
func (a *Against) findRemovals(root string, dirs []string) []Removal {
	gate := discover.NewGate(root)
	var out []Removal
	for _, dir := range a.Revision.ToolDirs() {
		if stillThere(gate, filepath.Join(root, filepath.FromSlash(dir))) {
			continue
		}
		r := Removal{Dir: dir, Spec: path.Join(dir, discover.SpecFile)}
		if old, ok, err := a.Revision.Contract(dir, r.Spec); err == nil && ok && old.Spec.Frontmatter != nil {
			r.Name = old.Spec.Frontmatter.Name.Value
		}
		out = append(out, r)
	}
	if len(out) == 0 {
		return nil
	}
	var fresh []freshTool
	for _, d := range dirs {
		rel := discover.RelPath(root, d)
		if !a.Revision.Has(path.Join(rel, discover.SpecFile)) {
			fresh = append(fresh, freshTool{dir: rel, name: toolName(gate, d)})
		}
	}
	slices.SortFunc(fresh, func(x, y freshTool) int { return strings.Compare(x.dir, y.dir) })
	pairRemovals(out, fresh, a.Renames)
	return out
}

// pairRemovals sets the new folder (To, ToName) of each removal it pairs
// with one of fresh, as the comment above Rename says; removed is sorted
// by folder, fresh too.
func pairRemovals(removed []Removal, fresh []freshTool, renames []Rename) {
	taken := map[string]bool{}
	pair := func(r *Removal, f freshTool) {
		r.To, r.ToName, taken[f.dir] = f.dir, f.name, true
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
		goneDirs = append(goneDirs, r.Dir)
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
		if r.To != "" || r.Name == "" {
			continue
		}
		for _, f := range fresh {
			if !taken[f.dir] && f.name == r.Name {
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
