package runner

import (
	"context"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/speccify/speccify-lint/internal/testtree"
)

// toolFolder writes a tool folder with the given files (slash paths to
// texts; a name ending in .sh is executable) and returns its path.
func toolFolder(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, text := range files {
		mode := os.FileMode(0o644)
		if strings.HasSuffix(name, ".sh") {
			mode = 0o755
		}
		testtree.WriteMode(t, dir, mode, map[string]string{name: text})
	}
	return dir
}

// openWorkspace opens a workspace of dir with opt, closed at the end of
// the test.
func openWorkspace(t *testing.T, dir string, opt Options) *Workspace {
	t.Helper()
	root, err := os.OpenRoot(dir)
	if err != nil {
		t.Fatal(err)
	}
	if opt.Repository == "" {
		opt.Repository = dir
	}
	w, err := Open(root, dir, opt)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(w.Close)
	return w
}

// runScript runs the folder's linux.sh with sh in w.
func runScript(t *testing.T, w *Workspace, dir, stdin string) (Outcome, []Change) {
	t.Helper()
	sh, err := lookSh()
	if err != nil {
		t.Skip(err)
	}
	o, changes := w.Run(context.Background(), Request{Argv: []string{sh, filepath.Join(dir, "linux.sh")}, Stdin: []byte(stdin), Timeout: 20 * time.Second})
	if o.StartErr != nil {
		t.Fatalf("the run did not start: %v", o.StartErr)
	}
	return o, changes
}

func lookSh() (string, error) {
	if runtime.GOOS == "windows" {
		return "", os.ErrNotExist
	}
	for _, p := range []string{"/bin/sh", "/usr/bin/sh"} {
		if _, err := os.Stat(p); err == nil {
			return p, nil
		}
	}
	return "", os.ErrNotExist
}

