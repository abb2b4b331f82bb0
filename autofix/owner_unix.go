//go:build unix

package autofix

import (
	"io/fs"
	"os"
	"syscall"
)

// keepOwner gives f, the new file that replaces old, old's owner and group
// when they differ from the ones it was created with. Only root may give a
// file to another user, and a user only the groups they belong to:
//
//   - When f already has old's owner (the user's own file) and only the
//     group cannot be set, the group is left as the system gave it, as an
//     editor that saves by renaming leaves it: the file stays its owner's,
//     who can read and write it as before.
//   - When old belongs to another user whom f cannot be given, the fix is
//     not written: replacing the file would take it from its owner (and
//     write a file this user may have no permission to write).
func keepOwner(f *os.File, old fs.FileInfo) error {
	want, ok := old.Sys().(*syscall.Stat_t)
	if !ok {
		return nil
	}
	info, err := f.Stat()
	if err != nil {
		return err
	}
	got, ok := info.Sys().(*syscall.Stat_t)
	if !ok {
		return nil
	}
	return ownerKept(want.Uid, want.Gid, got.Uid, got.Gid, f.Chown)
}
