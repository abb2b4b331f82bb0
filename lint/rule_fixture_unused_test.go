package lint_test

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"strings"
	"testing"

	"github.com/speccify/speccify-lint/discover"
	"github.com/speccify/speccify-lint/internal/testtree"
	"github.com/speccify/speccify-lint/lint"
)

// TestFixtureUnusedNeedsAllTheCode: fixture-unused judges a fixture named
// by no example only when it could read the tool's code whole; a file too
// large to read whole, or too many files, leave what names the fixture
// unknown, so there is no finding (and no deletion).
func TestFixtureUnusedNeedsAllTheCode(t *testing.T) {
	const spec = "---\nname: t\ndescription: A test tool.\ninputs: {type: object}\n" +
		"outputs: {type: object, required: [ok], properties: {ok: {type: boolean}, error: {type: string}}}\n" +
		"effects: none\nrequires: []\n---\n\n## Examples\n\n### works\ninput: {}\noutput: {\"ok\": true}\n"
	tests := []struct {
		name  string
		files map[string]string
		want  bool // a fixture-unused finding
	}{
		{"small code", map[string]string{"common.sh": "echo hi\n"}, true},
		{"code in a subfolder names it", map[string]string{"lib/read.sh": "cat fixtures/old.txt\n"}, false},
		{"a file over 1 MiB", map[string]string{"common.sh": strings.Repeat("x", 1<<20+1)}, false},
		{"too many files", manyFiles(300), false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root := t.TempDir()
			files := map[string]string{"t/TOOL.md": spec, "t/linux.sh": "#!/bin/sh\necho '{\"ok\": true}'\n", "t/fixtures/old.txt": "old\n"}
			for name, text := range tt.files {
				files["t/"+name] = text
			}
			testtree.Write(t, root, files)
			disc, err := discover.Discover([]string{root}, discover.Options{Root: root})
			if err != nil {
				t.Fatal(err)
			}
			res := lint.Lint(context.Background(), disc, lint.Config{Root: root, Platform: "linux"})
			got := false
			for _, f := range res.AllFindings() {
				if f.Rule == "fixture-unused" {
					got = true
					if f.Fix == nil || !f.Fix.Delete || f.Fix.Sum != sha256Hex("old\n") {
						t.Errorf("finding without its deletion of the file as read: %+v", f.Fix)
					}
				}
			}
			if got != tt.want {
				t.Errorf("fixture-unused reported: %v, want %v", got, tt.want)
			}
		})
	}
}

// manyFiles are n small files of code in a subfolder.
func manyFiles(n int) map[string]string {
	files := map[string]string{}
	for i := range n {
		files["lib/"+strings.Repeat("a", 1+i%7)+string(rune('a'+i%26))+"/"+string(rune('a'+i/26))+".sh"] = "echo\n"
	}
	return files
}

// sha256Hex is the hex SHA-256 of s: the Fix.Sum of a file whose text is s.
func sha256Hex(s string) string {
	sum := sha256.Sum256([]byte(s))
	return hex.EncodeToString(sum[:])
}
