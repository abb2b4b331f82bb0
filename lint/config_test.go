package lint

import (
	"testing"
	"time"
)

// TestDefaultTimeoutText: the text the flag and the documentation use is
// DefaultTimeout itself.
func TestDefaultTimeoutText(t *testing.T) {
	if d, err := time.ParseDuration(DefaultTimeoutText); err != nil || d != DefaultTimeout {
		t.Errorf("DefaultTimeoutText %q parses to %v, %v; want %v", DefaultTimeoutText, d, err, DefaultTimeout)
	}
}
