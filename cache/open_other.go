//go:build !unix

package cache

// openNonblock is no flag here (no FIFO can be swapped in for a file).
const openNonblock = 0
