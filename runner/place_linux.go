//go:build linux

package runner

import (
	"golang.org/x/sys/unix"
)

// memoryDir is the directory of memory file system where workspaces go
// when they fit: file creation and removal there cost a fraction of what
// they cost on a disk (on a disk mounted with discard, a removal is a
// request to the device).
const memoryDir = "/dev/shm"

// memoryLimit is the largest tool folder copied to memoryDir; a larger one
// goes to $TMPDIR.
const memoryLimit = 64 << 20

// parentFor is the directory a workspace whose copy takes size bytes is
// made in: memoryDir when it is a writable tmpfs with room to spare (four
// times size, and 16 MiB more: a container's /dev/shm is often 64 MiB),
// else "" (os.MkdirTemp's default, $TMPDIR).
func parentFor(size int64) string {
	if size > memoryLimit {
		return ""
	}
	var st unix.Statfs_t
	if err := unix.Statfs(memoryDir, &st); err != nil || st.Type != unix.TMPFS_MAGIC {
		return ""
	}
	if free := int64(st.Bavail) * st.Bsize; free < 4*size+16<<20 {
		return ""
	}
	if unix.Access(memoryDir, unix.W_OK|unix.X_OK) != nil {
		return ""
	}
	return memoryDir
}
