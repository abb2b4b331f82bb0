//go:build unix

package main

import (
	"io"

	"golang.org/x/sys/unix"
)

// terminalWidth is the width in columns of the terminal w, or 80 when it
// cannot be asked.
func terminalWidth(w io.Writer) int {
	if f, ok := fileOf(w); ok {
		if ws, err := unix.IoctlGetWinsize(int(f.Fd()), unix.TIOCGWINSZ); err == nil && ws.Col > 0 {
			return int(ws.Col)
		}
	}
	return 80
}

// canRedraw reports whether the terminal w handles the status line's
// escape sequences: every Unix terminal but TERM=dumb does.
func canRedraw(io.Writer) bool { return true }
