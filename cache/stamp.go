package cache

import (
	"io/fs"
	"time"
)

// Stamp is what the file system says of a file that changes whenever its
// content may have: its device and inode, size, mode, and the times of its
// last modification and of its last change of status (ctime, which no
// program can set back). Two equal stamps of a settled file (Settled) mean
// the same content, as git's index and Go's test cache take them to.
type Stamp struct {
	Dev, Ino     uint64
	Size         int64
	Mode         uint32
	MTime, CTime int64 // nanoseconds since 1970
}

// racyWindow is how recent a change may be for a stamp not to be trusted:
// a file written again within the clock's granularity of its last stamp
// may keep that stamp.
const racyWindow = 2 * time.Second

// StampOf is the stamp of a file from its Lstat or Stat; false where the
// system gives no inode or change time (Windows), where only the content
// tells.
func StampOf(info fs.FileInfo) (Stamp, bool) {
	return stampOf(info)
}

// Settled reports whether the file's last modification and change are at
// least racyWindow before now: a later write would then change the stamp.
func (s Stamp) Settled(now time.Time) bool {
	limit := now.Add(-racyWindow).UnixNano()
	return s.MTime < limit && s.CTime < limit
}
