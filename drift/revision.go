package drift

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/speccify/speccify-lint/contract"
	"github.com/speccify/speccify-lint/discover"
	"github.com/speccify/speccify-lint/internal/safegit"
)

// Revision is the tree of a git commit, read through git without a
// checkout: `git ls-tree` lists it once, `git cat-file --batch-check`
// gives the size of a blob asked for and `git cat-file --batch` reads it
// raw (no filter, no textconv) when it is within the limit; all through
// safegit, so that no program the repository's configuration names runs,
// and a partial clone fetches nothing (a blob it lacks is not read). The
// revision is given to git only after
// discover.ResolveRevision has turned it into a commit hash, and never
// through a shell. It is safe for concurrent use.
type Revision struct {
	// Rev is the revision as given; Commit the commit hash it names.
	Rev, Commit string
	// top is the git top level (symbolic links resolved); prefix the root's
	// slash path under it ("" for the top itself); root the root as given,
	// made absolute, for the addresses of the old schemas.
	top, prefix, root string
	// tree is git ls-tree's output and recs its blob records under prefix,
	// sorted by path relative to the root: no pointers in either, so that
	// the garbage collector does not scan a large tree on every cycle of a
	// long lint.
	tree []byte
	recs []record

	mu           sync.Mutex
	check, batch *catFile
}

// entry is one file of the tree.
type entry struct {
	mode string // "100644", "100755", "120000" (a symbolic link), ...
	oid  string
}

// symlinkMode is git's mode of a symbolic link.
const symlinkMode = "120000"

// Open resolves rev in the git work tree that holds root and lists the
// files under root in its tree. flag names the option for messages
// ("--against"). An unknown revision, a revision git could take for an
// option, and a root outside a git work tree are errors that say so.
func Open(root, flag, rev string) (*Revision, error) {
	if err := discover.CheckRevision(flag, rev); err != nil {
		return nil, err
	}
	absRoot := discover.ResolvedAbs(root)
	top, ok := discover.TopLevel(absRoot)
	if !ok {
		return nil, fmt.Errorf("%s: %s is not in a git work tree: no .git in it or above it", flag, root)
	}
	commit, err := discover.ResolveRevision(top, root, flag, rev)
	if err != nil {
		return nil, err
	}
	if !isObjectName(commit) {
		return nil, fmt.Errorf("%s: git rev-parse gave %q for %q, not a commit hash", flag, commit, rev)
	}
	rel, err := filepath.Rel(top, absRoot)
	if err != nil || !filepath.IsLocal(rel) && rel != "." {
		return nil, fmt.Errorf("%s: %s is not under the git top level %s", flag, root, top)
	}
	prefix := filepath.ToSlash(rel)
	if prefix == "." {
		prefix = ""
	}
	abs, err := filepath.Abs(root)
	if err != nil {
		abs = absRoot
	}
	r := &Revision{Rev: rev, Commit: commit, top: top, prefix: prefix, root: abs}
	if err := r.list(); err != nil {
		return nil, fmt.Errorf("%s: git ls-tree %s: %w", flag, rev, err)
	}
	return r, nil
}

// record is one blob of the tree: its path (relative to the root) and its
// ls-tree line's metadata, as offsets into Revision.tree.
type record struct {
	meta, path, end uint32
}

// isObjectName reports whether s is a git object name: 40 (SHA-1) or 64
// (SHA-256) lowercase hexadecimal digits, what every later git command is
// given instead of the revision as typed.
func isObjectName(s string) bool {
	if len(s) != 40 && len(s) != 64 {
		return false
	}
	for _, c := range s {
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f') {
			return false
		}
	}
	return true
}

// list reads the tree's files under the root (`git ls-tree -r -z`, the
// whole tree, filtered here so that no path of ours becomes a pathspec).
// It asks for no sizes (-l): a partial clone would fetch every blob for
// them.
func (r *Revision) list() error {
	out, err := safegit.Output(r.top, "ls-tree", "-r", "-z", "--full-tree", r.Commit)
	if err != nil {
		return err
	}
	if len(out) >= 1<<32-1 {
		return errors.New("the tree is too large")
	}
	r.tree = out
	prefix := []byte(r.prefix + "/")
	for start := 0; start < len(out); {
		end := bytes.IndexByte(out[start:], 0)
		if end < 0 {
			end = len(out)
		} else {
			end += start
		}
		tab := bytes.IndexByte(out[start:end], '\t')
		if tab >= 0 {
			path := start + tab + 1
			if r.prefix == "" || bytes.HasPrefix(out[path:end], prefix) {
				if r.prefix != "" {
					path += len(prefix)
				}
				if _, _, ok := parseTreeLine(string(out[start:end])); ok {
					r.recs = append(r.recs, record{meta: uint32(start), path: uint32(path), end: uint32(end)})
				}
			}
		}
		start = end + 1
	}
	slices.SortFunc(r.recs, func(a, b record) int { return bytes.Compare(r.pathOf(a), r.pathOf(b)) })
	return nil
}

