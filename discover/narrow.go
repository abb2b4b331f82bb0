package discover

import "slices"

// Narrow applies --changed-since and --shard to what Discover found, in that
// order: with changedSince (a git revision), it keeps the tool and skill
// folders that hold a file changed since then (ChangedFolders);
// then it keeps the tool folders of shard, and leaves the skill folders and
// escaping symbolic links to shard 1, so that merging the shards' reports
// counts each of them once. The zero Shard keeps everything.
//
// The tools it drops leave disc.Tools with their listings, so that these do
// not stay in memory for nothing. On an error disc is unchanged.
func (disc *Discovery) Narrow(root, changedSince string, shard Shard) error {
	if changedSince != "" {
		tools, err := ChangedFolders(root, changedSince, disc.ToolDirs())
		if err != nil {
			return err
		}
		skills, err := ChangedFolders(root, changedSince, disc.Skills)
		if err != nil {
			return err
		}
		changed := make(map[string]bool, len(tools))
		for _, dir := range tools {
			changed[dir] = true
		}
		disc.Tools = slices.DeleteFunc(disc.Tools, func(t Tool) bool { return !changed[t.Dir] })
		disc.Skills = skills
	}
	disc.Tools = slices.DeleteFunc(disc.Tools, func(t Tool) bool { return !shard.Holds(t.Dir, root) })
	if !shard.First() {
		disc.Skills = nil
		disc.Escapes = nil
	}
	return nil
}
