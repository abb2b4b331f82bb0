package discover

import (
	"fmt"
	"hash/fnv"
	"path/filepath"
	"strconv"
	"strings"
)

// Shard is one of N parts of the tool folders, numbered from 1 (--shard K/N).
// The zero value is "no sharding": it selects everything.
//
// A tool folder belongs to shard 1 + FNV-1a-64(path) mod N, where path is the
// folder's root-relative slash path (".agent/tools/fetch"). The assignment of
// a folder depends only on its own path and N, so adding or removing tools
// never moves another tool to a different shard, and every machine computes
// the same partition.
type Shard struct {
	K, N int
}

// ParseShard parses "K/N" with 1 <= K <= N.
func ParseShard(s string) (Shard, error) {
	ks, ns, ok := strings.Cut(strings.TrimSpace(s), "/")
	k, kerr := strconv.Atoi(ks)
	n, nerr := strconv.Atoi(ns)
	if !ok || kerr != nil || nerr != nil {
		return Shard{}, fmt.Errorf("--shard %q: want K/N, e.g. 2/4 for the second of four shards", s)
	}
	if n < 1 || k < 1 || k > n {
		return Shard{}, fmt.Errorf("--shard %q: want 1 <= K <= N", s)
	}
	return Shard{K: k, N: n}, nil
}

// String is "K/N", or "" for the zero Shard.
func (s Shard) String() string {
	if s.N == 0 {
		return ""
	}
	return strconv.Itoa(s.K) + "/" + strconv.Itoa(s.N)
}

// First reports whether s is the first shard or no sharding at all: the shard
// that also checks what is not a tool folder (skill folders, symbolic links
// that leave the root).
func (s Shard) First() bool { return s.N <= 1 || s.K == 1 }

// Holds reports whether the path p (a tool folder) belongs to shard s:
// paths are hashed by their slash path relative to root, the "dir" of the
// tool in reports; the zero Shard and N = 1 hold every path.
func (s Shard) Holds(p, root string) bool {
	return s.N <= 1 || shardOf(shardKey(p, root), s.N) == s.K
}

// shardOf is the 1-based shard of key among n.
func shardOf(key string, n int) int {
	h := fnv.New64a()
	h.Write([]byte(key))
	return int(h.Sum64()%uint64(n)) + 1
}

// shardKey is the root-relative slash path of p, as reports name the folder.
func shardKey(p, root string) string {
	abs, err := filepath.Abs(p)
	if err != nil {
		return filepath.ToSlash(p)
	}
	if root != "" {
		if absRoot, err := filepath.Abs(root); err == nil {
			if rel, err := filepath.Rel(absRoot, abs); err == nil {
				return filepath.ToSlash(rel)
			}
		}
	}
	return filepath.ToSlash(abs)
}
