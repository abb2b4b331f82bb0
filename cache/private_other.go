//go:build !unix

package cache

import "io/fs"

// notPrivate does not judge a directory here: Windows gives access by ACLs,
// which Go does not read; a user's profile directory is private by default.
func notPrivate(fs.FileInfo) string { return "" }
