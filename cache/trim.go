package cache

import (
	"bytes"
	"cmp"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"
)

// Trim trims the cache at most once a day (the time of the last trim is in
// trim.txt; a cache without it is new, and gets it): it merges the packs
// into one without the entries not used for MaxAge nor, beyond MaxSize,
// the least recently used ones, and removes the temporary files of writes
// interrupted over an hour ago.
func (c *Cache) Trim() error {
	now := c.now()
	path := filepath.Join(c.dir, trimFile)
	data, err := os.ReadFile(path)
	due := false // a new cache has nothing to trim yet
	if err == nil {
		t, err := strconv.ParseInt(string(bytes.TrimSpace(data)), 10, 64)
		last := time.Unix(t, 0)
		due = err != nil || now.Sub(last) >= trimEvery || last.After(now)
	}
	if err == nil && !due {
		return nil
	}
	// Said first, so that processes ending together do not all trim.
	if err := writeFile(c.dir, path, []byte(strconv.FormatInt(now.Unix(), 10)+"\n")); err != nil || !due {
		return err
	}
	return c.merge(now, MaxAge, MaxSize)
}

// live is an entry a merge keeps: where its newest record is.
type live struct {
	key  Key
	p    *pack
	i    int
	size int
	used int64
}

// merge writes the newest whole record of each key of the packs read into
// one new pack, but those not used since maxAge before now and, while the
// rest is over maxSize, the least recently used; then removes the packs it
// merged, the packs that are not whole and stale temporary files.
// Another process may be reading a pack it removes: its reads then miss.
func (c *Cache) merge(now time.Time, maxAge time.Duration, maxSize int64) error {
	c.scan()
	c.mu.Lock()
	merged := slices.Clone(c.readers)
	c.mu.Unlock()
	seen := map[Key]bool{}
	var keep []live
	for _, p := range merged {
		for i := range p.records() {
			key := Key(p.keyAt(i))
			if seen[key] {
				continue
			}
			seen[key] = true
			if _, length, used := p.entryAt(i); now.Sub(time.Unix(used, 0)) <= maxAge {
				keep = append(keep, live{key, p, i, length, used})
			}
		}
	}
	slices.SortStableFunc(keep, func(a, b live) int { return cmp.Compare(b.used, a.used) })
	var total int64
	for i, e := range keep {
		if total += int64(e.size); total > maxSize {
			keep = keep[:i]
			break
		}
	}
	var errs []error
	if len(keep) > 0 {
		w := newPackWriter()
		for _, e := range keep {
			// Checked as it is copied: a record that is not whole goes.
			if data, used, ok := e.p.read(e.i, e.key); ok {
				w.add(e.key, used, data)
			}
		}
		p, err := c.writePack(w)
		if err != nil {
			return err
		}
		if p != nil {
			c.mu.Lock()
			c.readers = append(c.readers, p)
			c.mu.Unlock()
		}
	}
	c.mu.Lock()
	c.readers = slices.DeleteFunc(c.readers, func(p *pack) bool { return slices.Contains(merged, p) })
	sortPacks(c.readers)
	// Kept open until the next merge or Close: a Get under way may hold
	// them still, and reads an unlinked file as well as a linked one
	// (closed at once, its read would fail: a miss for nothing). The
	// packs of the merge before are no Get's any more.
	older := c.retired
	c.retired = merged
	c.mu.Unlock()
	for _, p := range older {
		p.f.Close()
	}
	for _, p := range merged {
		errs = append(errs, removeMissing(p.name))
	}
	errs = append(errs, c.removeLeftovers(now))
	return errors.Join(errs...)
}

// removeLeftovers removes the temporary files of writes interrupted over
// staleTemp ago, and the files named as packs that are not whole packs
// and as old.
func (c *Cache) removeLeftovers(now time.Time) error {
	entries, err := os.ReadDir(c.packs)
	if err != nil {
		return err
	}
	var errs []error
	for _, e := range entries {
		name := e.Name()
		info, err := e.Info()
		if err != nil || !info.Mode().IsRegular() || now.Sub(info.ModTime()) <= staleTemp {
			continue
		}
		path := filepath.Join(c.packs, name)
		switch {
		case strings.HasPrefix(name, tempPrefix):
			errs = append(errs, removeMissing(path))
		case isPackName(name):
			if p, err := openPack(path); err != nil {
				errs = append(errs, removeMissing(path))
			} else {
				p.f.Close()
			}
		}
	}
	return errors.Join(errs...)
}

// Clean removes every entry (every pack) and the temporary files of writes
// under way; what else is in the directory (what the cache did not write)
// stays.
func (c *Cache) Clean() error {
	c.mu.Lock()
	for _, p := range c.readers {
		p.f.Close()
	}
	c.readers = nil
	c.pending, c.size = map[Key][]byte{}, 0
	c.mu.Unlock()
	entries, err := os.ReadDir(c.packs)
	if err != nil {
		return err
	}
	var errs []error
	for _, e := range entries {
		if name := e.Name(); isPackName(name) || strings.HasPrefix(name, tempPrefix) {
			errs = append(errs, removeMissing(filepath.Join(c.packs, name)))
		}
	}
	errs = append(errs, removeMissing(filepath.Join(c.dir, trimFile)))
	return errors.Join(errs...)
}

// removeMissing removes path; that it is gone already is no error.
func removeMissing(path string) error {
	if err := os.Remove(path); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	return nil
}
