package discover

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/speccify/speccify-lint/internal/safegit"
)

// GitFiles is what git says of the files under the root, for the
// fixture-untracked rule: which files the index holds, asked once per run
// (one `git ls-files`), and which pattern ignores a file it does not
// hold, asked per tool that has such a file (one `git check-ignore`).
// The engine makes one per run; without it (a check of one text, the
// language server's) the rule says nothing. Every git command goes
// through runGitCapped. Its methods are safe for concurrent use.
type GitFiles struct {
	root string
	once sync.Once
	// top is the top level of the git work tree that holds the root;
	// empty when there is none, or git did not answer.
	top string
	// tracked are the files the index holds under the root, as
	// root-relative slash paths, sorted.
	tracked []string
}

// NewGitFiles is the git view of the root; it asks git nothing until a
// rule needs it.
func NewGitFiles(root string) *GitFiles { return &GitFiles{root: root} }

// Limits of what git is asked: how long a command may take, and how much
// `git ls-files` may print (the paths of a very large repository, past
// which the rule says nothing rather than hold them all).
const (
	gitTimeout   = 30 * time.Second
	gitMaxOutput = 128 << 20
)

// load lists the files the index holds under the root, once.
func (g *GitFiles) load() {
	g.once.Do(func() {
		top, ok := TopLevel(g.root)
		if !ok {
			return
		}
		// Run in the root, ls-files lists the files under it, relative
		// to it.
		out, err := runGitCapped(g.root, nil, "ls-files", "-z", "--cached")
		if err != nil {
			return
		}
		for name := range strings.SplitSeq(string(out), "\x00") {
			if name != "" {
				g.tracked = append(g.tracked, name)
			}
		}
		slices.Sort(g.tracked)
		g.top = top
	})
}

// Covers reports whether git answers for the tool folder dir: the root is
// in a git work tree whose index could be read, and dir is in that work
// tree, not in another one inside it (a submodule, a nested clone), whose
// files its index does not list.
func (g *GitFiles) Covers(dir string) bool {
	g.load()
	if g.top == "" {
		return false
	}
	top, ok := TopLevel(dir)
	return ok && top == g.top
}

// Top is the top level of the git work tree that holds the root, "" when
// there is none or git did not answer; valid after Covers.
func (g *GitFiles) Top() string { return g.top }

// Tracks reports whether the index holds the root-relative slash path rel:
// the file, or for a directory a file under it; valid after Covers.
func (g *GitFiles) Tracks(rel string) bool {
	i, found := slices.BinarySearch(g.tracked, rel)
	return found || i < len(g.tracked) && strings.HasPrefix(g.tracked[i], rel+"/")
}

// IgnoreSource is where git takes the pattern that ignores a path from.
type IgnoreSource struct {
	// File is the file of the pattern: relative to the root for a
	// .gitignore of the work tree and .git/info/exclude ("../.gitignore"
	// for one above the root), else as git names it (the file of
	// core.excludesFile).
	File string
	Line int
	// Pattern is the pattern, shown only when file is a .gitignore of the
	// work tree or .git/info/exclude: the file of core.excludesFile is any
	// file the repository's configuration names, so its lines are not
	// quoted into a report.
	Pattern string
}

// String is "file:line: pattern", or "file:line" when the pattern is not
// shown.
func (s IgnoreSource) String() string {
	place := s.File + ":" + strconv.Itoa(s.Line)
	if s.Pattern == "" {
		return place
	}
	return place + ": " + s.Pattern
}

// Ignored asks git which of the root-relative slash paths rels its ignore
// rules exclude, and by which pattern (`git check-ignore -v --no-index`,
// whatever the index holds); a path no pattern excludes is not in the
// result. It is nil when git did not answer.
func (g *GitFiles) Ignored(rels []string) map[string]IgnoreSource {
	// Each path after "./", so that none reads as pathspec magic (":(glob)"),
	// which check-ignore refuses.
	var stdin bytes.Buffer
	for _, rel := range rels {
		stdin.WriteString("./" + rel)
		stdin.WriteByte(0)
	}
	out, err := runGitCapped(g.root, stdin.Bytes(), "check-ignore", "-v", "--no-index", "-z", "--non-matching", "--stdin")
	// check-ignore exits 1 when no path is ignored.
	var exit *exec.ExitError
	if err != nil && !(errors.As(err, &exit) && exit.ExitCode() == 1) {
		return nil
	}
	// With -z and --non-matching, each path given is four fields, in
	// order: source, line, pattern, path; the first three empty when
	// nothing ignores it.
	fields := strings.Split(strings.TrimSuffix(string(out), "\x00"), "\x00")
	if len(fields) != 4*len(rels) {
		return nil
	}
	res := map[string]IgnoreSource{}
	for i, rel := range rels {
		source, line, pattern := fields[4*i], fields[4*i+1], fields[4*i+2]
		if n, err := strconv.Atoi(line); source != "" && err == nil && fields[4*i+3] == "./"+rel {
			res[rel] = g.source(source, n, pattern)
		}
	}
	return res
}

// source is the IgnoreSource of a pattern as check-ignore names it: its
// file relative to the top level of the work tree, or absolute.
func (g *GitFiles) source(file string, line int, pattern string) IgnoreSource {
	s := IgnoreSource{File: file, Line: line}
	local := file == ".git/info/exclude" ||
		path.Base(file) == ".gitignore" && filepath.IsLocal(filepath.FromSlash(file)) && !strings.HasPrefix(file, ".git/")
	if !local {
		return s
	}
	abs := filepath.Join(g.top, filepath.FromSlash(file))
	if info, err := os.Lstat(abs); err != nil || !info.Mode().IsRegular() {
		return s
	}
	if rel, err := filepath.Rel(g.root, abs); err == nil {
		s.File = filepath.ToSlash(rel) // "../.gitignore" above the root
	}
	s.Pattern = pattern
	return s
}

// runGitCapped runs git in dir with args, stdin on its standard input, and
// returns what it printed on stdout: the one place the rules' view of git
// (GitFiles) runs git. The repository is the pull request's, its .git/config
// included, so git runs through internal/safegit (no program the
// configuration names starts: core.fsmonitor, the one such setting the
// commands used here would read, filters, hooks, the pager; no optional
// locks taken), with nothing written back (core.untrackedCache); within
// gitTimeout, and with at most gitMaxOutput of output.
func runGitCapped(dir string, stdin []byte, args ...string) ([]byte, error) {
	ctx, cancel := context.WithTimeout(context.Background(), gitTimeout)
	defer cancel()
	cmd, err := safegit.CommandContext(ctx, dir, append([]string{"-c", "core.untrackedCache=false"}, args...)...)
	if err != nil {
		return nil, err
	}
	cmd.Stdin = bytes.NewReader(stdin)
	out := &cappedBuffer{max: gitMaxOutput, cancel: cancel}
	cmd.Stdout = out
	cmd.WaitDelay = time.Second
	err = cmd.Run()
	if out.over {
		return nil, errors.New("git printed more than " + strconv.Itoa(gitMaxOutput) + " bytes")
	}
	return out.Bytes(), err
}

// cappedBuffer is a buffer that takes at most max bytes; past them it
// cancels the command that writes to it.
type cappedBuffer struct {
	bytes.Buffer
	max    int
	over   bool
	cancel func()
}

func (b *cappedBuffer) Write(p []byte) (int, error) {
	if b.Len()+len(p) > b.max {
		b.over = true
		b.cancel()
		return 0, errors.New("too much output")
	}
	return b.Buffer.Write(p)
}
