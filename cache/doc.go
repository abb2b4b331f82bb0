// Package cache is speccify-lint's result cache on disk: content-addressed
// entries, each the result of work whose every input is hashed into its
// key, so that a result is reused only where the work would give it again.
//
// The store knows nothing of what it holds. A Key is the SHA-256 of the
// inputs of a piece of work (KeyOf: each part written with its length, so
// that no two lists of parts make the same bytes), and every key a Cache
// makes also holds the format of the entries and the identity of the
// running binary (BinaryID: the SHA-256 of its executable), so that an
// entry is only ever read by the build that wrote it. Entries are written
// in packs (DIR/packs/*.pack, pack.go): the entries a process put, written
// a while after the first of them or as it closes the cache, as one
// temporary file in the same directory renamed into place, so that a
// reader sees a whole pack or none, and two processes filling one cache
// race only about which of two equal entries a later merge keeps. No lock
// is held.
//
// Every entry carries its key, its length and a SHA-256 checksum of all of
// it: an entry that is truncated, has a flipped byte, is another key's
// (copied or renamed), was written by another format or was edited by hand
// is a miss (Get returns false), never a result. Marshal and Unmarshal
// encode the values an entry holds, for the binary that wrote them.
//
// The directory must be the user's own: Open refuses one that another user
// owns or may write (the directory or one of its subdirectories; on Unix),
// since whoever may write an entry may forge it. Entries that were not used
// for MaxAge are removed, and then the least recently used ones while the
// cache is over MaxSize, at most once a day (Trim: the packs merged into
// one); a hit on an entry last marked used over a day ago marks it used
// again. Clean removes every entry.
package cache
