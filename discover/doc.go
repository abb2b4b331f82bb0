// Package discover finds the tool and skill folders of a tree on disk and
// lists them: the walk (Discover), the listing of one tool folder (its
// implementations and fixtures), the partition into shards (--shard), the
// folders git reports as changed (--changed-since), the git top level, and
// what git says of the files under the root (GitFiles: tracked, or ignored
// and by which pattern).
//
// What it finds is plain data: a Discovery holds the tool folders, each with
// the directory entries the walk read of it (Tool.Listing), so that listing
// a folder does not read it again. No method changes a Discovery; the engine
// (package lint) narrows it and lets go of each listing once it is used.
// It knows nothing of TOOL.md's content (package contract) nor of findings
// (package lint).
package discover
