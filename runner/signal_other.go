//go:build !unix

package runner

import "os"

// exitSignal returns "": processes do not die of signals here.
func exitSignal(*os.ProcessState) string { return "" }
