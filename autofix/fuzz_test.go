package autofix_test

import (
	"os"
	"path/filepath"
	"testing"
)

// FuzzFix writes a random TOOL.md into a tool folder, applies every fix
// (safe and unsafe) in passes and checks that a second run fixes nothing,
// that the file still reads and parses as well as before, and that it is
// what passes that each pass the verification made (checkFixed: no new
// finding in the text a pass wrote or about a key it wrote; findings the
// fixes reveal elsewhere may be new, and how many findings there are may
// grow: a fixed frontmatter lets the other rules see it).
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
	// The fixes of messages that spell out an edit: a type name's typo, a key
	// YAML reads as a number, a platform's other name, a missing name, a
	// schema without type, ok and error misspelt or of the wrong schema, a
	// rule id misspelt in a suppression; and wrapped texts that stay wrapped.
	f.Add([]byte("---\ndescription: d\ninputs:\n  properties:\n    n: {type: intger}\n    m: {type: [strng, nul]}\n    200: {type: str}\n" +
		"outputs: {type: object, required: [okk], properties: {okk: {type: boolean}, eror: {type: string}}}\nplatforms: [lnux, mac]\n---\n\n" +
		"<!-- speccify-lint-disable stdin-twise -- why -->\n## Examples\n\n### works\ninput: {}\noutput: {\"ok\": true}\n"))
	f.Add([]byte("\xef\xbb\xbf" + crlf("---\n{ description: d, outputs: {properties: {ok: {const: true}}}}\n---\n")))
	f.Add([]byte("---\nname: t\ndescription: Lists keys: every entry\n  wrapped, on: two lines\n\n  and a third\n" +
		"outputs:\n  properties:\n    ok:\n      const: true\n    x: {description: Matching\n      keys (A, B), \"sorted\".}\n---\n"))
	f.Add([]byte("---\r\n---\r\n"))
	// Issue 20's acceptance: a typo'd input: whose schema, revealed by the
	// rename, has a description YAML split at a comma (two passes).
	f.Add([]byte("---\nname: t\ndescription: d\ninput: {type: object, properties: {x: {type: string, description: a, b}}}\n" +
		"outputs: {type: object, required: [ok], properties: {ok: {type: boolean}, error: {type: string}}}\neffects: none\nrequires: []\n---\n"))
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
		before, after, changes, out := fixAll(t, root)
		checkFixed(t, root, before, after, changes, out, false)
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
