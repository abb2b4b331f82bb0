package runner

// capture is the io.Writer of one output stream of the child: it keeps at
// most limit bytes. Past the limit it records the overflow, calls
// onOverflow once and discards the rest, so that the child never blocks on
// a full pipe while it is being killed. os/exec writes to it from one
// goroutine, and Wait returns only after that goroutine has finished.
type capture struct {
	limit      int64
	onOverflow func()
	buf        []byte
	overflow   bool
}

func newCapture(limit int64, onOverflow func()) *capture {
	return &capture{limit: limit, onOverflow: onOverflow}
}

// Write appends p, up to the limit, and never fails.
func (c *capture) Write(p []byte) (int, error) {
	n := len(p)
	if room := c.limit - int64(len(c.buf)); int64(len(p)) > room {
		p = p[:room]
		if !c.overflow {
			c.overflow = true
			defer c.onOverflow()
		}
	}
	if len(p) > 0 {
		c.grow(len(p))
		c.buf = append(c.buf, p...)
	}
	return n, nil
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
