package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestOutputConflictsExit2 checks that the --output conflicts that
// testdata/script/output_flags.txtar describes are usage errors: exit code 2,
// one line on stderr, nothing on stdout, no file written.
func TestOutputConflictsExit2(t *testing.T) {
	dir := t.TempDir()
	tool := filepath.Join(dir, "t")
	if err := os.MkdirAll(tool, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(tool, "TOOL.md"), []byte("---\nname: t\n---\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Chdir(dir)
	for _, args := range [][]string{
		{"-o", "sarif=r.sarif", "-o", "junit=./r.sarif"},
		{"-o", "sarif=r.sarif", "-o", "junit=" + filepath.Join(dir, "r.sarif")},
		{"-o", "json=-", "-o", "sarif=-"},
		{"--format", "json", "-o", "sarif=-"},
		{"--format", "text", "-o", "sarif=-"},
	} {
		var stdout, stderr bytes.Buffer
		code := run(append([]string{"--no-run", "--root", dir}, append(args, ".")...), &stdout, &stderr)
		if code != exitUsage || stdout.Len() != 0 || strings.Count(stderr.String(), "\n") != 1 {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want exit 2, one line on stderr only", args, code, stdout.String(), stderr.String())
		}
		if _, err := os.Stat("r.sarif"); err == nil {
			t.Errorf("%q: r.sarif was written", args)
		}
	}
}
