// Package lsp is speccify-lint's language server (`speccify-lint server`):
// the Language Server Protocol over a stream (stdio), with the protocol's
// types and JSON-RPC from go.lsp.dev/protocol and go.lsp.dev/jsonrpc2.
//
// It lints what the editor holds, unsaved: the open TOOL.md, SKILL.md and
// files of a tool folder, with lint's static checks of one folder
// (lint.CheckEdited, lint.CheckSkillText), and runs an implementation only
// when the user asks (the speccify-lint.runExamples command, run.go, through
// lint.Lint and its runner). Its code actions are autofix's changes made on the
// editor's text (autofix.Options.Held), verified as --fix verifies them,
// so that a quick fix or "fix all" makes what --fix writes. A document is
// read only when its path passes the workspace root's discover.Gate: inside
// the root, reached without a symbolic link to a directory.
//
// The files, by concern: stream.go (framing, bounded), server.go (the
// lifecycle and the dispatch), documents.go (open documents and their
// edits), positions.go (LSP positions in UTF-16 or UTF-8), diagnostics.go
// (linting a folder and publishing), pull.go (pull diagnostics, LSP 3.17),
// config.go (the configuration of a root, and noticing its change),
// actions.go (code actions), hover.go and completion.go, which read the
// text around the cursor with context.go.
package lsp
