//go:build linux

package runner

import (
	"os"
	"time"

	"golang.org/x/sys/unix"
)

// cloneFile makes out share in's blocks (FICLONE: a reflink on Btrfs, XFS
// and other copy-on-write file systems), and reports whether it could;
// otherwise the caller copies the bytes.
func cloneFile(out, in *os.File) bool {
	inConn, err := in.SyscallConn()
	if err != nil {
		return false
	}
	outConn, err := out.SyscallConn()
	if err != nil {
		return false
	}
	cloned := false
	_ = inConn.Control(func(src uintptr) {
		_ = outConn.Control(func(dst uintptr) {
			cloned = unix.IoctlFileClone(int(dst), int(src)) == nil
		})
	})
	return cloned
}

// setModTime sets the modification time of the file name in dir, open as
// f (and its access time to the same), through f, without looking its path
// up again.
func setModTime(_ *os.Root, _ string, f *os.File, t time.Time) error {
	conn, err := f.SyscallConn()
	if err != nil {
		return err
	}
	ts := []unix.Timespec{unix.NsecToTimespec(t.UnixNano()), unix.NsecToTimespec(t.UnixNano())}
	var serr error
	if err := conn.Control(func(fd uintptr) { serr = unix.UtimesNanoAt(int(fd), "", ts, unix.AT_EMPTY_PATH) }); err != nil {
		return err
	}
	return serr
}
