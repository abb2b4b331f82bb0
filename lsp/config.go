package lsp

import (
	"cmp"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"slices"

	"github.com/speccify/speccify-lint/discover"
	"github.com/speccify/speccify-lint/lint"
)

// configState is the configuration of a workspace root as loaded, and the
// stamp of the files it was read from.
type configState struct {
	cfg     lint.Config
	exclude discover.Options // Root and Exclude only
	err     error
	files   []string // Config.Files
	stamp   string   // stampFiles(files), before they were read
}

// rootConfig is the lint configuration of root and its exclusion (the
// Exclude globs and the root their paths are relative to), loaded once
// (again after the configuration file changes).
func (s *server) rootConfig(root string) (lint.Config, discover.Options) {
	s.mu.Lock()
	c, ok := s.configs[root]
	s.mu.Unlock()
	if !ok {
		c = configState{cfg: lint.Config{Root: root}}
		if s.opt.Config != nil {
			cfg, err := s.opt.Config(root)
			c.files = slices.Clone(cfg.Files)
			// Stamped after the read: a change while it was read is
			// noticed at the next lint (read again, to the same effect at
			// worst).
			c.stamp = stampFiles(c.files)
			if err != nil {
				c.err = err
				s.showError(fmt.Sprintf("speccify-lint: the configuration of %s: %v; the defaults are used", root, oneLine(err.Error())))
			} else {
				cfg.Lint.Root = root
				c.cfg = cfg.Lint
				c.exclude = discover.Options{Root: cmp.Or(cfg.ExcludeRoot, root), Exclude: cfg.Exclude}
			}
		}
		s.mu.Lock()
		s.configs[root] = c
		s.mu.Unlock()
	}
	cfg := c.cfg
	cfg.Run, cfg.Explore, cfg.Progress = false, nil, nil
	cfg.Version = s.opt.Version
	return cfg, c.exclude
}

// checkConfig notices a change of the configuration files of root that
// no editor reported (a client that watches no files): when one of them
// holds something else than when the configuration was read (written,
// created, removed), the configuration is forgotten and the root's folders
// are linted again. It reports whether it changed.
func (s *server) checkConfig(root string) bool {
	s.mu.Lock()
	c, ok := s.configs[root]
	s.mu.Unlock()
	if !ok || len(c.files) == 0 || stampFiles(c.files) == c.stamp {
		return false
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	delete(s.configs, root)
	s.noteChange()
	s.refresh()
	for _, f := range s.folders {
		if f.root == root {
			s.changed(f, 0)
		}
	}
	return true
}

// maxStamped bounds how much of a configuration file its stamp hashes: a
// larger one is stamped by its size and time of change.
const maxStamped = 1 << 20

// stampFiles is what the files at paths hold, in a few bytes: for each,
// whether it is there, and a hash of its contents (its size and time of
// change when it is larger than maxStamped).
func stampFiles(paths []string) string {
	h := sha256.New()
	for _, p := range paths {
		fmt.Fprintf(h, "%q:", p)
		info, err := os.Stat(p)
		switch {
		case err != nil:
			io.WriteString(h, "none;")
			continue
		case !info.Mode().IsRegular() || info.Size() > maxStamped:
			fmt.Fprintf(h, "%v %d %d;", info.Mode(), info.Size(), info.ModTime().UnixNano())
			continue
		}
		f, err := os.Open(p)
		if err != nil {
			io.WriteString(h, "unreadable;")
			continue
		}
		n, _ := io.Copy(h, io.LimitReader(f, maxStamped+1))
		f.Close()
		fmt.Fprintf(h, " %d;", n)
	}
	return hex.EncodeToString(h.Sum(nil))
}
