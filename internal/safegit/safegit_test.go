package safegit

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
)

// repo is a git repository whose configuration names, for every program
// git may run while it reads, a script that leaves a marker file named
// after it in markers.
type repo struct {
	t                *testing.T
	dir, markers     string
	clone            string // a partial clone of dir whose missing blobs would be fetched over ssh
	plainEnvironment []string
}

// git runs plain git (no protection) in dir, for the setup.
func (r *repo) git(dir string, args ...string) string {
	r.t.Helper()
	cmd := exec.Command("git", append([]string{"-c", "user.name=t", "-c", "user.email=t@example.com", "-c", "commit.gpgsign=false", "-c", "init.defaultBranch=main"}, args...)...)
	cmd.Dir = dir
	cmd.Env = r.plainEnvironment
	out, err := cmd.CombinedOutput()
	if err != nil {
		r.t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return string(out)
}

// marked lists the markers left, and removes them.
func (r *repo) marked() []string {
	r.t.Helper()
	entries, _ := os.ReadDir(r.markers)
	var out []string
	for _, e := range entries {
		out = append(out, e.Name())
		os.Remove(filepath.Join(r.markers, e.Name()))
	}
	return out
}

func newRepo(t *testing.T) *repo {
	if runtime.GOOS == "windows" {
		t.Skip("the marker programs are shell scripts")
	}
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not on PATH")
	}
	base := t.TempDir()
	r := &repo{t: t, dir: filepath.Join(base, "repo"), markers: filepath.Join(base, "markers"), clone: filepath.Join(base, "clone"),
		plainEnvironment: append(os.Environ(), "GIT_CONFIG_NOSYSTEM=1", "GIT_CONFIG_GLOBAL="+os.DevNull)}
	for _, d := range []string{r.dir, r.markers, filepath.Join(base, "hooks")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	mark := filepath.Join(base, "mark.sh")
	script := "#!/bin/sh\ntouch '" + r.markers + "'/\"${MARK:-$(basename \"$0\")}\"\nexit 0\n"
	if err := os.WriteFile(mark, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	program := func(name string) string { return "MARK=" + name + " " + mark }
	fsmonitor := filepath.Join(base, "fsmonitor") // run as a program, not through the shell
	if err := os.Symlink(mark, fsmonitor); err != nil {
		t.Fatal(err)
	}
	write := func(name, text string) {
		if err := os.WriteFile(filepath.Join(r.dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	r.git(r.dir, "init", "-q")
	write("a.txt", "one\n")
	write("b.bin", "one\n")
	write("c.txt", "one\n")
	write("p.txt", "one\n")
	write("q.dat", "one\n")
	r.git(r.dir, "add", ".")
	r.git(r.dir, "commit", "-q", "-m", "base")
	r.git(r.dir, "config", "uploadpack.allowFilter", "true")
	r.git(base, "clone", "-q", "--no-checkout", "--filter=blob:none", "file://"+r.dir, r.clone)

	// Changed in the working tree: git hashes them again.
	write("a.txt", "two\n")
	write("b.bin", "two\n")
	write("p.txt", "two\n")
	write("q.dat", "two\n")
	if err := os.Rename(filepath.Join(r.dir, "c.txt"), filepath.Join(r.dir, "d.txt")); err != nil {
		t.Fatal(err)
	}
	r.git(r.dir, "add", "-N", "d.txt")

	// The attacker's configuration and attributes, after the commit.
	for _, dir := range []string{r.dir, r.clone} {
		for _, kv := range [][2]string{
			{"core.fsmonitor", fsmonitor},
			{"filter.evil.clean", program("clean")},
			{"filter.evil.smudge", program("smudge")},
			{"filter.evil.required", "true"},
			{"filter.odd=name.process", program("process")},
			{"filter.odd=name.required", "true"},
			{"diff.conv.textconv", program("textconv")},
			{"diff.cmd.command", program("diff-command")},
			{"diff.external", program("diff-external")},
			{"core.pager", program("pager")},
			{"core.hooksPath", filepath.Join(base, "hooks")},
			{"credential.helper", program("credential")},
			{"core.sshCommand", program("ssh")},
			{"remote.origin.url", "ssh://example.invalid/repo"},
		} {
			r.git(dir, "config", kv[0], kv[1])
		}
	}
	write(".gitattributes", "a.txt filter=evil\nb.bin filter=odd=name\nc.txt diff=conv\nd.txt diff=conv\np.txt diff=cmd\n")
	for _, hook := range []string{"post-index-change", "reference-transaction", "post-checkout", "pre-auto-gc"} {
		if err := os.Symlink(mark, filepath.Join(base, "hooks", hook)); err != nil {
			t.Fatal(err)
		}
	}
	r.marked()
	return r
}

// reads are the git commands speccify-lint runs, or could: each is run
// plainly first (the programs it reaches leave their markers: the test
// is not vacuous), then through the package (none may).
var reads = []struct {
	name    string
	clone   bool // in the partial clone
	args    []string
	stdin   string
	reaches []string // the markers plain git leaves
}{
	{name: "rev-parse", args: []string{"rev-parse", "--verify", "--quiet", "HEAD^{commit}"}},
	{name: "diff with renames", args: []string{"diff", "--name-status", "-M", "-z", "HEAD", "--"}, reaches: []string{"clean", "fsmonitor", "process"}},
	{name: "diff names", args: []string{"diff", "--name-only", "--no-renames", "-z", "HEAD", "--"}, reaches: []string{"clean", "fsmonitor", "process"}},
	{name: "diff patch, driver command", args: []string{"diff", "HEAD", "--", "p.txt"}, reaches: []string{"diff-command", "fsmonitor"}},
	{name: "diff patch, diff.external", args: []string{"diff", "HEAD", "--", "q.dat"}, reaches: []string{"diff-external", "fsmonitor"}},
	{name: "diff patch, textconv", args: []string{"diff", "--no-ext-diff", "HEAD", "--", "c.txt", "d.txt"}, reaches: []string{"fsmonitor", "textconv"}},
	{name: "ls-files", args: []string{"ls-files", "--others", "--exclude-standard", "-z"}, reaches: []string{"fsmonitor"}},
	{name: "ls-files cached (fixture-untracked)", args: []string{"-c", "core.untrackedCache=false", "ls-files", "-z", "--cached"}, reaches: []string{"fsmonitor"}},
	{name: "check-ignore (fixture-untracked)", args: []string{"-c", "core.untrackedCache=false", "check-ignore", "-v", "--no-index", "-z", "--non-matching", "--stdin"}, stdin: "./a.txt\x00./d.txt\x00"},
	{name: "ls-tree", args: []string{"ls-tree", "-r", "-l", "-z", "--full-tree", "HEAD"}},
	{name: "cat-file", args: []string{"cat-file", "--batch"}, stdin: "HEAD:a.txt\n"},
	{name: "lazy fetch", clone: true, args: []string{"cat-file", "--batch"}, stdin: "HEAD:a.txt\n", reaches: []string{"ssh"}},
}

// TestNoConfiguredProgramRuns: with every program git may run set to leave
// a marker, no command run through the package leaves one.
func TestNoConfiguredProgramRuns(t *testing.T) {
	r := newRepo(t)
	for _, tc := range reads {
		t.Run(tc.name, func(t *testing.T) {
			dir := r.dir
			if tc.clone {
				dir = r.clone
			}
			plain := exec.Command("git", tc.args...)
			plain.Dir, plain.Env, plain.Stdin = dir, r.plainEnvironment, strings.NewReader(tc.stdin)
			plain.CombinedOutput()
			if got := r.marked(); !subset(tc.reaches, got) {
				t.Fatalf("plain git %s left markers %q, want at least %q: the setup does not reach them", tc.args, got, tc.reaches)
			}
			cmd, err := Command(dir, tc.args...)
			if err != nil {
				t.Fatal(err)
			}
			cmd.Env = append(cmd.Env, "GIT_CONFIG_NOSYSTEM=1", "GIT_CONFIG_GLOBAL="+os.DevNull)
			cmd.Stdin = strings.NewReader(tc.stdin)
			out, _ := cmd.CombinedOutput()
			if got := r.marked(); len(got) > 0 {
				t.Errorf("git %s through the package ran %q:\n%s", tc.args, got, out)
			}
		})
	}
}

// subset reports whether every one of want is in got.
func subset(want, got []string) bool {
	for _, w := range want {
		if !slices.Contains(got, w) {
			return false
		}
	}
	return true
}
