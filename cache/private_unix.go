//go:build unix

package cache

import (
	"fmt"
	"io/fs"
	"os"
	"syscall"
)

// notPrivate says why the directory info is not this user's alone: owned by
// another user, or writable by its group or by everyone; "" when it is.
func notPrivate(info fs.FileInfo) string {
	if st, ok := info.Sys().(*syscall.Stat_t); ok && int(st.Uid) != os.Geteuid() {
		return fmt.Sprintf("it belongs to another user (uid %d)", st.Uid)
	}
	if perm := info.Mode().Perm(); perm&0o022 != 0 {
		return fmt.Sprintf("other users may write it (mode %04o)", perm)
	}
	return ""
}
