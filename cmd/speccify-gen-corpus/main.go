// Command speccify-gen-corpus writes a synthetic corpus of tool folders for
// benchmarking speccify-lint:
//
//	speccify-gen-corpus -n 1000 -examples 4 -impl sh DIR
//
// writes DIR/.agent/tools/tool-00001 ... tool-01000, each with a TOOL.md
// (nested inputs/outputs schemas, the given number of passing examples and
// one ok: false case), the fixtures its examples name and, with -impl sh, a
// linux.sh that answers every example. The corpus lints clean and its
// examples pass; the same flags always give the same files.
package main

import (
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/speccify/speccify-lint/internal/gencorpus"
)

func main() { os.Exit(run(os.Args[1:], os.Stderr)) }

func run(args []string, stderr io.Writer) int {
	fs := flag.NewFlagSet("speccify-gen-corpus", flag.ContinueOnError)
	fs.SetOutput(stderr)
	n := fs.Int("n", 1000, "number of tool folders")
	examples := fs.Int("examples", 4, "passing examples per tool (one ok: false case is added)")
	impl := fs.String("impl", "sh", "implementation: sh (a /bin/sh linux.sh) or none")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: speccify-gen-corpus [-n N] [-examples E] [-impl sh|none] DIR")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() != 1 {
		fs.Usage()
		return 2
	}
	opt := gencorpus.Options{Tools: *n, Examples: *examples, Impl: gencorpus.Impl(*impl)}
	if err := gencorpus.Generate(fs.Arg(0), opt); err != nil {
		fmt.Fprintf(stderr, "speccify-gen-corpus: %v\n", err)
		return 1
	}
	return 0
}
