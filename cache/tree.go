package cache

import (
	"crypto/sha256"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"iter"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"sync"
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
	// Files are the slash paths, relative to the tree, of its regular
	// files, in the order of the walk.
	Files []string
	// read and listed are how many files were read and directories listed
	// (the others' stamps stood for them), for tests.
	read, listed int
	// records are the walk's, which Still compares the tree with.
	records []treeRecord
	// held are the contents of the files the walk read and was asked to
	// keep (TreeHolding), by path.
	held map[string][]byte
}

// Hold says which regular files of a tree TreeHolding keeps the content
// of, by slash path and size.
type Hold func(path string, size int64) bool

// TakeHeld is the content of the files the walk that made t read and was
// asked to keep (TreeHolding), by slash path, as it hashed them; it lets
// go of them. A file whose memo record stood for it was not read, and is
// not there.
func (t *Tree) TakeHeld() map[string][]byte {
	held := t.held
	t.held = nil
	return held
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
	// Path is slash-separated, relative to the tree; "." is the tree.
	Path string
	Mode uint32 // fs.FileMode
	// Sum is the SHA-256 of a regular file's content or of a symbolic
	// link's target.
	Sum Key
	// Stamp is a regular file's or a directory's stamp when it was read or
	// listed, and Settled whether the stamp may stand for its content or
	// its entries (Stamp.Settled when it was taken).
	Stamp   Stamp
	Settled bool
}

// Tree is the digest of the directory root, every file of which is read
// through root (so that nothing outside it is). A regular file is read,
// and a directory listed, only when its stamp (StampOf) differs from the
// one the memo of the tree named id (an absolute path, say) recorded, or
// was not settled then: a tree that did not change is digested from the
// stamps of its entries, as git's index and Go's test cache do. The memo
// is an entry of the cache, put again when something changed.
func (c *Cache) Tree(root *os.Root, id string) (*Tree, error) {
	return c.TreeHolding(root, id, nil)
}

// TreeHolding is Tree, keeping the content of the files it reads that
// hold asks for (Tree.TakeHeld): whoever reads them next can take these
// bytes, the ones the digest is of, rather than read them again.
func (c *Cache) TreeHolding(root *os.Root, id string, hold Hold) (*Tree, error) {
	memoKey := c.KeyOf("tree memo").String(id).Sum()
	var memo []treeRecord
	if data, ok := c.Get(memoKey); ok {
		if Unmarshal(data, &memo) != nil {
			memo = nil
		}
	}
	tree, err := walkTree(root, c.now(), memo, hold)
	if err != nil {
		return nil, err
	}
	if !slices.Equal(memo, tree.records) {
		if data, err := Marshal(tree.records); err == nil {
			c.put(memoKey, data)
		}
	}
	return tree, nil
}

// Still reports whether the directory root is still the tree t: each
// entry's stamp is compared with the one t's walk took, and a file whose
// stamp differs, or was not settled then, is read again (a directory
// listed again). It neither looks up nor stores a memo. A result made
// from the tree between the walk that made t and Still's yes is a result
// of t: whatever changed in between changed a stamp that Still compares,
// or was written within racyWindow of the walk, and is read again.
func (c *Cache) Still(root *os.Root, t *Tree) bool {
	now, err := walkTree(root, c.now(), t.records, nil)
	return err == nil && now.Sum == t.Sum
}

// walkTree digests the tree of root, with memo's records standing for the
// entries whose stamps they hold (settled), and keeps the files hold asks
// for.
func walkTree(root *os.Root, now time.Time, memo []treeRecord, hold Hold) (*Tree, error) {
	w := &treeWalk{now: now, memo: memo, hold: hold, tree: &Tree{}}
	w.byPath = make(map[string]int, len(memo))
	for i, r := range memo {
		w.byPath[r.Path] = i
	}
	info, err := root.Lstat(".")
	if err != nil {
		return nil, err
	}
	top := w.record(".", info)
	w.records = append(w.records, top)
	if err := w.dir(root, ".", top); err != nil {
		return nil, err
	}
	h := KeyOf("tree").Int(int64(len(w.records)))
	for _, r := range w.records {
		h.String(r.Path).Int(int64(r.Mode)).Key(r.Sum)
		if fs.FileMode(r.Mode).IsRegular() {
			w.tree.Files = append(w.tree.Files, r.Path)
		}
	}
	w.tree.Sum = h.Sum()
	w.tree.records = w.records
	return w.tree, nil
}