// pathOf is the path of a record, relative to the root.
func (r *Revision) pathOf(rec record) []byte { return r.tree[rec.path:rec.end] }

// lookup finds the record of the slash path name.
func (r *Revision) lookup(name string) (entry, bool) {
	i, ok := slices.BinarySearchFunc(r.recs, []byte(name), func(rec record, n []byte) int { return bytes.Compare(r.pathOf(rec), n) })
	if !ok {
		return entry{}, false
	}
	e, _, ok := parseTreeLine(string(r.tree[r.recs[i].meta:r.recs[i].end]))
	return e, ok
}

// parseTreeLine reads one record of `git ls-tree -z`:
// "<mode> SP <type> SP <object> TAB <path>". Only blobs count (a
// submodule's commit is not a file of the tree).
func parseTreeLine(rec string) (entry, string, bool) {
	meta, name, ok := strings.Cut(rec, "\t")
	if !ok || name == "" {
		return entry{}, "", false
	}
	f := strings.Fields(meta)
	if len(f) != 3 || f[1] != "blob" || !isObjectName(f[2]) {
		return entry{}, "", false
	}
	return entry{mode: f[0], oid: f[2]}, name, true
}

// ToolDirs are the tool folders of the tree: the slash paths, relative to
// the root, of the directories holding a TOOL.md, sorted. Directories a
// walk skips (.git, node_modules, vendor, testdata) are left out, as
// discover leaves them out of the working tree.
func (r *Revision) ToolDirs() []string {
	var out []string
	for _, rec := range r.recs {
		name := string(r.pathOf(rec))
		if path.Base(name) != "TOOL.md" {
			continue
		}
		dir := path.Dir(name)
		if skipped(dir) {
			continue
		}
		out = append(out, dir)
	}
	slices.Sort(out)
	return out
}

// skipped reports whether a slash path lies under a directory the walk
// does not enter.
func skipped(dir string) bool {
	for elem := range strings.SplitSeq(dir, "/") {
		switch elem {
		case ".git", "node_modules", "vendor", "testdata":
			return true
		}
	}
	return false
}

// Has reports whether the tree has a file at the slash path name relative
// to the root.
func (r *Revision) Has(name string) bool {
	_, ok := r.lookup(name)
	return ok
}

// Files lists the files of the tree under the slash directory dir
// (relative to the root; "." for the root), as slash paths relative to
// dir, sorted.
func (r *Revision) Files(dir string) []string {
	prefix := []byte(dir + "/")
	if dir == "." {
		prefix = nil
	}
	i, _ := slices.BinarySearchFunc(r.recs, prefix, func(rec record, p []byte) int { return bytes.Compare(r.pathOf(rec), p) })
	var out []string
	for ; i < len(r.recs) && bytes.HasPrefix(r.pathOf(r.recs[i]), prefix); i++ {
		out = append(out, string(r.pathOf(r.recs[i])[len(prefix):]))
	}
	return out
}

