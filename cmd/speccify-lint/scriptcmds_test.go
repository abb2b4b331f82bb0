package main

import (
	"bytes"
	"os"

	"github.com/rogpeppe/go-internal/testscript"
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
