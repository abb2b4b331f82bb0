package main

import (
	"context"
	"io"
	"os"
	"os/signal"

	"github.com/speccify/speccify-lint/lsp"
)

// ServerCmd is the language server (package lsp) on stdin and stdout.
type ServerCmd struct {
	Root string `type:"existingdir" placeholder:"DIR" help:"Workspace root when the editor names none (default: the git top level, else the working directory)."`
}

// Run serves until the editor sends exit; the exit code is the protocol's
// (0 after shutdown, 1 without).
func (c *ServerCmd) Run(env *runEnv) error {
	root, err := resolveRoot(c.Root)
	if err != nil {
		return usageError{err}
	}
	ctx, stop := signal.NotifyContext(context.Background(), stopSignals...)
	defer stop()
	code, err := lsp.Serve(ctx, stdio{os.Stdin, env.stdout}, lsp.Options{Version: currentVersion(), Root: root})
	if err != nil {
		return err
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
