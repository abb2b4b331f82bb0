package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"slices"

	"github.com/speccify/speccify-lint/discover"
)

// discover finds the tool folders under paths and narrows them (--shard,
// --changed-since); with note, it says on stderr when that leaves none.
func (c *LintCmd) discover(paths []string, root string, note bool, stderr io.Writer) (*discover.Discovery, discover.Shard, error) {
	disc, err := discover.Discover(paths, discover.Options{Root: root, Exclude: c.Exclude})
	if outside := (*discover.OutsideError)(nil); errors.As(err, &outside) {
		return nil, discover.Shard{}, fmt.Errorf("%w; name a path inside it, or set --root", err)
	}
	if err != nil {
		return nil, discover.Shard{}, err
	}
	followed := paths
	if note && len(disc.Unfollowed) > 0 {
		followed = nil
		for _, p := range paths {
			if !slices.ContainsFunc(disc.Unfollowed, func(u discover.Unfollowed) bool { return u.Path == p }) {
				followed = append(followed, p)
			}
		}
		for _, u := range disc.Unfollowed {
			fmt.Fprintf(stderr, "speccify-lint: %s: not checked: %s is a symbolic link to a directory, which speccify-lint does not follow\n", u.Path, discover.RelPath(root, u.Link))
		}
	}
	found := len(disc.Tools)
	shard, err := c.narrow(disc, root)
	if err != nil {
		return nil, shard, err
	}
	if note && len(followed) > 0 {
		if err := noToolsNote(stderr, root, followed, found, len(disc.Tools)); err != nil {
			return nil, shard, err
		}
	}
	return disc, shard, nil
}

// narrow applies --changed-since and --shard to what Discover found (see
// discover.Discovery.Narrow) and returns the shard (the zero Shard without --shard).
func (c *LintCmd) narrow(disc *discover.Discovery, root string) (discover.Shard, error) {
	var shard discover.Shard
	if c.Shard != "" {
		var err error
		if shard, err = discover.ParseShard(c.Shard); err != nil {
			return shard, err
		}
	}
	return shard, disc.Narrow(root, c.ChangedSince, shard)
}

// rediscover finds the tool folders again after fixes: under paths, as
// the first time; when a fix deleted a file that paths name (pre-commit
// passes the files), under the paths that are left and the folders found
// the first time.
func (c *LintCmd) rediscover(paths []string, found *discover.Discovery, root string) (*discover.Discovery, error) {
	var left []string
	for _, p := range paths {
		if _, err := os.Lstat(p); err == nil {
			left = append(left, p)
		}
	}
	if len(left) < len(paths) {
		for _, t := range found.Tools {
			left = append(left, t.Dir)
		}
		left = append(left, found.Skills...)
	}
	disc, _, err := c.discover(left, root, false, nil)
	return disc, err
}
