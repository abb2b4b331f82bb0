package cache

import (
	"crypto/sha256"
	"io"
	"os"
	"runtime"
)

// binaryID is the SHA-256 of the running binary's executable: part of
// every key, so that no entry is read by another build than the one that
// wrote it (whatever version it says it is). The hash of an executable is
// kept in the cache under its path and stamp (StampOf), so that it is read
// whole again only when the file changed.
func (c *Cache) binaryID(exe func() (*os.File, error)) (Key, error) {
	f, err := exe()
	if err != nil {
		return Key{}, err
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return Key{}, err
	}
	stamp, stamped := StampOf(info)
	stamped = stamped && stamp.Settled(c.now())
	var memo Key
	if stamped {
		memo = KeyOf("binary").String(f.Name()).Int(int64(stamp.Dev)).Int(int64(stamp.Ino)).
			Int(stamp.Size).Int(stamp.MTime).Int(stamp.CTime).Sum()
		if data, ok := c.Get(memo); ok && len(data) == len(Key{}) {
			return Key(data), nil
		}
	}
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return Key{}, err
	}
	var id Key
	h.Sum(id[:0])
	if stamped {
		_ = c.Put(memo, id[:])
	}
	return id, nil
}

// executable opens the running binary: on Linux the file the process runs
// (/proc/self/exe), even when its path has been replaced since it started.
func executable() (*os.File, error) {
	if runtime.GOOS == "linux" {
		if f, err := os.Open("/proc/self/exe"); err == nil {
			return f, nil
		}
	}
	path, err := os.Executable()
	if err != nil {
		return nil, err
	}
	return os.Open(path)
}
