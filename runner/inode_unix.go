//go:build unix

package runner

import (
	"io/fs"
	"syscall"
)

// inode is the inode number of a file, from its stat data.
func inode(info fs.FileInfo) uint64 {
	if st, ok := info.Sys().(*syscall.Stat_t); ok {
		return uint64(st.Ino)
	}
	return 0
}