// ReadFile reads the file at the slash path name (relative to the root)
// as the tree holds it, raw, at most limit bytes: a
// *contract.FolderFileError when it is not there, is a symbolic link
// (never followed: its target could lie anywhere), is larger than limit or
// is missing from a partial clone (never fetched: the fetch would run the
// remote's programs).
func (r *Revision) ReadFile(name string, limit int64) ([]byte, error) {
	if !filepath.IsLocal(filepath.FromSlash(name)) {
		return nil, &contract.FolderFileError{Why: "is outside the tool folder and is not read"}
	}
	e, ok := r.lookup(name)
	switch {
	case !ok:
		return nil, &contract.FolderFileError{Why: fmt.Sprintf("names no file at %s", r.Rev)}
	case e.mode == symlinkMode:
		return nil, &contract.FolderFileError{Why: fmt.Sprintf("is a symbolic link at %s and is not followed", r.Rev)}
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	size, err := r.size(e.oid)
	if err == nil && size > limit {
		return nil, &contract.FolderFileError{Why: fmt.Sprintf("is %d bytes at %s, larger than the %d speccify-lint reads", size, r.Rev, limit)}
	}
	var data []byte
	if err == nil {
		data, err = r.read(e.oid, size)
	}
	var gitErr *catFileError
	switch {
	case errors.Is(err, errMissing):
		return nil, &contract.FolderFileError{Why: fmt.Sprintf("is not in the repository at %s", r.Rev)}
	case errors.As(err, &gitErr):
		// A partial clone's blob, which git would fetch (it does not here:
		// the fetch would run the remote's programs), or git that failed.
		return nil, &contract.FolderFileError{Why: fmt.Sprintf("could not be read at %s: %s", r.Rev, gitErr.msg)}
	}
	return data, err
}

// errMissing is a blob the repository does not have, as git cat-file says.
var errMissing = errors.New("missing")

// catFileError is a git cat-file that ended while it answered, with why
// (gitSays; a partial clone's missing blob: "could not fetch ... from
// promisor remote").
type catFileError struct{ msg string }

func (e *catFileError) Error() string { return "git cat-file: " + e.msg }

// size is the size of the blob oid, from the running `git cat-file
// --batch-check` (started on first use, again after an error). r.mu is
// held.
func (r *Revision) size(oid string) (int64, error) {
	if r.check == nil {
		c, err := startCatFile(r.top, "--batch-check")
		if err != nil {
			return 0, err
		}
		r.check = c
	}
	size, err := r.check.header(oid)
	if err != nil && !errors.Is(err, errMissing) {
		err = r.check.close(err)
		r.check = nil
	}
	return size, err
}

// read reads the blob oid of the size given, from the running `git
// cat-file --batch` (started on first use, again after an error). r.mu is
// held.
func (r *Revision) read(oid string, size int64) ([]byte, error) {
	if r.batch == nil {
		c, err := startCatFile(r.top, "--batch")
		if err != nil {
			return nil, err
		}
		r.batch = c
	}
	data, err := r.batch.content(oid, size)
	if err != nil {
		err = r.batch.close(err)
		r.batch = nil
	}
	return data, err
}

// Close ends the git processes that read blobs, if they were started.
func (r *Revision) Close() error {
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, c := range []**catFile{&r.check, &r.batch} {
		if *c != nil {
			(*c).close(nil)
			*c = nil
		}
	}
	return nil
}

// catFile is a running `git cat-file --batch-check` ("<oid> <type>
// <size>\n" out for each object name in) or `--batch` (the same line, then
// the content and "\n").
type catFile struct {
	cmd    *exec.Cmd
	in     io.WriteCloser
	out    *bufio.Reader
	stderr bytes.Buffer
}

func startCatFile(dir, mode string) (*catFile, error) {
	cmd, err := safegit.Command(dir, "cat-file", mode)
	if err != nil {
		return nil, err
	}
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	c := &catFile{cmd: cmd, in: in, out: bufio.NewReader(out)}
	cmd.Stderr = &c.stderr
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	return c, nil
}

// header asks for the blob oid and reads the line that answers: its size,
// or errMissing.
func (c *catFile) header(oid string) (int64, error) {
	if _, err := io.WriteString(c.in, oid+"\n"); err != nil {
		return 0, err
	}
	line, err := c.out.ReadString('\n')
	if err != nil {
		return 0, err
	}
	f := strings.Fields(line)
	if len(f) == 2 && f[0] == oid && f[1] == "missing" {
		return 0, errMissing
	}
	if len(f) != 3 || f[0] != oid || f[1] != "blob" {
		return 0, fmt.Errorf("git cat-file: unexpected answer %q", strings.TrimSpace(line))
	}
	size, err := strconv.ParseInt(f[2], 10, 64)
	if err != nil || size < 0 {
		return 0, fmt.Errorf("git cat-file: unexpected answer %q", strings.TrimSpace(line))
	}
	return size, nil
}

// content reads the blob oid, which --batch-check said has size bytes
// (an answer of another size is an error: nothing more is read).
func (c *catFile) content(oid string, size int64) ([]byte, error) {
	got, err := c.header(oid)
	if err != nil {
		return nil, err
	}
	if got != size {
		return nil, fmt.Errorf("git cat-file: blob %s of %d bytes, not %d", oid, got, size)
	}
	data := make([]byte, size+1) // the content and its "\n"
	if _, err := io.ReadFull(c.out, data); err != nil {
		return nil, err
	}
	return data[:size], nil
}

// close ends the process: its input closed, and killed, so that one in
// the middle of writing a blob nobody reads does not keep Close waiting.
// It returns err, the error that ended the process's use, as a
// *catFileError when git ended on its own and said why.
func (c *catFile) close(err error) error {
	c.in.Close()
	c.cmd.Process.Kill()
	c.cmd.Wait()
	if msg := gitSays(c.stderr.String()); msg != "" && (errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF)) {
		return &catFileError{msg: msg}
	}
	return err
}

// gitSays is why git ended, from its standard error: its first "fatal:"
// line, else its first line that is no warning.
func gitSays(stderr string) string {
	var other string
	for line := range strings.SplitSeq(stderr, "\n") {
		line = strings.TrimSpace(line)
		if msg, ok := strings.CutPrefix(line, "fatal: "); ok {
			return msg
		}
		if other == "" && line != "" && !strings.HasPrefix(line, "warning: ") {
			other = line
		}
	}
	return other
}
