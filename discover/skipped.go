package discover

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
)

// errFound stops SkippedSpec's walk at the first TOOL.md.
var errFound = errors.New("found")

// SkippedSpec looks, when Discover found no tool folder, for a TOOL.md
// under the directories of paths that the walk did not check: one in a
// directory it skips (skippedDirs, an Exclude glob). It walks everything
// but symbolic links, which Discover does not follow either, and stops at
// the first TOOL.md, whose path it returns; ok is false when there is none,
// so that a run that checked nothing can tell a tree without contracts
// from one whose contracts were all skipped.
func SkippedSpec(paths []string) (spec string, ok bool) {
	for _, p := range paths {
		if info, err := os.Lstat(p); err != nil || !info.IsDir() {
			continue
		}
		_ = filepath.WalkDir(p, func(q string, d fs.DirEntry, err error) error {
			if err != nil {
				return nil // unreadable: Discover could not read it either
			}
			if !d.IsDir() && d.Name() == SpecFile {
				spec = q
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
