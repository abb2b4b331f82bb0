//go:build unix

package runner

import (
	"time"

	"github.com/speccify/speccify-lint/internal/proctest"
)

// ended waits up to d for pid to end and reports whether it did; one still
// running then is killed.
func ended(pid int, d time.Duration) bool { return proctest.Ended(pid, d) }
