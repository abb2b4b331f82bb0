package drift

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// gitRepo makes a git repository in a temporary directory with the files
// (slash path: content; content "-> target" makes a symbolic link), commits
// them and returns its directory.
func gitRepo(t *testing.T, files map[string]string) string {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	dir := t.TempDir()
	git(t, dir, "init", "-q")
	writeFiles(t, dir, files)
	git(t, dir, "add", "-A")
	git(t, dir, "commit", "-q", "-m", "first")
	return dir
}

func writeFiles(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, content := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if target, ok := strings.CutPrefix(content, "-> "); ok {
			if runtime.GOOS == "windows" {
				t.Skip("symbolic links")
			}
			if err := os.Symlink(target, p); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func git(t *testing.T, dir string, args ...string) string {
	t.Helper()
	cmd := exec.Command("git", append([]string{"-c", "user.name=t", "-c", "user.email=t@example.com", "-c", "commit.gpgsign=false"}, args...)...)
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("git %v: %v\n%s", args, err, out)
	}
	return string(out)
}

const refTool = `---
name: t
description: d
inputs:
  $ref: schema.json
outputs:
  type: object
---
`

func TestRevisionContract(t *testing.T) {
	dir := gitRepo(t, map[string]string{
		".agent/tools/t/TOOL.md":     refTool,
		".agent/tools/t/schema.json": `{"type": "object", "required": ["a"], "properties": {"a": {"enum": ["x", "slow"]}}}`,
		".agent/tools/t/linux.sh":    "echo",
		"other/file.txt":             "x",
	})
	r, err := Open(filepath.Join(dir, ".agent"), "--against", "HEAD")
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	if got := strings.Join(r.ToolDirs(), ","); got != "tools/t" {
		t.Errorf("ToolDirs = %q", got)
	}
	c, ok, err := r.Contract("tools/t", "tools/t/TOOL.md")
	if err != nil || !ok {
		t.Fatalf("Contract: %v %v", ok, err)
	}
	if c.Inputs == nil {
		t.Fatal("the $ref file was not read from the revision")
	}
	if got := strings.Join(c.Implementations, ","); got != "linux" {
		t.Errorf("Implementations = %q", got)
	}
	if _, ok, _ := r.Contract("tools/none", "x"); ok {
		t.Error("a folder the revision does not have has a contract")
	}
}

// TestRevisionHostile: what a pull request or a caller could put in the
// way of reading the old contract.
func TestRevisionHostile(t *testing.T) {
	big := "---\nname: t\n" + strings.Repeat("# padding\n", 120_000) + "---\n"
	dir := gitRepo(t, map[string]string{
		"tools/link/TOOL.md":        "-> ../../outside.md",
		"tools/big/TOOL.md":         big,
		"tools/out/TOOL.md":         strings.Replace(refTool, "schema.json", "../shared/schema.json", 1),
		"tools/shared/schema.json":  `{"type": "object"}`,
		"tools/lref/TOOL.md":        refTool,
		"tools/lref/schema.json":    "-> ../shared/schema.json",
		"tools/bigref/TOOL.md":      refTool,
		"tools/bigref/schema.json":  `{"type": "object", "description": "` + strings.Repeat("x", 1<<20) + `"}`,
		"outside.md":                refTool,
		"tools/shared/TOOL.md.keep": "",
	})
	for _, rev := range []string{"--output=x", "-h", "", "HEAD;rm -rf x", "$(touch pwned)", "HEAD~5"} {
		_, err := Open(dir, "--against", rev)
		if err == nil || !strings.Contains(err.Error(), "--against") {
			t.Errorf("Open(%q) = %v, want an error naming --against", rev, err)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "pwned")); err == nil {
		t.Error("a revision ran a shell command")
	}
	r, err := Open(dir, "--against", "HEAD")
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()

	c, ok, err := r.Contract("tools/link", "tools/link/TOOL.md")
	if err != nil || !ok || c.Spec.FileErr == nil || !strings.Contains(c.Spec.FileErr.Msg, "symbolic link") {
		t.Errorf("a TOOL.md that is a link at the revision: %+v %v %v", c, ok, err)
	}
	c, ok, err = r.Contract("tools/big", "tools/big/TOOL.md")
	if err != nil || !ok || c.Spec.FileErr == nil || !strings.Contains(c.Spec.FileErr.Msg, "larger than") {
		t.Errorf("a huge TOOL.md: %+v %v %v", c, ok, err)
	}
	for _, tool := range []string{"out", "lref", "bigref"} {
		c, ok, err = r.Contract("tools/"+tool, "tools/"+tool+"/TOOL.md")
		if err != nil || !ok || c.Inputs != nil {
			t.Errorf("%s: a $ref the revision must not follow was followed: %+v %v", tool, c.Inputs, err)
		}
	}
	if _, err := r.ReadFile("../outside.md", 100); err == nil {
		t.Error("ReadFile read outside the root")
	}
}

func TestRevisionUnderSubdirectory(t *testing.T) {
	dir := gitRepo(t, map[string]string{"a/tools/t/TOOL.md": refTool, "b/tools/u/TOOL.md": refTool})
	r, err := Open(filepath.Join(dir, "a"), "--against", "HEAD")
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	if got := strings.Join(r.ToolDirs(), ","); got != "tools/t" {
		t.Errorf("ToolDirs = %q, want only the root's", got)
	}
}

// FuzzParseTreeLine: any record of git ls-tree reads without a panic, and
// a record it takes has a blob's fields.
func FuzzParseTreeLine(f *testing.F) {
	f.Add("100644 blob 0123456789abcdef0123456789abcdef01234567\ttools/t/TOOL.md")
	f.Add("120000 blob 0123\tlink")
	f.Add("160000 commit 0123 -\tsub")
	f.Add("\t")
	f.Fuzz(func(t *testing.T, rec string) {
		e, name, ok := parseTreeLine(rec)
		if ok && (name == "" || !isObjectName(e.oid)) {
			t.Errorf("parseTreeLine(%q) = %+v %q", rec, e, name)
		}
	})
}
