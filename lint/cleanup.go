package lint

import (
	"os"
	"slices"

	"github.com/speccify/speccify-lint/internal/fserr"
)

// removeCreated removes again what an example created in the tool folder
// dir, so that a run leaves the working tree as it found it: each created
// file, symbolic link (the link, never what it points to) and, when it is
// empty by then, created directory, deepest first. It removes through an
// os.Root of the folder, so nothing outside it is touched. Changed and
// deleted paths are left as they are. A created path that could not be
// removed keeps the reason in its kept field. It reports whether it removed
// anything.
func removeCreated(dir string, changes []change) bool {
	if !slices.ContainsFunc(changes, func(c change) bool { return c.kind == created }) {
		return false
	}
	root, err := os.OpenRoot(dir)
	if err != nil {
		for i := range changes {
			if changes[i].kind == created {
				changes[i].kept = fserr.Cause(err).Error()
			}
		}
		return false
	}
	defer root.Close()
	removed := false
	// changes is sorted by path, so a directory comes before what is in it:
	// backwards, its entries go first.
	for i := len(changes) - 1; i >= 0; i-- {
		c := &changes[i]
		if c.kind != created {
			continue
		}
		if err := root.Remove(c.path); err != nil {
			c.kept = fserr.Cause(err).Error()
			continue
		}
		removed = true
	}
	return removed
}
