package runner

import (
	"bytes"
	"io"
	"strings"
	"testing"
)

func TestCaptureCaps(t *testing.T) {
	calls := 0
	c := newCapture(1000, func() { calls++ })
	if n, err := io.Copy(c, strings.NewReader(strings.Repeat("x", 100_000))); n != 100_000 || err != nil {
		t.Errorf("io.Copy = %d, %v; want every byte taken (and discarded past the cap)", n, err)
	}
	if len(c.buf) != 1000 || !c.overflow || calls != 1 {
		t.Errorf("len %d, overflow %v, onOverflow calls %d; want 1000, true, 1", len(c.buf), c.overflow, calls)
	}
	if cap(c.buf) > 1000 {
		t.Errorf("buffer capacity %d exceeds the limit", cap(c.buf))
	}

	c = newCapture(1000, func() { calls++ })
	if _, err := io.Copy(c, bytes.NewReader(make([]byte, 1000))); err != nil {
		t.Fatal(err)
	}
	if len(c.buf) != 1000 || c.overflow {
		t.Errorf("exactly the limit: len %d, overflow %v; want 1000, false", len(c.buf), c.overflow)
	}
}
