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

// Trim removes, at most once a day (the time of the last trim is in
// trim.txt), the entries not used for MaxAge, the temporary files of writes
// interrupted over an hour ago, and then the least recently used entries
// while the entries are over MaxSize. Entries other processes are reading
// may go: a reader that loses its entry has a miss.
func (c *Cache) Trim() error {
	now := c.now()
	path := filepath.Join(c.dir, trimFile)
	if data, err := os.ReadFile(path); err == nil {
		if t, err := strconv.ParseInt(string(bytes.TrimSpace(data)), 10, 64); err == nil {
			if last := time.Unix(t, 0); now.Sub(last) < trimEvery && !last.After(now) {
				return nil
			}
		}
	}
	// Said first, so that processes ending together do not all trim.
	if err := c.writeFile(path, []byte(strconv.FormatInt(now.Unix(), 10)+"\n")); err != nil {
		return err
	}
	return c.trim(now, MaxAge, MaxSize)
}

// kept is an entry Trim keeps unless the cache is over its size.
type kept struct {
	path string
	size int64
	used time.Time
}

// trim removes what is older than maxAge, then the least recently used
// entries until the rest is at most maxSize.
func (c *Cache) trim(now time.Time, maxAge time.Duration, maxSize int64) error {
	var entries []kept
	var total int64
	var errs []error
	err := c.eachFile(func(path string, info fs.FileInfo, entry bool) {
		switch {
		case !entry && now.Sub(info.ModTime()) > staleTemp,
			entry && now.Sub(info.ModTime()) > maxAge:
			errs = append(errs, removeMissing(path))
		case entry:
			entries = append(entries, kept{path, info.Size(), info.ModTime()})
			total += info.Size()
		}
	})
	if total > maxSize {
		slices.SortFunc(entries, func(a, b kept) int { return cmp.Compare(a.used.UnixNano(), b.used.UnixNano()) })
		for _, e := range entries {
			if total <= maxSize {
				break
			}
			errs = append(errs, removeMissing(e.path))
			total -= e.size
		}
	}
	return errors.Join(append(errs, err)...)
}

// Clean removes every entry, and the temporary files of writes under way;
// what else is in the directory (what the cache did not write) stays.
func (c *Cache) Clean() error {
	var errs []error
	err := c.eachFile(func(path string, _ fs.FileInfo, _ bool) {
		errs = append(errs, removeMissing(path))
	})
	shards, _ := os.ReadDir(c.dir)
	for _, s := range shards {
		if isShard(s.Name()) {
			// Only when empty: what someone put there stays.
			_ = os.Remove(filepath.Join(c.dir, s.Name()))
		}
	}
	errs = append(errs, removeMissing(filepath.Join(c.dir, trimFile)))
	return errors.Join(append(errs, err)...)
}

// eachFile calls visit for each file of the cache's subdirectories that
// the cache wrote: an entry (entry is true) or a temporary file.
func (c *Cache) eachFile(visit func(path string, info fs.FileInfo, entry bool)) error {
	shards, err := os.ReadDir(c.dir)
	if err != nil {
		return err
	}
	for _, s := range shards {
		if !s.IsDir() || !isShard(s.Name()) {
			continue
		}
		dir := filepath.Join(c.dir, s.Name())
		files, err := os.ReadDir(dir)
		if err != nil {
			continue
		}
		for _, f := range files {
			name := f.Name()
			entry := isEntry(name) && name[:2] == s.Name()
			if !entry && !strings.HasPrefix(name, tempPrefix) {
				continue
			}
			if info, err := f.Info(); err == nil && info.Mode().IsRegular() {
				visit(filepath.Join(dir, name), info, entry)
			}
		}
	}
	return nil
}

// removeMissing removes path; that it is gone already is no error.
func removeMissing(path string) error {
	if err := os.Remove(path); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	return nil
}
