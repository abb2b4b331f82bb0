package process

import (
	"io"
	"sync"
)

// readChunk is the size of one read from a child's output pipe.
const readChunk = 32 << 10

// capture reads one output stream of the child into a buffer of at most
// limit bytes. Past the limit it records the overflow, calls onOverflow once
// and keeps reading (discarding) so the writer never blocks on a full pipe.
type capture struct {
	r          io.ReadCloser
	limit      int64
	onOverflow func()
	done       chan struct{} // closed when the reader has returned

	mu       sync.Mutex
	buf      []byte
	overflow bool
	taken    bool // result was called: the buffer is no longer written
}

func newCapture(r io.ReadCloser, limit int64, onOverflow func()) *capture {
	return &capture{r: r, limit: limit, onOverflow: onOverflow, done: make(chan struct{})}
}

// run reads until end of file or a read error (including the pipe being
// closed by abort), then closes the pipe.
func (c *capture) run() {
	defer close(c.done)
	defer c.r.Close()
	chunk := make([]byte, readChunk)
	for {
		n, err := c.r.Read(chunk)
		if n > 0 {
			c.add(chunk[:n])
		}
		if err != nil {
			return
		}
	}
}

// add appends p, up to the limit.
func (c *capture) add(p []byte) {
	c.mu.Lock()
	if c.taken {
		c.mu.Unlock()
		return
	}
	room := c.limit - int64(len(c.buf))
	first := false
	if int64(len(p)) > room {
		p = p[:room]
		first = !c.overflow
		c.overflow = true
	}
	if len(p) > 0 {
		c.grow(len(p))
		c.buf = append(c.buf, p...)
	}
	c.mu.Unlock()
	if first {
		c.onOverflow()
	}
}

// grow makes room for n more bytes without ever allocating past the limit.
func (c *capture) grow(n int) {
	need := len(c.buf) + n
	if need <= cap(c.buf) {
		return
	}
	size := max(2*cap(c.buf), need, 4<<10)
	size = int(min(int64(size), c.limit))
	nb := make([]byte, len(c.buf), size)
	copy(nb, c.buf)
	c.buf = nb
}

// abort closes the pipe so that a read blocked on it returns.
func (c *capture) abort() { _ = c.r.Close() }

// result returns what was captured and whether the stream overflowed. After
// it, the buffer is never written again, even if the reader still runs.
func (c *capture) result() ([]byte, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.taken = true
	return c.buf, c.overflow
}
