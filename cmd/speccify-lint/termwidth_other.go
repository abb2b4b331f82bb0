//go:build !unix && !windows

package main

import "io"

// terminalWidth is the width in columns of the terminal w: 80, where it is
// not asked.
func terminalWidth(io.Writer) int { return 80 }

// canRedraw reports whether the terminal w handles the status line's
// escape sequences: assumed, where it is not asked.
func canRedraw(io.Writer) bool { return true }
