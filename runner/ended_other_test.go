//go:build !unix && !windows

package runner

import "time"

// ended cannot tell here: it says yes.
func ended(pid int, d time.Duration) bool { return true }
