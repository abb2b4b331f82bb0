// Package autofix applies the fixes that lint findings carry (result.Fix) to
// the files of their tool folders, and shows them as unified diffs. It
// reads and writes only inside a finding's tool folder, through an os.Root
// of it opened through the root's discover.Gate, so that a fix never
// reaches outside the folder, through a symbolic link, or into a folder
// other than the one it read; every byte outside an edit's range is kept, a
// BOM and CRLF line endings included.
package autofix

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/speccify/speccify-lint/contract"
	"github.com/speccify/speccify-lint/discover"
	"github.com/speccify/speccify-lint/internal/fserr"
	"github.com/speccify/speccify-lint/result"
)

// maxFileSize is the largest file a fix edits: a TOOL.md is at most
// contract.MaxSpecSize, an implementation somewhat larger.
const maxFileSize = 16 << 20

// Change is what the fixes of one pass do to one file: its new bytes, or
// its deletion.
type Change struct {
	// File is the file relative to the root, with forward slashes.
	File string
	// Old is the file's bytes as read; New its bytes after the fixes (nil
	// when Delete).
	Old, New []byte
	// Delete is true when a fix deletes the file.
	Delete bool
	// Fixes is how many findings' fixes the change makes.
	Fixes int

	// root is the root, dir the tool folder (absolute), name the file
	// inside it.
	root, dir, name string
	// folder is the tool folder's Stat when the file was read, info the
	// file's Lstat: a write goes to the same folder and file (os.SameFile).
	folder, info fs.FileInfo
	// passes are the verified passes that made New of a TOOL.md, for the
	// tests (see verify.go).
	passes []pass
	// held: Old is the file as an editor holds it (Options.Held), not as
	// read; the change is not written.
	held bool
}

// pass is one verified pass over a TOOL.md: its normalised text before and
// after, and the edits of the fixes it made (of the text before, sorted).
type pass struct {
	before, after []byte
	edits         []contract.Edit
}

// Mode is the file's permission bits as read; 0 for a held file
// (Options.Held), which was not read.
func (c *Change) Mode() fs.FileMode {
	if c.info == nil {
		return 0
	}
	return c.info.Mode()
}

// Selected reports whether a fix is one to apply: a safe fix, or with
// unsafe an unsafe one too.
func Selected(fix *result.Fix, unsafe bool) bool {
	return fix != nil && (fix.Safety == result.SafeFix || unsafe && fix.Safety == result.UnsafeFix)
}

// fits reports whether fix touches nothing the fixes taken touch: a
// deletion or a conversion of the line endings touches the whole file; two
// edits overlap when their ranges share a byte, or start at the same
// place (two insertions there would have no order).
func fits(taken []*result.Fix, fix *result.Fix) bool {
	if len(taken) == 0 {
		return true
	}
	if slices.ContainsFunc(taken, func(g *result.Fix) bool { return sameFix(g, fix) }) {
		return true
	}
	if fix.Delete || fix.ToLF {
		return false
	}
	for _, g := range taken {
		if g.Delete || g.ToLF {
			return false
		}
		for _, a := range g.Edits {
			for _, b := range fix.Edits {
				s1, e1, s2, e2 := a.Start.Offset, a.End.Offset, b.Start.Offset, b.End.Offset
				if s1 == s2 || s1 < e2 && s2 < e1 {
					return false
				}
			}
		}
	}
	return true
}

// sameFix reports whether two fixes change their file in the same way.
func sameFix(a, b *result.Fix) bool {
	return a.File == b.File && a.Delete == b.Delete && a.ToLF == b.ToLF && slices.Equal(a.Edits, b.Edits)
}

// read reads file (relative to root) through an os.Root of its tool
// folder tool (relative to root), opened through the root's gate.
func read(root, tool, file string) (*Change, *rawText, error) {
	name, ok := inFolder(tool, file)
	if !ok {
		return nil, nil, fmt.Errorf("%s: not fixed: the file is outside its tool folder %s", file, tool)
	}
	c := &Change{File: file, root: root, dir: filepath.Join(root, filepath.FromSlash(tool)), name: name}
	r, err := c.openFolder()
	if err != nil {
		return nil, nil, fmt.Errorf("%s: not fixed: %s", file, err)
	}
	defer r.Close()
	if c.folder, err = r.Stat("."); err != nil {
		return nil, nil, fmt.Errorf("%s: not fixed: %s", file, fserr.Cause(err))
	}
	c.info, c.Old, err = readIn(r, name)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: not fixed: %w", file, err)
	}
	return c, newRawText(c.Old), nil
}

// inFolder is file's name inside the tool folder tool (both relative to
// the root, slash-separated); false when it is not inside it.
func inFolder(tool, file string) (string, bool) {
	if tool == "" {
		return "", false
	}
	name := file
	if tool != "." {
		var ok bool
		if name, ok = strings.CutPrefix(file, tool+"/"); !ok {
			return "", false
		}
	}
	name = filepath.FromSlash(name)
	return name, filepath.IsLocal(name) && path.Clean(file) == file
}

