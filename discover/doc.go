// Package discover finds the tool and skill folders of a tree on disk and
// lists them: the walk (Discover), the listing of one tool folder (its
// implementations and fixtures), the partition into shards (--shard) and
// the folders git reports as changed (--changed-since).
//
// It reads the file system and git and reports what it finds as data; it
// knows nothing of TOOL.md's content (package contract) nor of findings
// (package lint).
package discover
