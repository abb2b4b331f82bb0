package gencorpus

import (
	"flag"
	"fmt"
	"io"
)

// Command is the speccify-gen-corpus command line: it parses args ([-n N]
// [-examples E] [-impl sh|none] [-distinct-schemas] DIR), writes the corpus
// and returns the exit code: 0 written, 1 an error, 2 a usage error.
func Command(args []string, stderr io.Writer) int {
	fs := flag.NewFlagSet("speccify-gen-corpus", flag.ContinueOnError)
	fs.SetOutput(stderr)
	n := fs.Int("n", 1000, "number of tool folders")
	examples := fs.Int("examples", 4, "passing examples per tool (one ok: false case is added)")
	impl := fs.String("impl", "sh", "implementation: sh (a /bin/sh linux.sh) or none")
	distinct := fs.Bool("distinct-schemas", false, "schemas that differ from tool to tool in more than their descriptions (no compiled schema is shared)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: speccify-gen-corpus [-n N] [-examples E] [-impl sh|none] [-distinct-schemas] DIR")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() != 1 {
		fs.Usage()
		return 2
	}
	opt := Options{Tools: *n, Examples: *examples, Impl: Impl(*impl), DistinctSchemas: *distinct}
	if err := Generate(fs.Arg(0), opt); err != nil {
		fmt.Fprintf(stderr, "speccify-gen-corpus: %v\n", err)
		return 1
	}
	return 0
}
