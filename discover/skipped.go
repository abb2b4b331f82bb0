package discover

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// errFound stops SkippedSpec's walk at the first TOOL.md.
var errFound = errors.New("found")

// SkippedSpec looks, when Discover found no tool folder, for a TOOL.md
// under the directories of paths that the walk did not check: one in a
// directory it skips (skippedDirs, an Exclude glob). It walks everything
// but symbolic links, which Discover does not follow either, and stops at
// the first TOOL.md, whose path it returns; ok is false when there is none,
// so that a run that checked nothing can tell a tree without contracts
// from one whose contracts were all skipped. Paths go through the Gate of
// root, as in Discover; the TOOL.md found is spelt as its path is named.
func SkippedSpec(root string, paths []string) (spec string, ok bool) {
	gate := NewGate(root)
	for _, p := range paths {
		named, err := gate.Resolve(p)
		if err != nil || named.Link != "" {
			continue
		}
		if info, err := os.Lstat(named.Path); err != nil || !info.IsDir() {
			continue
		}
		_ = filepath.WalkDir(named.Path, func(q string, d fs.DirEntry, err error) error {
			if err != nil {
				return nil // unreadable: Discover could not read it either
			}
			if !d.IsDir() && d.Name() == SpecFile {
				spec = filepath.Join(p, strings.TrimPrefix(q, named.Path))
				return errFound
			}
			return nil
		})
		if spec != "" {
			return spec, true
		}
	}
	return "", false
}
