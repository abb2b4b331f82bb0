package cache

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"time"
)

// Cache is a cache directory, opened: its entries and the identity of the
// binary whose entries it reads and writes. It is safe for concurrent use,
// and for several processes at once.
type Cache struct {
	dir string
	// binary is the identity of the running binary (BinaryID), part of
	// every key Key makes.
	binary Key
	// now is the clock (a variable for tests).
	now func() time.Time
}

// Defaults of the trimming (Trim).
const (
	// MaxAge is how long an entry may go unused before Trim removes it.
	MaxAge = 5 * 24 * time.Hour
	// MaxSize bounds the entries: beyond it Trim removes the least
	// recently used ones.
	MaxSize = 512 << 20
	// trimEvery is how often Trim looks at the entries.
	trimEvery = 24 * time.Hour
	// touchAfter is how old the mark of an entry's last use may get before
	// a hit marks it again.
	touchAfter = time.Hour
	// staleTemp is how old a temporary file of an interrupted write is
	// when Trim removes it.
	staleTemp = time.Hour
)

// readme is written into a cache directory: it says what the directory is.
const readme = "This directory holds the result cache of speccify-lint (docs/cache.md).\n" +
	"`speccify-lint cache clean` empties it; removing the whole directory is safe too.\n"

// trimFile holds the time of the last trim, in Unix seconds.
const trimFile = "trim.txt"

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
// write, or that holds such a subdirectory of entries.
func Open(dir string) (*Cache, error) {
	return open(dir, executable)
}

// open is Open with the running binary opened by exe.
func open(dir string, exe func() (*os.File, error)) (*Cache, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	if err := os.MkdirAll(abs, 0o700); err != nil {
		return nil, fmt.Errorf("the cache directory %s cannot be made: %w", abs, unwrapPath(err))
	}
	if err := checkTree(abs); err != nil {
		return nil, err
	}
	c := &Cache{dir: abs, now: time.Now}
	if _, err := os.Lstat(filepath.Join(abs, "README")); errors.Is(err, fs.ErrNotExist) {
		_ = c.writeFile(filepath.Join(abs, "README"), []byte(readme))
	}
	if c.binary, err = c.binaryID(exe); err != nil {
		return nil, fmt.Errorf("the running binary cannot be read: %w", err)
	}
	return c, nil
}

// checkTree refuses dir when it, or one of its subdirectories of entries,
// is not private to this user.
func checkTree(dir string) error {
	info, err := os.Stat(dir)
	if err != nil {
		return err
	}
	if !info.IsDir() {
		return fmt.Errorf("the cache directory %s is not a directory", dir)
	}
	if why := notPrivate(info); why != "" {
		return &InsecureError{Dir: dir, Why: why}
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return err
	}
	for _, e := range entries {
		if !isShard(e.Name()) {
			continue
		}
		info, err := os.Lstat(filepath.Join(dir, e.Name()))
		if err != nil {
			return err
		}
		if !info.IsDir() {
			return &InsecureError{Dir: dir, Why: e.Name() + " is not a directory"}
		}
		if why := notPrivate(info); why != "" {
			return &InsecureError{Dir: dir, Why: e.Name() + ": " + why}
		}
	}
	return nil
}

// Dir is the cache directory, absolute.
func (c *Cache) Dir() string { return c.dir }

// KeyOf starts a key of this cache: the kind of work and the running
// binary's identity, to which the caller adds the inputs.
func (c *Cache) KeyOf(kind string) *Hasher {
	return KeyOf(kind).Key(c.binary)
}

// Get is the data of the entry of key; false when there is none, or none
// that is whole, of this key and checksummed right. A hit marks the entry
// used (its modification time) when its mark is over an hour old.
func (c *Cache) Get(key Key) ([]byte, bool) {
	path := c.path(key)
	f, err := os.Open(path)
	if err != nil {
		return nil, false
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil || !info.Mode().IsRegular() || info.Size() < int64(entryOverhead) || info.Size() > int64(entryOverhead+MaxEntry) {
		return nil, false
	}
	raw := make([]byte, info.Size()+1)
	n, err := io.ReadFull(f, raw)
	if err != io.ErrUnexpectedEOF || int64(n) != info.Size() {
		// Shorter or longer than it said: being written over, or not ours.
		return nil, false
	}
	data, ok := decodeEntry(key, raw[:n])
	if !ok {
		return nil, false
	}
	if now := c.now(); now.Sub(info.ModTime()) > touchAfter {
		_ = os.Chtimes(path, now, now)
	}
	return data, true
}

// Put stores data as the entry of key, replacing any entry of it: written
// whole into a temporary file beside it and renamed into place. Data over
// MaxEntry is not stored.
func (c *Cache) Put(key Key, data []byte) error {
	if len(data) > MaxEntry {
		return fmt.Errorf("an entry of %d bytes is over the %d MiB the cache holds", len(data), MaxEntry>>20)
	}
	return c.writeFile(c.path(key), encodeEntry(key, data))
}

// writeFile writes data to path through a temporary file in its directory
// (made when missing), renamed into place.
func (c *Cache) writeFile(path string, data []byte) error {
	dir := filepath.Dir(path)
	f, err := os.CreateTemp(dir, tempPrefix+"*")
	if errors.Is(err, fs.ErrNotExist) {
		if err = os.Mkdir(dir, 0o700); err == nil || errors.Is(err, fs.ErrExist) {
			f, err = os.CreateTemp(dir, tempPrefix+"*")
		}
	}
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

// tempPrefix begins the name of a temporary file of a write under way.
const tempPrefix = ".tmp-"

// path is the file of the entry of key.
func (c *Cache) path(key Key) string {
	name := key.String()
	return filepath.Join(c.dir, name[:2], name)
}

// isShard reports whether name is that of a subdirectory of entries: two
// lower-case hex digits.
func isShard(name string) bool {
	return len(name) == 2 && isHex(name)
}

// isEntry reports whether name is that of an entry: a key in hex.
func isEntry(name string) bool {
	return len(name) == 2*len(Key{}) && isHex(name)
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
