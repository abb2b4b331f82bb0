//go:build !linux

package runner

import (
	"os"
	"time"
)

// cloneFile reports that the file was not cloned: the caller copies its
// bytes (io.Copy, which uses the system's copy call where there is one).
func cloneFile(out, in *os.File) bool { return false }

// setModTime sets the modification time of the file name in dir (and its
// access time to the same); f is the file open.
func setModTime(dir *os.Root, name string, f *os.File, t time.Time) error {
	return dir.Chtimes(name, t, t)
}
