package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"os/signal"

	"github.com/speccify/speccify-lint/discover"
	"github.com/speccify/speccify-lint/lint"
	"github.com/speccify/speccify-lint/report"
)

// DiffCmd prints the contract changes of each tool since a git revision.
type DiffCmd struct {
	Rev   string   `arg:"" name:"REV" help:"Git revision to compare with (a branch, a tag, a commit); read from git without a checkout."`
	Paths []string `arg:"" optional:"" name:"PATH" help:"Tool folders or directories to compare (default: .)."`

	Format  string   `short:"f" enum:"text,json,markdown" default:"text" help:"Format: ${enum} (markdown: a pull-request comment)."`
	Root    string   `type:"existingdir" placeholder:"DIR" help:"Directory paths are relative to (default: the git top level, else the working directory)."`
	Exclude []string `placeholder:"GLOB" help:"Skip directories and tools whose root-relative path or base name matches GLOB (repeatable)."`
}

// Run compares and prints; it exits 0 whatever changed (lint --against is
// the check that fails), 2 on an unknown revision or another error.
func (c *DiffCmd) Run(env *runEnv) error {
	root, err := resolveRoot(c.Root)
	if err != nil {
		return usageError{err}
	}
	paths := c.Paths
	if len(paths) == 0 {
		paths = []string{"."}
	}
	disc, err := discover.Discover(paths, discover.Options{Root: root, Exclude: c.Exclude})
	if outside := (*discover.OutsideError)(nil); errors.As(err, &outside) {
		return usageErrorf("%w; name a path inside it, or set --root", err)
	}
	if err != nil {
		return usageError{err}
	}
	against, err := openAgainst(root, "diff", c.Rev, disc)
	if err != nil {
		return usageError{err}
	}
	defer against.Revision.Close()
	ctx, stop := signal.NotifyContext(context.Background(), stopSignals...)
	defer stop()
	cfg := lint.Config{Version: currentVersion(), Root: root, Against: against}
	res := lint.Lint(ctx, disc, cfg)
	if len(res.InternalErrors) > 0 {
		return usageErrorf("%s", res.InternalErrors[0])
	}
	w := bufio.NewWriter(env.stdout)
	if err := report.WriteDrift(w, c.Format, c.Rev, lint.DriftOf(res, cfg), report.Options{}); err != nil {
		return err
	}
	if err := w.Flush(); err != nil {
		return fmt.Errorf("writing the report: %w", err)
	}
	return nil
}
