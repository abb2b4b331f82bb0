package main

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/speccify/speccify-lint/internal/gencorpus"
)

// cmdCRLF is the testscript command "crlf [-bom] FILE...": it rewrites each
// file with CRLF line endings, and with -bom a UTF-8 byte order mark first,
// for the CRLF+BOM twins of the fix scenarios (a txtar file holds LF text).
func cmdCRLF(ts *testscript.TestScript, neg bool, args []string) {
	bom := len(args) > 0 && args[0] == "-bom"
	if bom {
		args = args[1:]
	}
	if neg || len(args) == 0 {
		ts.Fatalf("usage: crlf [-bom] FILE...")
	}
	for _, name := range args {
		path := ts.MkAbs(name)
		data, err := os.ReadFile(path)
		ts.Check(err)
		data = bytes.ReplaceAll(bytes.ReplaceAll(data, []byte("\r\n"), []byte("\n")), []byte("\n"), []byte("\r\n"))
		if bom {
			data = append([]byte("\xef\xbb\xbf"), data...)
		}
		ts.Check(os.WriteFile(path, data, 0o644))
	}
}

// cmdGenCorpus is the testscript command "gen-corpus [-break-outputs]
// [speccify-gen-corpus flags] DIR": it writes the generated corpus of the
// benchmarks (internal/gencorpus) to DIR; with -break-outputs every
// example's output line is made invalid JSON ("output: {{"), for a tree with
// many findings.
func cmdGenCorpus(ts *testscript.TestScript, neg bool, args []string) {
	broken := len(args) > 0 && args[0] == "-break-outputs"
	if broken {
		args = args[1:]
	}
	if neg || len(args) == 0 {
		ts.Fatalf("usage: gen-corpus [-break-outputs] [-n N] [-examples E] [-impl sh|none] DIR")
	}
	dir := ts.MkAbs(args[len(args)-1])
	args[len(args)-1] = dir
	var stderr bytes.Buffer
	if code := gencorpus.Command(args, &stderr); code != 0 {
		ts.Fatalf("speccify-gen-corpus: exit %d: %s", code, stderr.String())
	}
	if !broken {
		return
	}
	ts.Check(filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.Name() != "TOOL.md" {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return os.WriteFile(path, bytes.ReplaceAll(data, []byte("\noutput: {"), []byte("\noutput: {{")), 0o644)
	}))
}
