package discover

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/speccify/speccify-lint/internal/safegit"
)

// ChangedFolders returns the folders (tool or skill folders, as Discover
// found them) that hold a file changed between the git revision rev and the
// working tree of the repository at root (ChangesSince, for
// --changed-since). A changed file belongs to the deepest folder that
// contains it. The result keeps the order of folders. A folder that was
// deleted is not in folders to begin with, so it is never returned.
func ChangedFolders(root, rev string, folders []string) ([]string, error) {
	ch, err := ChangesSince(root, "--changed-since", rev, false)
	if err != nil {
		return nil, err
	}
	return ch.Folders(folders), nil
}

// Changes are the files changed between a git revision and the working
// tree.
type Changes struct {
	// Files are the changed files, absolute (with symbolic links resolved,
	// as git reports them): what `git diff --name-status rev` lists (staged
	// or not, deleted files and both sides of a rename included) plus the
	// untracked files that are not ignored (`git ls-files --others
	// --exclude-standard`).
	Files []string
	// Renames are the files of the revision git's rename detection (-M,
	// its default similarity, among the files it tracks) pairs with a file
	// of the working tree; with renames asked for only.
	Renames []Rename
}

// Rename is a file of the revision (From) that is a file of the working
// tree (To) now, both absolute.
type Rename struct{ From, To string }

// ChangesSince lists the files changed between the git revision rev and the
// working tree of the repository at root, with git's rename detection when
// renames is set. flag names the option (or command) in messages.
func ChangesSince(root, flag, rev string, renames bool) (*Changes, error) {
	if err := CheckRevision(flag, rev); err != nil {
		return nil, err
	}
	// With symbolic links resolved, as git finds (and prints) its top level.
	top, ok := TopLevel(resolvedAbs(root))
	if !ok {
		return nil, fmt.Errorf("%s: %s is not in a git work tree: no .git in it or above it", flag, root)
	}
	if _, err := ResolveRevision(top, root, flag, rev); err != nil {
		return nil, err
	}
	detect := "--no-renames"
	if renames {
		detect = "--find-renames"
	}
	diff, err := runGit(top, "-c", "core.quotePath=false", "diff", "--name-status", detect, "-z", rev, "--")
	if err != nil {
		return nil, fmt.Errorf("%s: git diff: %w", flag, err)
	}
	untracked, err := runGit(top, "ls-files", "--others", "--exclude-standard", "-z")
	if err != nil {
		return nil, fmt.Errorf("%s: git ls-files: %w", flag, err)
	}
	abs := func(name string) string { return filepath.Join(top, filepath.FromSlash(name)) }
	ch := &Changes{}
	// --name-status -z: a status, then its path, or two for a rename or
	// copy (R100, C75: the old path, then the new one).
	fields := strings.Split(diff, "\x00")
	for i := 0; i < len(fields); i++ {
		status := fields[i]
		if status == "" || i+1 >= len(fields) {
			continue
		}
		if (status[0] == 'R' || status[0] == 'C') && i+2 < len(fields) {
			from, to := fields[i+1], fields[i+2]
			i += 2
			if status[0] == 'R' {
				ch.Files = append(ch.Files, abs(from))
				ch.Renames = append(ch.Renames, Rename{From: abs(from), To: abs(to)})
			}
			ch.Files = append(ch.Files, abs(to))
			continue
		}
		i++
		ch.Files = append(ch.Files, abs(fields[i]))
	}
	for name := range strings.SplitSeq(untracked, "\x00") {
		if name != "" {
			ch.Files = append(ch.Files, abs(name))
		}
	}
	return ch, nil
}

// Folders are the folders of folders (as Discover found them) that hold
// one of the changed files, in their order; a file counts for the deepest
// folder that holds it.
func (ch *Changes) Folders(folders []string) []string { return foldersOf(ch.Files, folders) }

// CheckRevision refuses a revision given to the option flag that git could
// take for something else: empty, or an option (it starts with "-"). It is
// never given to a shell, so a shell word ("HEAD;rm") is only a revision
// that does not exist.
func CheckRevision(flag, rev string) error {
	if rev == "" || strings.HasPrefix(rev, "-") {
		return fmt.Errorf("%s %q: want a git revision such as origin/main or a commit hash", flag, rev)
	}
	return nil
}

// ResolveRevision returns the commit hash the revision rev (checked by
// CheckRevision) names in the git work tree whose top level is top (root is
// the directory named for messages), or an error that names flag and says
// why: an unknown revision, or git that did not run.
func ResolveRevision(top, root, flag, rev string) (string, error) {
	if err := CheckRevision(flag, rev); err != nil {
		return "", err
	}
	out, err := runGit(top, "rev-parse", "--verify", "--quiet", rev+"^{commit}")
	if err != nil {
		var exit *exec.ExitError
		if !errors.As(err, &exit) {
			// git said why (dubious ownership, say) or did not run at all;
			// --quiet leaves an unknown revision unexplained.
			return "", fmt.Errorf("%s: %s is not in a git work tree: %w", flag, root, err)
		}
		return "", fmt.Errorf("%s: unknown revision %q (in a shallow clone, fetch it first, e.g. actions/checkout with fetch-depth: 0)", flag, rev)
	}
	return strings.TrimSpace(out), nil
}

// ResolvedAbs is p made absolute with symbolic links resolved, as git
// prints its top level.
func ResolvedAbs(p string) string { return resolvedAbs(p) }

// TopLevel returns the top level of the git work tree that holds dir: the
// nearest directory at or above dir (made absolute) with a .git entry, a
// directory or the file of a linked work tree or submodule.
func TopLevel(dir string) (string, bool) {
	for d := absPath(dir); ; d = filepath.Dir(d) {
		if _, err := os.Stat(filepath.Join(d, ".git")); err == nil {
			return d, true
		}
		if filepath.Dir(d) == d {
			return "", false
		}
	}
}

// foldersOf returns the folders that hold one of the files (absolute, with
// symbolic links resolved as git reports them), each file counted for the
// deepest folder that holds it.
func foldersOf(files, folders []string) []string {
	index := make(map[string]int, len(folders))
	for i, f := range folders {
		index[resolvedAbs(f)] = i
	}
	hit := make([]bool, len(folders))
	for _, file := range files {
		// The deepest folder that holds the file: its nearest ancestor
		// that is one.
		for d := filepath.Dir(file); ; d = filepath.Dir(d) {
			if i, ok := index[d]; ok {
				hit[i] = true
				break
			}
			if filepath.Dir(d) == d {
				break
			}
		}
	}
	var out []string
	for i, f := range folders {
		if hit[i] {
			out = append(out, f)
		}
	}
	return out
}

// resolvedAbs is p made absolute with symbolic links resolved, as git prints
// its top level (e.g. /private/var/... on macOS for /var/...).
func resolvedAbs(p string) string {
	abs, err := filepath.Abs(p)
	if err != nil {
		return p
	}
	if r, err := filepath.EvalSymlinks(abs); err == nil {
		return r
	}
	return abs
}

// runGit runs git in dir through safegit (no program the repository's
// configuration names runs) and returns its standard output; a failure
// carries git's first line of standard error.
func runGit(dir string, args ...string) (string, error) {
	out, err := safegit.Output(dir, args...)
	return string(out), err
}