// listing is every path under dir (slash paths, sorted) with its content
// for a file.
func listing(t *testing.T, dir string) []string {
	t.Helper()
	var out []string
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || p == dir {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		entry := filepath.ToSlash(rel)
		if d.Type().IsRegular() {
			b, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			entry += "=" + string(b)
		}
		out = append(out, entry)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(out)
	return out
}

// TestCopyKeepsTheFolder: a run that creates, changes and deletes files in
// its working directory changes the copy, not the tool folder; the changes
// are reported; the next run finds the copy as the folder is.
func TestCopyKeepsTheFolder(t *testing.T) {
	dir := toolFolder(t, map[string]string{
		"TOOL.md":        "contract",
		"fixtures/a.txt": "a",
		"fixtures/b.txt": "b",
		"linux.sh": "cat fixtures/a.txt fixtures/b.txt 2>&1; echo\n" +
			"echo new > made.txt; echo changed > fixtures/a.txt; rm fixtures/b.txt; mkdir -p cache/deep && echo x > cache/deep/y\n",
	})
	before := listing(t, dir)
	w := openWorkspace(t, dir, Options{Placement: Copy, Sandbox: SandboxOff})
	for i := range 2 {
		o, changes := runScript(t, w, dir, "")
		if got := strings.TrimSpace(string(o.Stdout)); got != "ab" {
			t.Errorf("run %d read %q; want the fixtures as they ship (ab)", i, got)
		}
		want := []string{"cache (created)", "cache/deep (created)", "cache/deep/y (created)", "fixtures/a.txt (changed)", "fixtures/b.txt (deleted)", "made.txt (created)"}
		if got := ChangeTexts(changes); !slices.Equal(got, want) {
			t.Errorf("run %d changes = %q, want %q", i, got, want)
		}
	}
	if after := listing(t, dir); !slices.Equal(after, before) {
		t.Errorf("the tool folder changed:\nbefore %q\nafter  %q", before, after)
	}
}

// TestCopyLeavesTheUsersWork: a file the user saves in the tool folder
// while a run goes on survives it, and the run does not see it; the file
// the run writes never appears in the user's folder.
func TestCopyLeavesTheUsersWork(t *testing.T) {
	dir := toolFolder(t, map[string]string{
		"TOOL.md":  "contract",
		"linux.sh": "echo mine > scratch.txt; while [ ! -e go ]; do sleep 0.01; done; ls\n",
	})
	w := openWorkspace(t, dir, Options{Placement: Copy, Sandbox: SandboxOff})
	done := make(chan Outcome)
	go func() {
		o, _ := runScript(t, w, dir, "")
		done <- o
	}()
	// The run waits for a file named go in its working directory, which
	// the user's folder does not give it: it times out unless the copy is
	// where it works. Give it one in the copy, and save the user's file.
	deadline := time.Now().Add(10 * time.Second)
	for {
		if _, err := os.Stat(filepath.Join(w.dir, "scratch.txt")); err == nil {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the run did not start in the copy")
		}
		time.Sleep(5 * time.Millisecond)
	}
	if _, err := os.Stat(filepath.Join(dir, "scratch.txt")); err == nil {
		t.Error("the user's folder holds the file the run writes, while it runs")
	}
	if err := os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("user"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(w.dir, "go"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	o := <-done
	if strings.Contains(string(o.Stdout), "notes.txt") {
		t.Errorf("the run saw the user's new file: %s", o.Stdout)
	}
	if b, err := os.ReadFile(filepath.Join(dir, "notes.txt")); err != nil || string(b) != "user" {
		t.Errorf("the user's file after the run: %q, %v", b, err)
	}
	if _, err := os.Stat(filepath.Join(dir, "scratch.txt")); err == nil {
		t.Error("the user's folder holds the file the run wrote")
	}
}

// TestCopyRestoresAfterChmod: a run that takes every right away from a
// directory of its copy, and replaces a file by a link leaving the folder,
// does not keep the next run from finding the copy as the folder is.
func TestCopyRestoresAfterChmod(t *testing.T) {
	outside := filepath.Join(t.TempDir(), "outside.txt")
	if err := os.WriteFile(outside, []byte("keep"), 0o644); err != nil {
		t.Fatal(err)
	}
	dir := toolFolder(t, map[string]string{
		"TOOL.md":        "contract",
		"fixtures/a.txt": "a",
		"linux.sh":       "cat fixtures/a.txt; rm fixtures/a.txt; ln -s " + outside + " fixtures/a.txt; mkdir locked; chmod 000 locked fixtures\n",
	})
	w := openWorkspace(t, dir, Options{Placement: Copy, Sandbox: SandboxOff})
	for i := range 2 {
		o, _ := runScript(t, w, dir, "")
		if got := string(o.Stdout); got != "a" {
			t.Errorf("run %d printed %q; want a", i, got)
		}
	}
	if b, err := os.ReadFile(outside); err != nil || string(b) != "keep" {
		t.Errorf("the file outside: %q, %v", b, err)
	}
}

// TestInPlaceRemovesNothing: a run in place writes in the tool folder
// itself, and what it wrote stays; the changes are reported.
func TestInPlaceRemovesNothing(t *testing.T) {
	dir := toolFolder(t, map[string]string{"TOOL.md": "contract", "linux.sh": "echo out > result.txt\n"})
	w := openWorkspace(t, dir, Options{Placement: InPlace, Sandbox: SandboxOff})
	_, changes := runScript(t, w, dir, "")
	if got := ChangeTexts(changes); !slices.Equal(got, []string{"result.txt (created)"}) {
		t.Errorf("changes = %q", got)
	}
	if b, err := os.ReadFile(filepath.Join(dir, "result.txt")); err != nil || string(b) != "out\n" {
		t.Errorf("result.txt = %q, %v; want what the run wrote, kept", b, err)
	}
}

// TestInPlaceOverlaps: runs in place may overlap, and each keeps its own
// files (nothing is removed behind another run's back).
func TestInPlaceOverlaps(t *testing.T) {
	dir := toolFolder(t, map[string]string{"TOOL.md": "contract",
		"linux.sh": "read n; echo $n > scratch-$n; sleep 0.3; cat scratch-$n\n"})
	w := openWorkspace(t, dir, Options{Placement: InPlace, Sandbox: SandboxOff})
	outs := make(chan string, 4)
	for n := range 4 {
		go func() {
			o, _ := runScript(t, w, dir, strings.Repeat("", 0)+string(rune('0'+n))+"\n")
			outs <- strings.TrimSpace(string(o.Stdout))
		}()
	}
	var got []string
	for range 4 {
		got = append(got, <-outs)
	}
	slices.Sort(got)
	if want := []string{"0", "1", "2", "3"}; !slices.Equal(got, want) {
		t.Errorf("the runs read %q, want each its own file %q", got, want)
	}
}

// TestTempPrivate: each run finds an empty temporary directory in TMPDIR,
// TMP and TEMP, which nothing outlives: in a copy (whose runs take turns)
// the one directory, emptied after each run; in place (where runs
// overlap) a directory of its own, removed after it.
func TestTempPrivate(t *testing.T) {
	dir := toolFolder(t, map[string]string{"TOOL.md": "contract",
		"linux.sh": "ls -A \"$TMPDIR\"; echo x > \"$TMPDIR/left\"; mkdir \"$TMPDIR/d\"; chmod 000 \"$TMPDIR/d\"; echo \"$TMPDIR $TMP $TEMP\"\n"})
	for _, placement := range []Placement{Copy, InPlace} {
		w := openWorkspace(t, dir, Options{Placement: placement, Sandbox: SandboxOff})
		var dirs []string
		for range 3 {
			o, _ := runScript(t, w, dir, "")
			lines := strings.Split(strings.TrimSpace(string(o.Stdout)), "\n")
			if len(lines) != 1 {
				t.Fatalf("placement %d: the run found its temporary directory not empty: %q", placement, o.Stdout)
			}
			f := strings.Fields(lines[0])
			if len(f) != 3 || f[0] != f[1] || f[1] != f[2] {
				t.Fatalf("TMPDIR TMP TEMP = %q", lines[0])
			}
			dirs = append(dirs, f[0])
			entries, err := os.ReadDir(f[0])
			switch {
			case placement == InPlace && err == nil:
				t.Errorf("%s is left after the run in place", f[0])
			case placement == Copy && len(entries) > 0:
				t.Errorf("%s holds %d entries after the run", f[0], len(entries))
			}
		}
		if placement == InPlace && (dirs[0] == dirs[1] || dirs[1] == dirs[2]) {
			t.Errorf("two runs in place shared a temporary directory: %q", dirs)
		}
	}
}

// TestEnvFiltered: a run gets PATH and HOME, not a CI token; --pass-env
// names more.
func TestEnvFiltered(t *testing.T) {
	t.Setenv("GITHUB_TOKEN", "ghs_secret")
	t.Setenv("AWS_SECRET_ACCESS_KEY", "aws_secret")
	t.Setenv("MY_SETTING", "wanted")
	t.Setenv("MY_OTHER", "wanted too")
	dir := toolFolder(t, map[string]string{"TOOL.md": "contract", "linux.sh": "env\n"})
	for _, tc := range []struct {
		pass       []string
		want, deny []string
	}{
		{nil, []string{"PATH=", "HOME="}, []string{"ghs_secret", "aws_secret", "MY_SETTING"}},
		{[]string{"MY_SETTING"}, []string{"MY_SETTING=wanted"}, []string{"ghs_secret", "MY_OTHER"}},
		{[]string{"MY_*"}, []string{"MY_SETTING=wanted", "MY_OTHER=wanted too"}, []string{"ghs_secret", "aws_secret"}},
	} {
		w := openWorkspace(t, dir, Options{Placement: Copy, Sandbox: SandboxOff, PassEnv: tc.pass})
		o, _ := runScript(t, w, dir, "")
		env := string(o.Stdout)
		for _, s := range tc.want {
			if !strings.Contains(env, s) {
				t.Errorf("pass %q: the run's environment lacks %s:\n%s", tc.pass, s, env)
			}
		}
		for _, s := range tc.deny {
			if strings.Contains(env, s) {
				t.Errorf("pass %q: the run's environment holds %s", tc.pass, s)
			}
		}
	}
}

// TestLocalized: what a run prints names the tool folder, not the copy.
func TestLocalized(t *testing.T) {
	dir := toolFolder(t, map[string]string{"TOOL.md": "contract", "linux.sh": "pwd; pwd >&2\n"})
	w := openWorkspace(t, dir, Options{Placement: Copy, Sandbox: SandboxOff})
	o, _ := runScript(t, w, dir, "")
	real, err := filepath.EvalSymlinks(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, out := range []string{string(o.Stdout), string(o.Stderr)} {
		if got := strings.TrimSpace(out); got != dir && got != real {
			t.Errorf("pwd printed %q, want the tool folder %s", got, dir)
		}
	}
}

// TestCloseWaitsForRuns: Close while a run is under way removes the
// workspace only after it ended; a run after Close does not start.
func TestCloseWaitsForRuns(t *testing.T) {
	dir := toolFolder(t, map[string]string{"TOOL.md": "contract", "linux.sh": "sleep 0.3; echo done\n"})
	root, err := os.OpenRoot(dir)
	if err != nil {
		t.Fatal(err)
	}
	w, err := Open(root, dir, Options{Placement: InPlace, Sandbox: SandboxOff, Repository: dir})
	if err != nil {
		t.Fatal(err)
	}
	base := w.base
	done := make(chan Outcome)
	go func() {
		o, _ := runScript(t, w, dir, "")
		done <- o
	}()
	time.Sleep(100 * time.Millisecond)
	w.Close()
	if o := <-done; strings.TrimSpace(string(o.Stdout)) != "done" {
		t.Errorf("the run under way at Close printed %q, %v", o.Stdout, o.StartErr)
	}
	if _, err := os.Stat(base); err == nil {
		t.Errorf("the workspace's directory %s is left after Close", base)
	}
	if o, _ := w.Run(context.Background(), Request{Argv: []string{"true"}}); o.StartErr == nil {
		t.Error("a run after Close started")
	}
}

// TestCopyIsFaithful: the copy has the folder's files with their modes and
// modification times, the links that stay inside the folder, another
// tool's folder only as an empty directory, and no link that leaves the
// folder (absolute or by ..), nor a named pipe.
func TestCopyIsFaithful(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("symbolic links and named pipes")
	}
	outside := filepath.Join(t.TempDir(), "secret.txt")
	if err := os.WriteFile(outside, []byte("secret"), 0o600); err != nil {
		t.Fatal(err)
	}
	dir := toolFolder(t, map[string]string{"TOOL.md": "contract", "run.sh": "echo\n", "fixtures/a.txt": "a",
		"fixtures/inner/TOOL.md": "another tool", "fixtures/inner/x.txt": "x"})
	past := time.Date(2020, 1, 2, 3, 4, 5, 0, time.UTC)
	if err := os.Chtimes(filepath.Join(dir, "fixtures", "a.txt"), past, past); err != nil {
		t.Fatal(err)
	}
	for name, target := range map[string]string{"in.txt": "fixtures/a.txt", "abs.txt": outside, "up.txt": "../" + filepath.Base(dir) + "/fixtures/a.txt"} {
		if err := os.Symlink(target, filepath.Join(dir, name)); err != nil {
			t.Fatal(err)
		}
	}
	if err := syscallMkfifo(filepath.Join(dir, "pipe")); err != nil {
		t.Skip(err)
	}
	w := openWorkspace(t, dir, Options{Placement: Copy, Sandbox: SandboxOff})
	got := listing(t, w.dir)
	want := []string{"TOOL.md=contract", "fixtures", "fixtures/a.txt=a", "fixtures/inner", "in.txt", "run.sh=echo\n"}
	if !slices.Equal(got, want) {
		t.Errorf("the copy holds %q, want %q", got, want)
	}
	info, err := os.Stat(filepath.Join(w.dir, "fixtures", "a.txt"))
	if err != nil || !info.ModTime().Equal(past) {
		t.Errorf("the copy's fixtures/a.txt: %v, %v; want modified at %v", info.ModTime(), err, past)
	}
	if info, err := os.Stat(filepath.Join(w.dir, "run.sh")); err != nil || info.Mode().Perm() != 0o755 {
		t.Errorf("the copy's run.sh: %v, %v; want mode 0755", info.Mode(), err)
	}
	if target, err := os.Readlink(filepath.Join(w.dir, "in.txt")); err != nil || target != "fixtures/a.txt" {
		t.Errorf("the copy's in.txt links to %q, %v", target, err)
	}
}

// TestEnvIsTheRuns: Env is the environment a run gets, but its temporary
// directory and the run marker (what the result cache keys runs by).
func TestEnvIsTheRuns(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the script prints the environment with env(1)")
	}
	t.Setenv("MY_SETTING", "wanted")
	t.Setenv("GITHUB_TOKEN", "ghs_secret")
	dir := toolFolder(t, map[string]string{"TOOL.md": "contract", "linux.sh": "env\n"})
	pass := []string{"MY_*"}
	w := openWorkspace(t, dir, Options{Placement: Copy, Sandbox: SandboxOff, PassEnv: pass})
	o, _ := runScript(t, w, dir, "")
	var got []string
	for _, kv := range strings.Split(strings.TrimSpace(string(o.Stdout)), "\n") {
		name, _, _ := strings.Cut(kv, "=")
		if !slices.Contains(TempEnv, name) && name != runEnv && name != "PWD" && name != "SHLVL" && name != "_" {
			got = append(got, kv)
		}
	}
	slices.Sort(got)
	if want := Env(pass); !slices.Equal(got, want) {
		t.Errorf("the run's environment:\n%q\nEnv:\n%q", got, want)
	}
}
