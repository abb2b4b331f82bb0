//go:build windows

package main

import (
	"io"

	"golang.org/x/sys/windows"
)

// terminalWidth is the width in columns of the console w, or 80 when it
// cannot be asked.
func terminalWidth(w io.Writer) int {
	if f, ok := fileOf(w); ok {
		var info windows.ConsoleScreenBufferInfo
		if windows.GetConsoleScreenBufferInfo(windows.Handle(f.Fd()), &info) == nil {
			if cols := int(info.Window.Right-info.Window.Left) + 1; cols > 0 {
				return cols
			}
		}
	}
	return 80
}

// canRedraw turns on the console's handling of escape sequences, which the
// status line's erase-line needs, and reports whether it is on.
func canRedraw(w io.Writer) bool {
	f, ok := fileOf(w)
	if !ok {
		return false
	}
	h := windows.Handle(f.Fd())
	var mode uint32
	if windows.GetConsoleMode(h, &mode) != nil {
		return false
	}
	if mode&windows.ENABLE_VIRTUAL_TERMINAL_PROCESSING != 0 {
		return true
	}
	return windows.SetConsoleMode(h, mode|windows.ENABLE_VIRTUAL_TERMINAL_PROCESSING) == nil
}
