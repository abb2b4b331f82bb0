package runner

import (
	"io/fs"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/speccify/speccify-lint/discover"
)

// fileState is what a snapshot records of one path: a cheap summary that
// changes when the file is created, deleted, written, replaced or chmodded.
type fileState struct {
	// path is the slash path relative to the tool folder.
	path  string
	size  int64
	mtime time.Time
	mode  fs.FileMode
	// inode is the file's inode number (0 where the system has none), so
	// that a file replaced by another of the same size and time is seen.
	inode uint64
}

// Snapshot is the state of every entry of a tool folder, in walk order
// (depth first, each directory's entries by name): what a run changed is
// the difference of the snapshots before and after it.
type Snapshot []fileState

// TakeSnapshot records the whole tool folder root: every path with its
// size, modification time, mode and inode number. It reads the folder through root, so neither a symbolic
// link nor a directory swapped for one while the implementation runs takes
// it outside, or to another folder. A subdirectory that holds a TOOL.md is
// another tool's folder (discovery finds it as a tool of its own, whose
// examples may run at the same time): it is recorded, but not what is in
// it. A nil root records nothing.
func TakeSnapshot(root *os.Root) Snapshot {
	if root == nil {
		return nil
	}
	var s Snapshot
	s.walk(root, ".", "", 0)
	return s
}

// rootDepth is how deep below a Root the walk opens directories through it
// before it opens a Root of the directory: opening a path costs an openat
// per segment, and a Root of every directory two opens.
const rootDepth = 4

// walk appends the entries of the directory dir (a path in root, depth
// segments below it), whose path relative to the tool folder is prefix (""
// or ending in a slash), and of its subdirectories.
func (s *Snapshot) walk(root *os.Root, dir, prefix string, depth int) {
	f, err := root.Open(dir)
	if err != nil {
		return
	}
	// A File opened in a Root stats each entry relative to it (fstatat),
	// not by path.
	entries, err := f.ReadDir(-1)
	_ = f.Close()
	if err != nil && len(entries) == 0 {
		return
	}
	slices.SortFunc(entries, func(a, b fs.DirEntry) int { return strings.Compare(a.Name(), b.Name()) })
	if prefix != "" && slices.ContainsFunc(entries, func(e fs.DirEntry) bool { return e.Name() == discover.SpecFile }) {
		return // another tool's folder
	}
	for _, e := range entries {
		info, err := e.Info()
		if err != nil {
			continue // gone since the listing
		}
		st := fileState{path: prefix + e.Name(), mode: info.Mode(), inode: inode(info)}
		if !info.IsDir() { // a directory's size and time change with its entries
			st.size, st.mtime = info.Size(), info.ModTime()
		}
		*s = append(*s, st)
		if info.IsDir() {
			s.walkSub(root, dir, e.Name(), st.path+"/", depth+1)
		}
	}
}

// walkSub walks the subdirectory name of dir.
func (s *Snapshot) walkSub(root *os.Root, dir, name, prefix string, depth int) {
	sub := name
	if dir != "." {
		sub = dir + "/" + name
	}
	if depth < rootDepth {
		s.walk(root, sub, prefix, depth)
		return
	}
	r, err := root.OpenRoot(sub)
	if err != nil {
		return
	}
	defer r.Close()
	s.walk(r, ".", prefix, 0)
}

// Size is the total size of the regular files the snapshot records.
func (s Snapshot) Size() int64 {
	var n int64
	for _, st := range s {
		if st.mode.IsRegular() {
			n += st.size
		}
	}
	return n
}

// ChangeKind is what happened to a path between two snapshots.
type ChangeKind int

// The kinds of change.
const (
	Created ChangeKind = iota
	Modified
	Deleted
)

var changeKindNames = [...]string{"created", "changed", "deleted"}

// Change is one path that differs between two snapshots.
type Change struct {
	// Path is the slash path relative to the tool folder.
	Path string
	Kind ChangeKind
	// Dir is true for a directory (as the later snapshot has it).
	Dir bool
}

// String is "path (created)", "path (changed)" or "path (deleted)".
func (c Change) String() string {
	return c.Path + " (" + changeKindNames[c.Kind] + ")"
}

// ChangeTexts are the changes as the effects rule lists them.
func ChangeTexts(cs []Change) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = c.String()
	}
	return out
}

// Changes lists what differs between two snapshots, sorted by path.
func (before Snapshot) Changes(after Snapshot) []Change {
	if slices.EqualFunc(before, after, fileState.same) {
		return nil // the usual case, without a map
	}
	was := make(map[string]fileState, len(before))
	for _, b := range before {
		was[b.path] = b
	}
	var out []Change
	for _, a := range after {
		b, ok := was[a.path]
		switch {
		case !ok:
			out = append(out, Change{Path: a.path, Kind: Created, Dir: a.mode.IsDir()})
		case !a.same(b):
			out = append(out, Change{Path: a.path, Kind: Modified, Dir: a.mode.IsDir()})
		}
		delete(was, a.path)
	}
	for p, b := range was {
		out = append(out, Change{Path: p, Kind: Deleted, Dir: b.mode.IsDir()})
	}
	slices.SortFunc(out, func(a, b Change) int { return strings.Compare(a.Path, b.Path) })
	return out
}

// same reports whether two records are of the same path in the same state.
func (a fileState) same(b fileState) bool {
	return a.path == b.path && a.size == b.size && a.mtime.Equal(b.mtime) && a.mode == b.mode && a.inode == b.inode
}
