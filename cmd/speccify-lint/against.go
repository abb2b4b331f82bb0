package main

import (
	"path/filepath"

	"github.com/speccify/speccify-lint/discover"
	"github.com/speccify/speccify-lint/drift"
)

// openAgainst opens the git revision rev (given to flag: --against, or
// the diff command) for the tools disc found under root: its tree, the
// tool folders with a file changed since it (the only ones whose contract
// can differ), and the renames git finds since it (what pairs a renamed
// tool folder with its old self).
func openAgainst(root, flag, rev string, disc *discover.Discovery) (*drift.Against, error) {
	r, err := drift.Open(root, flag, rev)
	if err != nil {
		return nil, err
	}
	changes, err := discover.ChangesSince(root, flag, r.Commit, true)
	if err != nil {
		r.Close()
		return nil, err
	}
	a := &drift.Against{Revision: r, Changed: map[string]bool{}}
	for _, dir := range changes.Folders(disc.ToolDirs()) {
		a.Changed[dir] = true
	}
	top := discover.ResolvedAbs(root)
	for _, mv := range changes.Renames {
		from, errFrom := filepath.Rel(top, mv.From)
		to, errTo := filepath.Rel(top, mv.To)
		if errFrom == nil && errTo == nil && filepath.IsLocal(from) && filepath.IsLocal(to) {
			a.Renames = append(a.Renames, drift.Rename{From: filepath.ToSlash(from), To: filepath.ToSlash(to)})
		}
	}
	return a, nil
}

// checkRevisions refuses --changed-since and --against set to an empty
// revision (on the command line; neither is read from the configuration
// file): empty would mean "not given" and turn the check off without a
// word, so a breaking change would pass. diff refuses "" alike.
func (c *LintCmd) checkRevisions() error {
	for _, f := range []struct{ name, rev string }{{"changed-since", c.ChangedSince}, {"against", c.Against}} {
		if _, set := c.origins[f.name]; set {
			if err := discover.CheckRevision("--"+f.name, f.rev); err != nil {
				return err
			}
		}
	}
	return nil
}
