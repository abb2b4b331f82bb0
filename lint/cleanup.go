package lint

import (
	"os"
	"slices"

	"github.com/speccify/speccify-lint/internal/fserr"
)

// removeCreated removes again what an example created in the tool folder
// root (the folder the snapshots were taken of, see toolCheck.runFolder),
// so that a run leaves the working tree as it found it: each created file,
// symbolic link (the link, never what it points to) and, when it is empty by
// then, created directory, deepest first. It removes through root, so
// nothing outside the folder is touched. Changed and deleted paths are left
// as they are. A created path that could not be removed keeps the reason in
// its kept field. It reports whether it removed anything.
func removeCreated(root *os.Root, changes []change) bool {
	if !slices.ContainsFunc(changes, func(c change) bool { return c.kind == created }) {
		return false
	}
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
