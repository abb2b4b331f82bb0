package cache

import (
	"io/fs"
	"syscall"
)

func stampOf(info fs.FileInfo) (Stamp, bool) {
	st, ok := info.Sys().(*syscall.Stat_t)
	if !ok {
		return Stamp{}, false
	}
	return Stamp{Dev: uint64(st.Dev), Ino: st.Ino, Size: st.Size, Mode: uint32(st.Mode),
		MTime: st.Mtimespec.Nano(), CTime: st.Ctimespec.Nano()}, true
}
