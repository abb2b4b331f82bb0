package cache

import (
	"crypto/sha256"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"
)

// Tree is the digest of a directory tree: the path, type and permission
// bits of every entry under it, and the content of every regular file (its
// SHA-256) and the target of every symbolic link (which is not followed).
type Tree struct {
	// Sum is the digest: equal sums, equal trees.
	Sum Key
	// AbsoluteLink is true when a symbolic link of the tree names its
	// target by an absolute path: where it leads depends on more than the
	// tree.
	AbsoluteLink bool
	// read is how many files were read (the others' stamps stood for
	// them), for tests.
	read int
}

// Bounds of a tree the cache digests: a larger one is an error.
const (
	MaxTreeEntries = 10_000
	MaxTreeBytes   = 256 << 20
)

// ErrTreeChanged is Tree's error for a file that changed while it was read.
var ErrTreeChanged = errors.New("a file changed while it was read")

// treeRecord is one entry of a tree, as the memo of the tree keeps it.
type treeRecord struct {
	// Path is slash-separated, relative to the tree.
	Path string
	Mode uint32 // fs.FileMode
	// Sum is the SHA-256 of a regular file's content or of a symbolic
	// link's target.
	Sum Key
	// Stamp is a regular file's stamp when its content was read, and
	// Settled whether the stamp may stand for that content (Stamp.Settled
	// when it was taken).
	Stamp   Stamp
	Settled bool
}

// Tree is the digest of the directory root, every file of which is read
// through root (so that nothing outside it is). A regular file is read
// only when its stamp differs from the one the memo of the tree named id
// (an absolute path, say) recorded, or was not settled: a tree whose files
// did not change is digested from their stamps (StampOf), as git's index
// and Go's test cache do. The memo is an entry of the cache, written again
// when something changed.
func (c *Cache) Tree(root *os.Root, id string) (*Tree, error) {
	memoKey := c.KeyOf("tree memo").String(id).Sum()
	var memo []treeRecord
	if data, ok := c.Get(memoKey); ok {
		if Unmarshal(data, &memo) != nil {
			memo = nil
		}
	}
	w := &treeWalk{now: c.now(), memo: memo, tree: &Tree{}}
	if err := w.dir(root, ""); err != nil {
		return nil, err
	}
	h := KeyOf("tree").Int(int64(len(w.records)))
	for _, r := range w.records {
		h.String(r.Path).Int(int64(r.Mode)).Key(r.Sum)
	}
	w.tree.Sum = h.Sum()
	if !slices.Equal(memo, w.records) {
		if data, err := Marshal(w.records); err == nil {
			_ = c.Put(memoKey, data)
		}
	}
	return w.tree, nil
}

// treeWalk is one digest of a tree under way.
type treeWalk struct {
	now     time.Time
	memo    []treeRecord // sorted by path, as the walk makes them
	records []treeRecord
	read    int64 // bytes read
	tree    *Tree
}

// dir records the entries of the directory r, whose path in the tree is
// prefix (ending in a slash, or empty for the tree itself).
func (w *treeWalk) dir(r *os.Root, prefix string) error {
	f, err := r.Open(".")
	if err != nil {
		return err
	}
	entries, err := f.ReadDir(-1)
	f.Close()
	if err != nil {
		return err
	}
	slices.SortFunc(entries, func(a, b fs.DirEntry) int { return strings.Compare(a.Name(), b.Name()) })
	for _, e := range entries {
		if len(w.records) >= MaxTreeEntries {
			return fmt.Errorf("it has over %d entries", MaxTreeEntries)
		}
		name := e.Name()
		info, err := r.Lstat(name)
		if err != nil {
			return ErrTreeChanged
		}
		rec := treeRecord{Path: prefix + name, Mode: uint32(info.Mode())}
		switch mode := info.Mode(); {
		case mode.IsDir():
			w.records = append(w.records, rec)
			sub, err := r.OpenRoot(name)
			if err != nil {
				return ErrTreeChanged
			}
			err = w.dir(sub, rec.Path+"/")
			sub.Close()
			if err != nil {
				return err
			}
			continue
		case mode.IsRegular():
			if err := w.file(r, name, info, &rec); err != nil {
				return err
			}
		case mode&fs.ModeSymlink != 0:
			target, err := r.Readlink(name)
			if err != nil {
				return ErrTreeChanged
			}
			rec.Sum = sha256.Sum256([]byte(target))
			if isAbsolute(target) {
				w.tree.AbsoluteLink = true
			}
		}
		w.records = append(w.records, rec)
	}
	return nil
}

// file sets the Sum of the regular file name of r, whose Lstat is info:
// from the memo when its stamp is the one recorded there, settled;
// otherwise read.
func (w *treeWalk) file(r *os.Root, name string, info fs.FileInfo, rec *treeRecord) error {
	stamp, stamped := StampOf(info)
	if stamped {
		if i, ok := slices.BinarySearchFunc(w.memo, rec.Path, func(m treeRecord, p string) int { return strings.Compare(m.Path, p) }); ok {
			if m := w.memo[i]; m.Settled && m.Stamp == stamp && m.Mode == rec.Mode {
				*rec = m
				return nil
			}
		}
	}
	// The clock before the read: a write after it changes the stamp.
	settled := stamped && stamp.Settled(w.now)
	f, err := r.OpenFile(name, os.O_RDONLY|openNonblock, 0)
	if err != nil {
		return ErrTreeChanged
	}
	defer f.Close()
	if opened, err := f.Stat(); err != nil || !os.SameFile(info, opened) {
		return ErrTreeChanged
	}
	h := sha256.New()
	n, err := io.Copy(h, io.LimitReader(f, MaxTreeBytes-w.read+1))
	if err != nil {
		return err
	}
	if w.read += n; w.read > MaxTreeBytes {
		return fmt.Errorf("its files hold over %d MiB", MaxTreeBytes>>20)
	}
	if n != info.Size() {
		return ErrTreeChanged
	}
	h.Sum(rec.Sum[:0])
	rec.Stamp, rec.Settled = stamp, settled
	w.tree.read++
	return nil
}

// isAbsolute reports whether a link's target is an absolute path (on
// Windows also one rooted without a drive, \x).
func isAbsolute(target string) bool {
	return filepath.IsAbs(target) || strings.HasPrefix(target, "/") || strings.HasPrefix(target, `\`)
}
