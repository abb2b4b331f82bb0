package main

import (
	"github.com/speccify/speccify-lint/discover"
	"github.com/speccify/speccify-lint/lint"
)

// narrow applies --changed-since and --shard to what Discover found (see
// lint.Narrow) and returns the shard (the zero Shard without --shard).
func (c *LintCmd) narrow(disc *discover.Discovery, root string) (discover.Shard, error) {
	var shard discover.Shard
	if c.Shard != "" {
		var err error
		if shard, err = discover.ParseShard(c.Shard); err != nil {
			return shard, err
		}
	}
	return shard, lint.Narrow(disc, root, c.ChangedSince, shard)
}
