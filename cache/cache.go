package cache

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"
)

// Cache is a cache directory, opened: its packs of entries and the
// identity of the binary whose entries it reads and writes. It is safe for
// concurrent use, and for several processes at once. Close writes what
// was put.
type Cache struct {
	dir, packs string
	// binary is the identity of the running binary (BinaryID), part of
	// every key KeyOf makes.
	binary Key
	// now is the clock (a variable for tests).
	now func() time.Time

	mu sync.Mutex
	// readers are the packs read, the newest first; scanned is when the
	// packs directory was last listed.
	readers []*pack
	scanned time.Time
	// retired are the packs the last merge replaced, closed by the next
	// merge or Close.
	retired []*pack
	// pending are the entries put and not written yet, size their bytes;
	// flushTimer writes them a while after the first.
	pending map[Key][]byte
	size    int
	// writing are the batches of pending entries being written.
	writing    []*map[Key][]byte
	flushTimer *time.Timer
	closed     bool
}

// Defaults of the writing and trimming.
const (
	// MaxAge is how long an entry may go unused before Trim removes it.
	MaxAge = 5 * 24 * time.Hour
	// MaxSize bounds the entries: beyond it Trim removes the least
	// recently used ones.
	MaxSize = 512 << 20
	// trimEvery is how often Trim looks at the entries.
	trimEvery = 24 * time.Hour
	// touchAfter is how old the mark of an entry's last use may get before
	// a hit marks it used again (writes it again, into a new pack).
	touchAfter = 24 * time.Hour
	// staleTemp is how old a temporary file of an interrupted write is
	// when Trim removes it.
	staleTemp = time.Hour
	// flushAfter is how long entries wait to be written after the first
	// of them was put; flushSize how many bytes of them may wait.
	flushAfter = 2 * time.Second
	flushSize  = 8 << 20
	// maxPacks is how many packs may pile up before a flush merges them.
	maxPacks = 16
	// rescanEvery is how often a miss looks for packs other processes
	// wrote since.
	rescanEvery = 10 * time.Second
)

// readme is written into a cache directory: it says what the directory is.
const readme = "This directory holds the result cache of speccify-lint (docs/cache.md).\n" +
	"`speccify-lint cache clean` empties it; removing the whole directory is safe too.\n"

// The names in a cache directory.
const (
	packsDir   = "packs"
	trimFile   = "trim.txt"
	tempPrefix = ".tmp-"
	packSuffix = ".pack"
)

// InsecureError is Open's refusal of a directory that someone else may
// write: whoever may write an entry may forge its result.
type InsecureError struct {
	Dir string
	Why string
}

func (e *InsecureError) Error() string {
	return fmt.Sprintf("the cache directory %s is not used: %s", e.Dir, e.Why)
}

// Open opens the cache directory dir, making it (mode 0700) when it does
// not exist, and computes the running binary's identity (BinaryID). It
// refuses (an *InsecureError) a directory that another user owns or may
// write, or whose packs directory is so.
func Open(dir string) (*Cache, error) {
	return open(dir, executable)
}

// open is Open with the running binary opened by exe.
func open(dir string, exe func() (*os.File, error)) (*Cache, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	packs := filepath.Join(abs, packsDir)
	// Nothing is made in a directory that is refused.
	if info, err := os.Stat(abs); err == nil && info.IsDir() {
		if why := notPrivate(info); why != "" {
			return nil, &InsecureError{Dir: abs, Why: why}
		}
	}
	if err := os.MkdirAll(packs, 0o700); err != nil {
		return nil, fmt.Errorf("the cache directory %s cannot be made: %w", abs, unwrapPath(err))
	}
	for _, d := range []string{abs, packs} {
		info, err := os.Lstat(d)
		if d == abs {
			info, err = os.Stat(d)
		}
		if err != nil {
			return nil, err
		}
		if !info.IsDir() {
			return nil, fmt.Errorf("the cache directory %s: %s is not a directory", abs, d)
		}
		if why := notPrivate(info); why != "" {
			if d != abs {
				why = packsDir + ": " + why
			}
			return nil, &InsecureError{Dir: abs, Why: why}
		}
	}
	c := &Cache{dir: abs, packs: packs, now: time.Now, pending: map[Key][]byte{}}
	if _, err := os.Lstat(filepath.Join(abs, "README")); errors.Is(err, fs.ErrNotExist) {
		_ = writeFile(abs, filepath.Join(abs, "README"), []byte(readme))
	}
	c.scan()
	if c.binary, err = c.binaryID(exe); err != nil {
		c.Close()
		return nil, fmt.Errorf("the running binary cannot be read: %w", err)
	}
	return c, nil
}

