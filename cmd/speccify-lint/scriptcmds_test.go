package main

import (
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strconv"

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

// cmdGenCorpus is the testscript command "gen-corpus [-broken-examples K]
// [speccify-gen-corpus flags] DIR": it writes the generated corpus of the
// benchmarks (internal/gencorpus) to DIR; -broken-examples adds K examples
// to each TOOL.md whose output line is not JSON (an example-syntax error
// each, and no fixture file), for a tree with many findings in few files.
func cmdGenCorpus(ts *testscript.TestScript, neg bool, args []string) {
	broken := 0
	if len(args) > 1 && args[0] == "-broken-examples" {
		n, err := strconv.Atoi(args[1])
		ts.Check(err)
		broken, args = n, args[2:]
	}
	if neg || len(args) == 0 {
		ts.Fatalf("usage: gen-corpus [-broken-examples K] [-n N] [-examples E] [-impl sh|none] DIR")
	}
	dir := ts.MkAbs(args[len(args)-1])
	args[len(args)-1] = dir
	var stderr bytes.Buffer
	if code := gencorpus.Command(args, &stderr); code != 0 {
		ts.Fatalf("speccify-gen-corpus: exit %d: %s", code, stderr.String())
	}
	if broken == 0 {
		return
	}
	var more bytes.Buffer
	for i := range broken {
		fmt.Fprintf(&more, "\n### broken %d\ninput: {}\noutput: {\"ok\": true\n", i+1)
	}
	ts.Check(filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.Name() != "TOOL.md" {
			return err
		}
		f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0)
		if err != nil {
			return err
		}
		_, err = f.Write(more.Bytes())
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		return err
	}))
}

// unhideCode is how a scenario writes a character it must not hold as
// itself (an invisible or bidirectional one): <U+202E>.
var unhideCode = regexp.MustCompile(`<U\+([0-9A-F]{4,6})>`)

// cmdUnhide is the testscript command "unhide FILE...": it replaces each
// <U+XXXX> of the files with that character, so that the scenarios of
// hidden-text keep the characters they test visible in the repository.
func cmdUnhide(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) == 0 {
		ts.Fatalf("usage: unhide FILE...")
	}
	for _, name := range args {
		path := ts.MkAbs(name)
		data, err := os.ReadFile(path)
		ts.Check(err)
		data = unhideCode.ReplaceAllFunc(data, func(m []byte) []byte {
			r, err := strconv.ParseUint(string(unhideCode.FindSubmatch(m)[1]), 16, 32)
			ts.Check(err)
			return []byte(string(rune(r)))
		})
		ts.Check(os.WriteFile(path, data, 0o644))
	}
}

// cmdPad is the testscript command "pad FILE N": it appends N bytes of
// "#\n" lines to FILE (created if needed), for files past a size limit
// that a txtar file would not hold.
func cmdPad(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf("usage: pad FILE N")
	}
	n, err := strconv.Atoi(args[1])
	ts.Check(err)
	path := ts.MkAbs(args[0])
	ts.Check(os.MkdirAll(filepath.Dir(path), 0o755))
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
	ts.Check(err)
	_, err = f.Write(bytes.Repeat([]byte("#\n"), n/2))
	ts.Check(err)
	ts.Check(f.Close())
}