// treeWalk is one digest of a tree under way.
type treeWalk struct {
	now     time.Time
	memo    []treeRecord   // in the order of the walk that made it
	byPath  map[string]int // memo's indexes by path
	records []treeRecord
	read    int64 // bytes read
	hold    Hold
	tree    *Tree
}

// record is the record of the entry p whose Lstat is info, with its stamp
// (settled or not) when it is a file or a directory.
func (w *treeWalk) record(p string, info fs.FileInfo) treeRecord {
	rec := treeRecord{Path: p, Mode: uint32(info.Mode())}
	if info.Mode().IsRegular() || info.IsDir() {
		if s, ok := StampOf(info); ok {
			rec.Stamp, rec.Settled = s, s.Settled(w.now)
		}
	}
	return rec
}

// remembered is the memo's record of rec's path when it stands for rec
// now: the same type and stamp, settled when it was taken.
func (w *treeWalk) remembered(rec treeRecord) (treeRecord, bool) {
	i, ok := w.byPath[rec.Path]
	if !ok {
		return treeRecord{}, false
	}
	m := w.memo[i]
	return m, m.Settled && m.Stamp == rec.Stamp && m.Mode == rec.Mode && rec.Stamp != Stamp{}
}

// dir records the entries of the directory r, whose path in the tree is
// p and whose record is rec: listed, unless the memo's listing of it
// stands.
func (w *treeWalk) dir(r *os.Root, p string, rec treeRecord) error {
	names, ok := w.children(rec)
	if !ok {
		f, err := r.Open(".")
		if err != nil {
			return err
		}
		names, err = f.Readdirnames(-1)
		f.Close()
		if err != nil {
			return err
		}
		slices.Sort(names)
		w.tree.listed++
	}
	for _, name := range names {
		if len(w.records) >= MaxTreeEntries {
			return fmt.Errorf("it has over %d entries", MaxTreeEntries)
		}
		info, err := r.Lstat(name)
		if err != nil {
			return ErrTreeChanged
		}
		rec := w.record(join(p, name), info)
		switch mode := info.Mode(); {
		case mode.IsDir():
			w.records = append(w.records, rec)
			sub, err := r.OpenRoot(name)
			if err != nil {
				return ErrTreeChanged
			}
			err = w.dir(sub, rec.Path, rec)
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

// children are the names in the directory rec, as the memo lists them,
// when its record there stands for it (its entries are the same when its
// stamp is: adding, removing or renaming one changes it).
func (w *treeWalk) children(rec treeRecord) ([]string, bool) {
	if _, ok := w.remembered(rec); !ok {
		return nil, false
	}
	prefix := rec.Path + "/"
	if rec.Path == "." {
		prefix = ""
	}
	var names []string
	for _, m := range w.memo[w.byPath[rec.Path]+1:] {
		rest, ok := strings.CutPrefix(m.Path, prefix)
		if !ok && prefix != "" {
			break
		}
		if !strings.Contains(rest, "/") {
			names = append(names, rest)
		}
	}
	return names, true
}

// join is the path of name in the directory p of the tree.
func join(p, name string) string {
	if p == "." {
		return name
	}
	return path.Join(p, name)
}

// file sets the Sum of the regular file name of r, whose Lstat is info:
// from the memo when its record there stands for it; otherwise read.
func (w *treeWalk) file(r *os.Root, name string, info fs.FileInfo, rec *treeRecord) error {
	if m, ok := w.remembered(*rec); ok {
		rec.Sum = m.Sum
		return nil
	}
	// rec's stamp was taken before the read: a write after it changes it.
	f, err := r.OpenFile(name, os.O_RDONLY|openNonblock, 0)
	if err != nil {
		return ErrTreeChanged
	}
	defer f.Close()
	if opened, err := f.Stat(); err != nil || !os.SameFile(info, opened) {
		return ErrTreeChanged
	}
	if w.read += info.Size(); w.read > MaxTreeBytes {
		return fmt.Errorf("its files hold over %d MiB", MaxTreeBytes>>20)
	}
	if w.hold != nil && w.hold(rec.Path, info.Size()) {
		return w.keep(f, info.Size(), rec)
	}
	buf := readBuffers.Get().(*[]byte)
	defer readBuffers.Put(buf)
	if info.Size() < int64(len(*buf)) {
		data, err := readExactly(f, info.Size(), *buf)
		if err != nil {
			return err
		}
		rec.Sum = sha256.Sum256(data)
		w.tree.read++
		return nil
	}
	h := sha256.New()
	n, err := io.CopyBuffer(h, io.LimitReader(f, info.Size()+1), *buf)
	if err != nil {
		return err
	}
	if n != info.Size() {
		return ErrTreeChanged
	}
	h.Sum(rec.Sum[:0])
	w.tree.read++
	return nil
}

// keep reads the file f, of size bytes (its Lstat's), whole into memory,
// sets rec's Sum from these bytes and holds them.
func (w *treeWalk) keep(f *os.File, size int64, rec *treeRecord) error {
	data, err := readExactly(f, size, make([]byte, size+1))
	if err != nil {
		return err
	}
	data = data[:len(data):len(data)]
	rec.Sum = sha256.Sum256(data)
	if w.tree.held == nil {
		w.tree.held = map[string][]byte{}
	}
	w.tree.held[rec.Path] = data
	w.tree.read++
	return nil
}

// readExactly reads the file f, whose stamp says it holds size bytes, into
// buf (of at least size+1 bytes: one more tells a file that grew): its
// content, or ErrTreeChanged when it holds more or fewer bytes. A read that
// reaches size bytes ends it, as a regular file's read is short only at
// its end, so that a small file takes one read (system calls are most of
// what digesting a tree costs).
func readExactly(f *os.File, size int64, buf []byte) ([]byte, error) {
	buf = buf[:size+1]
	n := 0
	for n < len(buf) && int64(n) != size || n == 0 && size == 0 {
		m, err := f.Read(buf[n:])
		n += m
		if err == io.EOF || m == 0 && err == nil {
			break
		}
		if err != nil {
			return nil, err
		}
	}
	if int64(n) != size {
		return nil, ErrTreeChanged
	}
	return buf[:n], nil
}

// readBuffers are the buffers files are read through to be hashed.
var readBuffers = sync.Pool{New: func() any { b := make([]byte, 32<<10); return &b }}

// isAbsolute reports whether a link's target is an absolute path (on
// Windows also one rooted without a drive, \x).
func isAbsolute(target string) bool {
	return filepath.IsAbs(target) || strings.HasPrefix(target, "/") || strings.HasPrefix(target, `\`)
}

// Lists reports whether the directory p of the tree (a slash path
// relative to it; "." is the tree) held exactly the entries listed, by
// name and type bits (fs.FileMode.Type), in the order of their names,
// when the walk that made t listed it: whether a listing read of it
// elsewhere is the one the digest is of.
func (t *Tree) Lists(p string, listed iter.Seq2[string, fs.FileMode]) bool {
	i := slices.IndexFunc(t.records, func(r treeRecord) bool { return r.Path == p })
	if i < 0 || !fs.FileMode(t.records[i].Mode).IsDir() {
		return false
	}
	prefix := p + "/"
	if p == "." {
		prefix = ""
	}
	// The records of p's subtree follow its own, its entries among them.
	next := i + 1
	entry := func() (name string, mode fs.FileMode, ok bool) {
		for next < len(t.records) {
			r := t.records[next]
			rest, in := strings.CutPrefix(r.Path, prefix)
			if !in {
				return "", 0, false
			}
			next++
			if !strings.Contains(rest, "/") {
				return rest, fs.FileMode(r.Mode), true
			}
		}
		return "", 0, false
	}
	for name, typ := range listed {
		if got, mode, ok := entry(); !ok || got != name || mode.Type() != typ {
			return false
		}
	}
	_, _, more := entry()
	return !more
}
