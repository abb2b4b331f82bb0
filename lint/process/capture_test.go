package process

import (
	"bytes"
	"io"
	"strings"
	"testing"
)

func TestCaptureCaps(t *testing.T) {
	calls := 0
	c := newCapture(io.NopCloser(strings.NewReader(strings.Repeat("x", 100_000))), 1000, func() { calls++ })
	c.run()
	got, overflow := c.result()
	if len(got) != 1000 || !overflow || calls != 1 {
		t.Errorf("len %d, overflow %v, onOverflow calls %d; want 1000, true, 1", len(got), overflow, calls)
	}
	if cap(got) > 1000 {
		t.Errorf("buffer capacity %d exceeds the limit", cap(got))
	}

	c = newCapture(io.NopCloser(bytes.NewReader(make([]byte, 1000))), 1000, func() { calls++ })
	c.run()
	if got, overflow := c.result(); len(got) != 1000 || overflow {
		t.Errorf("exactly the limit: len %d, overflow %v; want 1000, false", len(got), overflow)
	}
}
