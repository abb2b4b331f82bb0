package autofix_test

import (
	"os"
	"path/filepath"
	"testing"
)

// FuzzFix writes a random TOOL.md into a tool folder, applies every fix
// (safe and unsafe) in passes and checks that a second run fixes nothing
// (when the first finished), that the file still reads and parses as well
// as before, and that no rule has findings it had none of before (how many
// may grow: a fixed frontmatter lets the other rules see it).
func FuzzFix(f *testing.F) {
	split := "---\nname: t\ndescription: d\ninputs: {type: object, properties: {x: {type: string, description: a, b}}}\n" +
		"outputs: {type: object, required: [ok], properties: {ok: {type: boolean}, error: {type: string, description: x, y,\n  z}}}\n" +
		"effects: none\nrequires: []\n---\n\n## Examples\n\n### works\ninput: {}\noutput: {\"ok\": true}\n"
	f.Add([]byte(split))
	f.Add([]byte("\xef\xbb\xbf" + crlf(split)))
	f.Add([]byte("---\nname: t\ninputs: {description: \"q\\\"\", a, b: {c, d}}\n---\n"))
	f.Add([]byte("---\r\nname: t\r\noutputs: {description: x #, y}\r\n---\r"))
	// The frontmatter fixes: a plain value holding ": ", a misspelt key, a
	// name that is not the folder's, error and ok to add in block and flow
	// style.
	f.Add([]byte("---\nname: x\ndescription: Lists keys: every entry # c\ninput: {type: object}\n" +
		"outputs:\n  type: object\n  required:\n    - text\n  properties:\n    ok: {type: boolean}\n    # c\n---\n"))
	f.Add([]byte("\xef\xbb\xbf" + crlf("---\nname: t\noutputs: {type: object, properties: {ok: {type: boolean},text: {}}}\n---\n")))
	f.Fuzz(func(t *testing.T, data []byte) {
		root := t.TempDir()
		dir := filepath.Join(root, "t")
		if err := os.Mkdir(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "TOOL.md"), data, 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "linux.sh"), []byte("#!/bin/sh\necho '{\"ok\": true}'\n"), 0o755); err != nil {
			t.Fatal(err)
		}
		before, after, out := fixAll(t, root)
		checkFixed(t, before, after, out, false)
	})
}

func crlf(s string) string {
	b := make([]byte, 0, len(s)*2)
	for i := 0; i < len(s); i++ {
		if s[i] == '\n' {
			b = append(b, '\r')
		}
		b = append(b, s[i])
	}
	return string(b)
}
