package main

import "github.com/speccify/speccify-lint/discover"

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