// Dir is the cache directory, absolute.
func (c *Cache) Dir() string { return c.dir }

// KeyOf starts a key of this cache: the kind of work and the running
// binary's identity, to which the caller adds the inputs.
func (c *Cache) KeyOf(kind string) *Hasher {
	return KeyOf(kind).Key(c.binary)
}

// Get is the data of the entry of key; false when there is none, or none
// that is whole, of this key and checksummed right. A hit on an entry last
// marked used over a day ago marks it used again.
func (c *Cache) Get(key Key) ([]byte, bool) {
	c.mu.Lock()
	if data, ok := c.pending[key]; ok {
		c.mu.Unlock()
		return data, true
	}
	for _, batch := range c.writing {
		if data, ok := (*batch)[key]; ok {
			c.mu.Unlock()
			return data, true
		}
	}
	readers := c.readers
	c.mu.Unlock()
	data, used, ok := find(readers, key)
	if !ok && c.now().Sub(c.scanTime()) > rescanEvery {
		if fresh := c.scan(); len(fresh) > 0 {
			data, used, ok = find(fresh, key)
		}
	}
	if !ok {
		return nil, false
	}
	if now := c.now(); now.Sub(time.Unix(used, 0)) > touchAfter {
		c.put(key, data)
	}
	return data, true
}

// find is the data of key's record in the first of packs that has a
// whole one.
func find(packs []*pack, key Key) ([]byte, int64, bool) {
	for _, p := range packs {
		if i, ok := p.find(key); ok {
			if data, used, ok := p.read(i, key); ok {
				return data, used, true
			}
		}
	}
	return nil, 0, false
}

func (c *Cache) scanTime() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.scanned
}

// scan opens the packs written since the last scan and returns them; those
// that are not whole packs are left out.
func (c *Cache) scan() []*pack {
	names, _ := packNames(c.packs)
	c.mu.Lock()
	defer c.mu.Unlock()
	c.scanned = c.now()
	known := map[string]bool{}
	for _, p := range c.readers {
		known[filepath.Base(p.name)] = true
	}
	var fresh []*pack
	for _, name := range names {
		if known[name] {
			continue
		}
		if p, err := openPack(filepath.Join(c.packs, name)); err == nil {
			fresh = append(fresh, p)
		}
	}
	c.readers = append(c.readers, fresh...)
	sortPacks(c.readers)
	sortPacks(fresh)
	return fresh
}

// sortPacks sorts packs newest first: their names begin with the time
// they were written.
func sortPacks(packs []*pack) {
	slices.SortFunc(packs, func(a, b *pack) int { return strings.Compare(filepath.Base(b.name), filepath.Base(a.name)) })
}

// packNames are the names of the packs in dir.
func packNames(dir string) ([]string, error) {
	entries, err := os.ReadDir(dir)
	var names []string
	for _, e := range entries {
		if isPackName(e.Name()) {
			names = append(names, e.Name())
		}
	}
	return names, err
}

// Put stores data as the entry of key: it is written, with the entries put
// before and after it, into a new pack within flushAfter, when flushSize
// bytes wait, or on Flush or Close. Data over MaxEntry is not stored.
func (c *Cache) Put(key Key, data []byte) error {
	if len(data) > MaxEntry {
		return fmt.Errorf("an entry of %d bytes is over the %d MiB the cache holds", len(data), MaxEntry>>20)
	}
	c.put(key, slices.Clone(data))
	return nil
}