// readIn reads a regular file (not a symbolic link) through r.
func readIn(r *os.Root, name string) (fs.FileInfo, []byte, error) {
	info, err := r.Lstat(name)
	if err != nil {
		return nil, nil, fserr.Cause(err)
	}
	if !info.Mode().IsRegular() {
		return nil, nil, errors.New("it is not a regular file")
	}
	if info.Size() > maxFileSize {
		return nil, nil, fmt.Errorf("it is larger than the %d MiB a fix edits", maxFileSize>>20)
	}
	f, err := r.Open(name)
	if err != nil {
		return nil, nil, fserr.Cause(err)
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, maxFileSize+1))
	if err != nil {
		return nil, nil, fserr.Cause(err)
	}
	return info, data, nil
}

// openFolder opens the tool folder through the root's gate: from the root,
// one directory at a time, following no symbolic link.
func (c *Change) openFolder() (*os.Root, error) {
	r, err := discover.NewGate(c.root).OpenFolder(c.dir)
	if err != nil {
		return nil, fmt.Errorf("the tool folder cannot be opened: %w", fserr.Cause(err))
	}
	return r, nil
}

// errChanged is the error of a file that changed between its reading and
// its writing.
var errChanged = errors.New("it changed since speccify-lint read it; not written")

// errFolderReplaced is the error of a tool folder that is not the one the
// file was read from: it was moved, or replaced by another directory.
var errFolderReplaced = errors.New("the tool folder was replaced since speccify-lint read it; not written")

// errReadOnly is the error of a file without write permission: as
// gofmt -w, a fix does not replace it.
var errReadOnly = errors.New("the file is read-only")

// errHeld is why a change made on the text an editor holds is not written.
var errHeld = errors.New("it is the text an editor holds, which the editor applies")

// Write makes the change: the new bytes go to a temporary file beside the
// file, with the file's permission bits and, where the system allows, its
// owner and group (keepOwner), renamed over it; a deletion removes it. The
// tool folder is opened again through the root's gate and must be the
// folder Changes read (os.SameFile: device and inode on Unix), so that a
// folder swapped for a symbolic link, or for another directory, since then
// is not written to; a file whose size, time or bytes differ from what
// Changes read is left as it is (errChanged); a read-only file (no write
// permission bit) is neither replaced nor deleted (errReadOnly).
func (c *Change) Write() error {
	verb := "fixed"
	if c.Delete {
		verb = "deleted"
	}
	if c.held {
		return fmt.Errorf("%s: not %s: %w", c.File, verb, errHeld)
	}
	if c.info.Mode().Perm()&0o222 == 0 {
		return fmt.Errorf("%s: not %s: %w", c.File, verb, errReadOnly)
	}
	r, err := c.openFolder()
	if err != nil {
		return fmt.Errorf("%s: not %s: %w", c.File, verb, err)
	}
	defer r.Close()
	if folder, err := r.Stat("."); err != nil || !os.SameFile(folder, c.folder) {
		return fmt.Errorf("%s: not %s: %w", c.File, verb, errFolderReplaced)
	}
	if err := c.unchanged(r); err != nil {
		return fmt.Errorf("%s: %w", c.File, err)
	}
	if c.Delete {
		if err := r.Remove(c.name); err != nil {
			return fmt.Errorf("%s: not deleted: %s", c.File, fserr.Cause(err))
		}
		return nil
	}
	if err := writeAtomic(r, c.name, c.New, c.info); err != nil {
		return fmt.Errorf("%s: not fixed: %w", c.File, err)
	}
	return nil
}

// unchanged checks that the file is as Changes read it.
func (c *Change) unchanged(r *os.Root) error {
	info, data, err := readIn(r, c.name)
	if err != nil {
		return err
	}
	if !os.SameFile(info, c.info) || info.Size() != c.info.Size() || !info.ModTime().Equal(c.info.ModTime()) || !bytes.Equal(data, c.Old) {
		return errChanged
	}
	return nil
}

// writeAtomic writes data to name through r: to a new temporary file in
// the same directory, renamed over name once complete, so that a reader
// sees the old bytes or the new ones, never a part. The new file gets the
// owner, group (keepOwner) and permission bits of old, the file it
// replaces.
func writeAtomic(r *os.Root, name string, data []byte, old fs.FileInfo) error {
	perm := old.Mode().Perm()
	var suffix [6]byte
	_, _ = rand.Read(suffix[:])
	tmp := filepath.Join(filepath.Dir(name), "."+filepath.Base(name)+".speccify-fix-"+hex.EncodeToString(suffix[:]))
	f, err := r.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_EXCL, perm)
	if err != nil {
		return fserr.Cause(err)
	}
	_, err = f.Write(data)
	if err == nil {
		err = keepOwner(f, old)
	}
	if err == nil {
		err = f.Chmod(perm) // the umask may have narrowed OpenFile's; after a chown, which may clear bits
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = r.Rename(tmp, name)
	}
	if err != nil {
		_ = r.Remove(tmp)
		return fserr.Cause(err)
	}
	return nil
}
