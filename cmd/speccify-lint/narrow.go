package main

import (
	"github.com/speccify/speccify-lint/discover"
)

// narrow applies --changed-since and --shard to what Discover found, in that
// order, and returns the shard (the zero Shard without --shard).
//
// --changed-since keeps the tool and skill folders that hold a changed file;
// --shard then keeps the tool folders of shard K, and leaves the skill
// folders and escaping symbolic links to shard 1.
func (c *LintCmd) narrow(disc *discover.Discovery, root string) (discover.Shard, error) {
	var shard discover.Shard
	if c.Shard != "" {
		var err error
		if shard, err = discover.ParseShard(c.Shard); err != nil {
			return shard, err
		}
	}
	if c.ChangedSince != "" {
		tools, err := discover.ChangedFolders(root, c.ChangedSince, disc.Tools)
		if err != nil {
			return shard, err
		}
		skills, err := discover.ChangedFolders(root, c.ChangedSince, disc.Skills)
		if err != nil {
			return shard, err
		}
		disc.Tools, disc.Skills = tools, skills
	}
	shard.Apply(disc, root)
	return shard, nil
}
