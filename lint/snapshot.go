package lint

import (
	"io/fs"
	"path/filepath"
	"slices"
	"time"
)

// maxSnapshotEntries bounds how many entries of a tool folder a snapshot
// records; past it, changes deeper in the tree go unnoticed.
const maxSnapshotEntries = 20_000

// fileState is what a snapshot records of one path.
type fileState struct {
	size  int64
	mtime time.Time
	mode  fs.FileMode
}

// snapshot maps slash paths relative to the tool folder to their state.
type snapshot map[string]fileState

// takeSnapshot records the paths, sizes, modification times and modes of a
// tool folder.
func takeSnapshot(dir string) snapshot {
	s := snapshot{}
	_ = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || p == dir {
			return nil
		}
		if len(s) >= maxSnapshotEntries {
			return filepath.SkipAll
		}
		info, err := d.Info()
		if err != nil {
			return nil
		}
		rel, err := filepath.Rel(dir, p)
		if err != nil {
			return nil
		}
		st := fileState{mode: info.Mode()}
		if !info.IsDir() { // a directory's size and time change with its entries
			st.size, st.mtime = info.Size(), info.ModTime()
		}
		s[filepath.ToSlash(rel)] = st
		return nil
	})
	return s
}

// changes lists what differs between two snapshots, sorted: "created x",
// "changed y", "deleted z".
func (before snapshot) changes(after snapshot) []string {
	var out []string
	for p, a := range after {
		b, ok := before[p]
		switch {
		case !ok:
			out = append(out, p+" (created)")
		case a.size != b.size || !a.mtime.Equal(b.mtime) || a.mode != b.mode:
			out = append(out, p+" (changed)")
		}
	}
	for p := range before {
		if _, ok := after[p]; !ok {
			out = append(out, p+" (deleted)")
		}
	}
	slices.Sort(out)
	return out
}
