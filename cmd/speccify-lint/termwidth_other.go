//go:build !unix

package main

import "io"

// terminalWidth is the width in columns of the terminal w: 80, where it is
// not asked.
func terminalWidth(io.Writer) int { return 80 }
