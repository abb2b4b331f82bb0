//go:build unix

package cache

import "syscall"

// openNonblock opens a file without waiting: a FIFO swapped in for a file
// between its Lstat and its opening does not block the open.
const openNonblock = syscall.O_NONBLOCK
