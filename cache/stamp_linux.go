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
	return Stamp{Dev: uint64(st.Dev), Ino: uint64(st.Ino), Size: st.Size, Mode: uint32(st.Mode),
		MTime: st.Mtim.Nano(), CTime: st.Ctim.Nano()}, true
}
