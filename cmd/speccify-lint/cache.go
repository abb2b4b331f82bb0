package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/speccify/speccify-lint/cache"
)

// cacheEnv names the result cache's directory, or is "off" to turn the
// cache off: the setting of the cache (not the configuration file's, which
// the repository and so a pull request writes: a directory it named could
// hold entries it forged).
const cacheEnv = "SPECCIFY_LINT_CACHE"

// cacheOff is the value of cacheEnv that turns the cache off.
const cacheOff = "off"

// CacheFlags are where the result cache is, for the commands that use it.
// --cache-dir, like the sandbox's flags, is not a setting of the
// configuration file: the file is the repository's, which a pull request
// writes, and a directory it named would be a path outside the root that
// speccify-lint writes to and reads results from. no-cache is a setting:
// turning the cache off only costs time.
type CacheFlags struct {
	CacheDir string `name:"cache-dir" placeholder:"DIR" config:"-" help:"The result cache's directory (default: $SPECCIFY_LINT_CACHE, else speccify-lint in the user cache directory); a directory other users may write, or one inside the root, is not used."`
	NoCache  bool   `name:"no-cache" help:"Neither read nor write the result cache: check and run every tool (as SPECCIFY_LINT_CACHE=off does)."`
}

// dir is the cache directory the flags and the environment name; "" when
// the cache is off (why says by what).
func (f CacheFlags) dir() (dir, off string, err error) {
	switch env := os.Getenv(cacheEnv); {
	case f.NoCache:
		return "", "--no-cache", nil
	case f.CacheDir != "":
		dir = f.CacheDir
	case env == cacheOff:
		return "", cacheEnv + "=" + cacheOff, nil
	case env != "":
		dir = env
	default:
		user, err := os.UserCacheDir()
		if err != nil {
			return "", "", fmt.Errorf("no user cache directory: %w (set %s or --cache-dir)", err, cacheEnv)
		}
		dir = filepath.Join(user, "speccify-lint")
	}
	dir, err = filepath.Abs(dir)
	return dir, "", err
}

// open opens the result cache for a run over root ("" for none), or says
// in one line on stderr why it is not used and returns nil: it cannot be
// made, another user may write it, or it lies inside root, whose files a
// pull request may have written (an entry among them could be forged).
// The cache being off is said nowhere.
func (f CacheFlags) open(root string, stderr io.Writer) *cache.Cache {
	dir, off, err := f.dir()
	if off != "" {
		return nil
	}
	if err == nil && root != "" && inside(dir, root) {
		err = fmt.Errorf("the cache directory %s is not used: it is inside %s, whose files the checked tree (a pull request) may write", dir, root)
	}
	var c *cache.Cache
	if err == nil {
		c, err = cache.Open(dir)
	}
	if err != nil {
		var insecure *cache.InsecureError
		if !errors.As(err, &insecure) {
			err = fmt.Errorf("the result cache is not used: %w", err)
		}
		fmt.Fprintf(stderr, "speccify-lint: %s\n", oneLine(err.Error()))
		return nil
	}
	return c
}

// inside reports whether dir is root or lies below it, as written or as
// their symbolic links resolve.
func inside(dir, root string) bool {
	for _, d := range withReal(dir) {
		for _, r := range withReal(root) {
			if rel, err := filepath.Rel(r, d); err == nil && filepath.IsLocal(rel) || rel == "." {
				return true
			}
		}
	}
	return false
}

// withReal is p and, when it differs, p with its symbolic links resolved
// (of its nearest existing ancestor, for a path not made yet).
func withReal(p string) []string {
	out := []string{p}
	rest := ""
	for q := p; ; q = filepath.Dir(q) {
		if real, err := filepath.EvalSymlinks(q); err == nil {
			if full := filepath.Join(real, rest); full != p {
				out = append(out, full)
			}
			return out
		}
		if filepath.Dir(q) == q {
			return out
		}
		rest = filepath.Join(filepath.Base(q), rest)
	}
}

// CacheCmd is the cache command: where the result cache is, and emptying
// it.
type CacheCmd struct {
	Dir   CacheDirCmd   `cmd:"" help:"Print the result cache's directory."`
	Clean CacheCleanCmd `cmd:"" help:"Remove every entry of the result cache."`
}

// CacheDirCmd prints the cache directory.
type CacheDirCmd struct {
	CacheDir string `name:"cache-dir" placeholder:"DIR" help:"The directory to name (default: $SPECCIFY_LINT_CACHE, else speccify-lint in the user cache directory)."`
}

// Run prints the directory, or says that the cache is off (exit 2).
func (c *CacheDirCmd) Run(env *runEnv) error {
	dir, off, err := CacheFlags{CacheDir: c.CacheDir}.dir()
	switch {
	case err != nil:
		return usageError{err}
	case off != "":
		return usageErrorf("the result cache is off (%s)", off)
	}
	_, err = fmt.Fprintln(env.stdout, dir)
	return err
}

// CacheCleanCmd removes the entries of the cache.
type CacheCleanCmd struct {
	CacheDir string `name:"cache-dir" placeholder:"DIR" help:"The directory to empty (default: $SPECCIFY_LINT_CACHE, else speccify-lint in the user cache directory)."`
}

// Run removes every entry; a directory that does not exist is empty.
func (c *CacheCleanCmd) Run(*runEnv) error {
	dir, off, err := CacheFlags{CacheDir: c.CacheDir}.dir()
	switch {
	case err != nil:
		return usageError{err}
	case off != "":
		return usageErrorf("the result cache is off (%s)", off)
	}
	if _, err := os.Stat(dir); errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	store, err := cache.Open(dir)
	if err != nil {
		return usageError{err}
	}
	if err := store.Clean(); err != nil {
		return usageErrorf("cleaning %s: %v", dir, err)
	}
	return nil
}

// closeCache writes what a command put into the cache and trims it (at
// most once a day: cache.Trim) as the command ends; nil is no cache.
func closeCache(c *cache.Cache) {
	if c != nil {
		_ = c.Close()
	}
}