func (c *Cache) put(key Key, data []byte) {
	c.mu.Lock()
	if c.closed {
		c.mu.Unlock()
		return
	}
	if old, ok := c.pending[key]; ok {
		c.size -= len(old)
	}
	c.pending[key] = data
	c.size += len(data)
	full := c.size >= flushSize
	if !full && c.flushTimer == nil {
		c.flushTimer = time.AfterFunc(flushAfter, func() { _ = c.Flush() })
	}
	c.mu.Unlock()
	if full {
		_ = c.Flush()
	}
}

// Flush writes the entries put and not written yet into a new pack, and
// merges the packs when more than maxPacks pile up.
func (c *Cache) Flush() error {
	c.mu.Lock()
	if c.flushTimer != nil {
		c.flushTimer.Stop()
		c.flushTimer = nil
	}
	batch := c.pending
	if len(batch) == 0 {
		c.mu.Unlock()
		return nil
	}
	// Found by Get while they are written.
	c.pending, c.size = map[Key][]byte{}, 0
	c.writing = append(c.writing, &batch)
	c.mu.Unlock()
	w := newPackWriter()
	used := c.now().Unix()
	for key, data := range batch {
		w.add(key, used, data)
	}
	p, err := c.writePack(w)
	c.mu.Lock()
	c.writing = slices.DeleteFunc(c.writing, func(m *map[Key][]byte) bool { return m == &batch })
	if err == nil && p != nil {
		c.readers = append(c.readers, p)
		sortPacks(c.readers)
	} else if err != nil {
		for key, data := range batch {
			if _, newer := c.pending[key]; !newer {
				c.pending[key] = data
				c.size += len(data)
			}
		}
	}
	many := len(c.readers) > maxPacks
	c.mu.Unlock()
	if err != nil {
		return err
	}
	if many {
		return c.merge(c.now(), MaxAge, MaxSize)
	}
	return nil
}

// writePack writes the pack w as a new file of the packs directory, and
// opens it; nil, without an error, when another process merged it away
// before it was opened.
func (c *Cache) writePack(w *packWriter) (*pack, error) {
	var suffix [4]byte
	_, _ = rand.Read(suffix[:])
	name := fmt.Sprintf("%016x-%s%s", c.now().UnixNano(), hex.EncodeToString(suffix[:]), packSuffix)
	path := filepath.Join(c.packs, name)
	if err := writeFile(c.packs, path, w.bytes()); err != nil {
		return nil, err
	}
	p, err := openPack(path)
	if errors.Is(err, fs.ErrNotExist) {
		// Another process merged it into a pack of its own between the
		// rename and the open: written all the same, and found there by
		// the next scan.
		return nil, nil
	}
	return p, err
}

// isPackName reports whether name is that of a pack: 16 hex digits of
// time, a dash, 8 hex digits and .pack.
func isPackName(name string) bool {
	base, ok := strings.CutSuffix(name, packSuffix)
	if !ok || len(base) != 16+1+8 || base[16] != '-' {
		return false
	}
	return isHex(base[:16]) && isHex(base[17:])
}

// Close writes the entries put, trims the cache when a day has passed
// since it was last trimmed (Trim), and lets go of the packs. Put after
// Close stores nothing.
func (c *Cache) Close() error {
	err := c.Flush()
	if err == nil {
		err = c.Trim()
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.closed = true
	for _, p := range append(c.readers, c.retired...) {
		p.f.Close()
	}
	c.readers, c.retired = nil, nil
	return err
}

// writeFile writes data to path through a temporary file in dir, renamed
// into place.
func writeFile(dir, path string, data []byte) error {
	f, err := os.CreateTemp(dir, tempPrefix+"*")
	if err != nil {
		return err
	}
	_, err = f.Write(data)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(f.Name(), path)
	}
	if err != nil {
		_ = os.Remove(f.Name())
	}
	return err
}

func isHex(s string) bool {
	for i := range len(s) {
		if c := s[i]; (c < '0' || c > '9') && (c < 'a' || c > 'f') {
			return false
		}
	}
	return true
}

// unwrapPath is the cause of a *fs.PathError, whose path a message names
// already.
func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
