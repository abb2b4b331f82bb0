package main

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/speccify/speccify-lint/internal/fserr"
	"github.com/speccify/speccify-lint/lint"
	"github.com/speccify/speccify-lint/report"
	"github.com/speccify/speccify-lint/result"
)

// applyBaseline writes the --write-baseline file from res, or else takes
// the findings the --baseline file records out of res (into its suppressed
// findings) and, with --baseline-strict, keeps in c.stale the entries that
// the lint with cfg looked for and no finding matched. wrote is
// true when it wrote a baseline: the run then exits 0 whatever it found.
func (c *LintCmd) applyBaseline(env *runEnv, res *result.Result, cfg *lint.Config) (wrote bool, err error) {
	switch {
	case c.WriteBaseline != "" && res.Interrupted:
		return false, fmt.Errorf("--write-baseline %s: not written, the run was interrupted", c.WriteBaseline)
	case c.WriteBaseline != "":
		b := report.NewBaseline(res)
		if err := os.WriteFile(c.WriteBaseline, b.Bytes(), 0o644); err != nil {
			return false, fmt.Errorf("--write-baseline %s: %w", c.WriteBaseline, fserr.Cause(err))
		}
		fmt.Fprintf(env.stderr, "speccify-lint: the baseline %s records the %d findings of this run\n", c.WriteBaseline, len(b.Findings))
		return true, nil
	case c.Baseline != "":
		b, err := c.readBaseline()
		if err != nil {
			return false, err
		}
		gone := b.Apply(res)
		c.stale = nil
		if c.BaselineStrict && !res.Interrupted {
			c.stale = report.Stale(res, gone, cfg.LooksFor, c.narrowed(res.Root))
		}
	}
	return false, nil
}

// narrowed reports whether the lint checked only some of the tool folders
// under root: --shard, --changed-since, or a path other than the root.
func (c *LintCmd) narrowed(root string) bool {
	if c.Shard != "" || c.ChangedSince != "" {
		return true
	}
	paths := c.Paths
	if len(paths) == 0 {
		paths = []string{"."}
	}
	for _, p := range paths {
		if abs, err := filepath.Abs(p); err != nil || abs != root {
			return true
		}
	}
	return false
}

// readBaseline reads the --baseline file, once; nil when there is none.
func (c *LintCmd) readBaseline() (*report.Baseline, error) {
	if c.Baseline == "" || c.baseline != nil {
		return c.baseline, nil
	}
	path := c.Baseline
	if dir := c.origins["baseline"].config; dir != "" && !filepath.IsAbs(path) {
		// baseline: in a configuration file is relative to the file,
		// which may be in a directory above the working directory.
		path = filepath.Join(filepath.Dir(dir), path)
	}
	b, err := report.ReadBaseline(path)
	c.baseline = b
	return b, err
}
