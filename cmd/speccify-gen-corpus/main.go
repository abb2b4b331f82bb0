// Command speccify-gen-corpus writes a synthetic corpus of tool folders for
// benchmarking speccify-lint:
//
//	speccify-gen-corpus -n 1000 -examples 4 -impl sh DIR
//
// writes DIR/.agent/tools/tool-00001 ... tool-01000, each with a TOOL.md
// (nested inputs/outputs schemas, the given number of passing examples and
// one ok: false case), the fixtures its examples name and, with -impl sh, a
// linux.sh that answers every example. The tools' schemas differ in their
// descriptions, and inputs' in a maximum that repeats every 900 tools; with
// -distinct-schemas every tool's schemas differ in more than their words,
// so that speccify-lint shares no compiled schema between them. The corpus
// lints clean and its examples pass; the same flags always give the same
// files.
//
// It is a development tool: go.mod's ignore directive keeps it out of ./...,
// so that `go install ./...` (how pre-commit installs the hooks) builds only
// speccify-lint; build it by its path. Its code and tests are in
// internal/gencorpus.
package main

import (
	"os"

	"github.com/speccify/speccify-lint/internal/gencorpus"
)

func main() { os.Exit(gencorpus.Command(os.Args[1:], os.Stderr)) }
