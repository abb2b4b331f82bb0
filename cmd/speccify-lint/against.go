package main

import (
	"github.com/speccify/speccify-lint/discover"
	"github.com/speccify/speccify-lint/drift"
	"github.com/speccify/speccify-lint/lint"
)

// openAgainst opens the git revision rev (given to flag: --against, or
// the diff command) for the tools disc found under root: its tree, and the
// tool folders with a file changed since it (the only ones whose contract
// can differ).
func openAgainst(root, flag, rev string, disc *discover.Discovery) (*lint.Against, error) {
	r, err := drift.Open(root, flag, rev)
	if err != nil {
		return nil, err
	}
	changed, err := discover.ChangedFolders(root, r.Commit, disc.ToolDirs())
	if err != nil {
		r.Close()
		return nil, err
	}
	a := &lint.Against{Revision: r, Changed: map[string]bool{}}
	for _, dir := range changed {
		a.Changed[dir] = true
	}
	return a, nil
}
