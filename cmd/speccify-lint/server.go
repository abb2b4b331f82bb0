package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"

	"github.com/speccify/speccify-lint/discover"
	"github.com/speccify/speccify-lint/lint"
	"github.com/speccify/speccify-lint/lsp"
)

// ServerCmd is the language server (package lsp) on stdin and stdout.
type ServerCmd struct {
	Root         string `type:"existingdir" placeholder:"DIR" help:"Workspace root when the editor names none (default: the git top level, else the working directory)."`
	SandboxFlags `embed:""`
	CacheFlags   `embed:""`
}

// Run serves until the editor sends exit; the exit code is the protocol's
// (0 after shutdown, 1 without), also when the stream breaks.
func (c *ServerCmd) Run(env *runEnv) error {
	root, err := resolveRoot(c.Root)
	if err != nil {
		return usageError{err}
	}
	// The examples run only on the user's word ("run examples"): whether
	// they are sealed is said then, not at the start.
	var sandbox lint.Config
	if err := c.SandboxFlags.apply(&sandbox, false, env.stderr); err != nil {
		return err
	}
	// The result cache holds the lint of the folders no editor holds a
	// document of (lint.CheckFolder), as the lint command's: not for a
	// workspace root it lies inside.
	store := c.CacheFlags.open(root, env.stderr)
	defer closeCache(store)
	config := func(root string) (lsp.Config, error) {
		cfg, err := serverConfig(root)
		cfg.Lint.Sandbox, cfg.Lint.PassEnv = sandbox.Sandbox, sandbox.PassEnv
		if store != nil && !inside(store.Dir(), root) {
			cfg.Lint.Cache = store
		}
		return cfg, err
	}
	ctx, stop := signal.NotifyContext(context.Background(), stopSignals...)
	defer stop()
	code, err := lsp.Serve(ctx, stdio{os.Stdin, env.stdout}, lsp.Options{Version: currentVersion(), Root: root, Config: config})
	if err != nil {
		// The stream broke (a header that is not LSP's): said on stderr,
		// with the protocol's exit code all the same.
		fmt.Fprintf(env.stderr, "speccify-lint: server: %s\n", oneLine(err.Error()))
	}
	env.exitCode = code
	return nil
}

// stdio is the server's end of the pipe to the editor.
type stdio struct {
	io.Reader
	io.Writer
}

// Close closes stdin, so that a read under way ends.
func (s stdio) Close() error {
	if c, ok := s.Reader.(io.Closer); ok {
		return c.Close()
	}
	return nil
}

// serverConfig is the configuration of a workspace root: the settings of
// the configuration file the lint command would find with root as its
// working directory (in root, or the nearest directory above it that has
// one), read as the lint command reads them (settingsOf): disable, enable,
// severity, platform, max-answer-tokens (mcp-tool-size's threshold) and
// exclude, whose paths are relative to the root
// lint would take there (the git top level that holds root). baseline is
// not applied: the editor shows every finding of the file
// (docs/editors.md). A file that does not load is the error; the server
// then shows it and uses the defaults. Files are the paths looked at
// (lookUpConfig), whose change the server notices before its next lint.
func serverConfig(root string) (lsp.Config, error) {
	cfg := lsp.Config{Lint: lint.Config{Root: root, Version: currentVersion()}}
	rel, looked, err := lookUpConfig(root)
	cfg.Files = looked
	if err != nil || rel == "" {
		return cfg, err
	}
	parser, _, err := newParser(&runEnv{stdout: io.Discard, stderr: io.Discard}, nil)
	if err != nil {
		return cfg, err
	}
	config, err := openConfig(filepath.Join(root, rel), lintConfigKeys(parser.Model))
	if err != nil {
		return cfg, err
	}
	s, err := settingsOf(config)
	if err != nil {
		return cfg, err
	}
	s.judge(&cfg.Lint)
	cfg.Lint.Platform = s.flags.Platform
	cfg.Lint.MaxAnswerTokens = s.flags.MaxAnswerTokens
	cfg.Lint.Profiles = s.flags.Profile
	cfg.Exclude = s.flags.Exclude
	// The globs' paths are relative to the root lint would take with root
	// as its working directory (resolveRoot): its git top level.
	if top, ok := discover.TopLevel(root); ok {
		cfg.ExcludeRoot = top
	}
	return cfg, nil
}
