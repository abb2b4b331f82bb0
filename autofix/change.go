// Package autofix applies the fixes that lint findings carry (lint.Fix) to
// the files of their tool folders, and shows them as unified diffs. It
// writes only inside a finding's tool folder, through an os.Root of it, so
// that a fix never reaches outside the folder or through a symbolic link;
// every byte outside an edit's range is kept, a BOM and CRLF line endings
// included.
package autofix

import (
	"bytes"
	"cmp"
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

	"github.com/speccify/speccify-lint/internal/fserr"
	"github.com/speccify/speccify-lint/lint"
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

	// dir is the tool folder (absolute), name the file inside it.
	dir, name string
	// info is the file's Lstat when it was read.
	info fs.FileInfo
}

// Mode is the file's permission bits as read.
func (c *Change) Mode() fs.FileMode { return c.info.Mode() }

// Selected reports whether a fix is one to apply: a safe fix, or with
// unsafe an unsafe one too.
func Selected(fix *lint.Fix, unsafe bool) bool {
	return fix != nil && (fix.Safety == lint.SafeFix || unsafe && fix.Safety == lint.UnsafeFix)
}

// Plan computes the changes that the selected fixes of findings make, one
// per file, ordered by file. Fixes are taken in the order of the findings;
// one that overlaps a fix already taken for its file is left for the next
// pass (a fix that equals one taken counts as made by it). A file that
// cannot be read, or that changed since it was linted, has no change: the
// errors say why.
func Plan(root string, findings []lint.Finding, unsafe bool) ([]*Change, []error) {
	type planned struct {
		text  *rawText
		c     *Change
		fixes []*lint.Fix
		err   error
	}
	files := map[string]*planned{}
	var order []string
	for i := range findings {
		f := &findings[i]
		if !Selected(f.Fix, unsafe) {
			continue
		}
		p := files[f.Fix.File]
		if p == nil {
			p = &planned{}
			files[f.Fix.File] = p
			order = append(order, f.Fix.File)
			p.c, p.text, p.err = read(root, f.Tool, f.Fix.File)
		}
		if p.err != nil || !fits(p.fixes, f.Fix) {
			continue
		}
		if slices.ContainsFunc(p.fixes, func(g *lint.Fix) bool { return sameFix(g, f.Fix) }) {
			p.c.Fixes++
			continue
		}
		if err := p.text.checkSum(f.Fix.Sum); err != nil {
			p.err = fmt.Errorf("%s: not fixed: %w", f.Fix.File, err)
			continue
		}
		if err := p.text.checkEdits(f.Fix.Edits); err != nil {
			p.err = fmt.Errorf("%s: not fixed: %w", f.Fix.File, err)
			continue
		}
		p.fixes = append(p.fixes, f.Fix)
		p.c.Fixes++
	}
	slices.Sort(order)
	var changes []*Change
	var errs []error
	for _, file := range order {
		p := files[file]
		if p.err != nil {
			errs = append(errs, p.err)
			continue
		}
		p.c.Delete = slices.ContainsFunc(p.fixes, func(f *lint.Fix) bool { return f.Delete })
		if !p.c.Delete {
			var edits []lint.Edit
			toLF := false
			for _, f := range p.fixes {
				edits = append(edits, f.Edits...)
				toLF = toLF || f.ToLF
			}
			slices.SortStableFunc(edits, func(a, b lint.Edit) int {
				return cmp.Or(cmp.Compare(a.Start.Offset, b.Start.Offset), cmp.Compare(a.End.Offset, b.End.Offset))
			})
			p.c.New = p.text.apply(edits, toLF)
			if bytes.Equal(p.c.New, p.c.Old) {
				continue
			}
		}
		changes = append(changes, p.c)
	}
	return changes, errs
}

// fits reports whether fix touches nothing the fixes taken touch: a
// deletion or a conversion of the line endings touches the whole file; two
// edits overlap when their ranges share a byte, or start at the same
// place (two insertions there would have no order).
func fits(taken []*lint.Fix, fix *lint.Fix) bool {
	if len(taken) == 0 {
		return true
	}
	if slices.ContainsFunc(taken, func(g *lint.Fix) bool { return sameFix(g, fix) }) {
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
func sameFix(a, b *lint.Fix) bool {
	return a.File == b.File && a.Delete == b.Delete && a.ToLF == b.ToLF && slices.Equal(a.Edits, b.Edits)
}

// read reads file (relative to root) through an os.Root of its tool
// folder tool (relative to root).
func read(root, tool, file string) (*Change, *rawText, error) {
	name, ok := inFolder(tool, file)
	if !ok {
		return nil, nil, fmt.Errorf("%s: not fixed: the file is outside its tool folder %s", file, tool)
	}
	c := &Change{File: file, dir: filepath.Join(root, filepath.FromSlash(tool)), name: name}
	r, err := os.OpenRoot(c.dir)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: not fixed: %s", file, fserr.Cause(err))
	}
	defer r.Close()
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

// errChanged is the error of a file that changed between its reading and
// its writing.
var errChanged = errors.New("it changed since speccify-lint read it; not written")

// Write makes the change: the new bytes go to a temporary file beside the
// file, with the file's permission bits, renamed over it; a deletion
// removes it. A file whose size, time or bytes differ from what Plan read
// is left as it is (errChanged).
func (c *Change) Write() error {
	r, err := os.OpenRoot(c.dir)
	if err != nil {
		return fmt.Errorf("%s: not fixed: %s", c.File, fserr.Cause(err))
	}
	defer r.Close()
	if err := c.unchanged(r); err != nil {
		return fmt.Errorf("%s: %w", c.File, err)
	}
	if c.Delete {
		if err := r.Remove(c.name); err != nil {
			return fmt.Errorf("%s: not deleted: %s", c.File, fserr.Cause(err))
		}
		return nil
	}
	if err := writeAtomic(r, c.name, c.New, c.info.Mode().Perm()); err != nil {
		return fmt.Errorf("%s: not fixed: %w", c.File, err)
	}
	return nil
}

// unchanged checks that the file is as Plan read it.
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
// sees the old bytes or the new ones, never a part.
func writeAtomic(r *os.Root, name string, data []byte, perm fs.FileMode) error {
	var suffix [6]byte
	_, _ = rand.Read(suffix[:])
	tmp := filepath.Join(filepath.Dir(name), "."+filepath.Base(name)+".speccify-fix-"+hex.EncodeToString(suffix[:]))
	f, err := r.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_EXCL, perm)
	if err != nil {
		return fserr.Cause(err)
	}
	_, err = f.Write(data)
	if err == nil {
		err = f.Chmod(perm) // the umask may have narrowed OpenFile's
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
