package main

import (
	"fmt"
	"strconv"
	"strings"
)

// byteSize is a size flag such as 4MiB, 512KiB, 1GiB or a plain byte count.
type byteSize int64

var byteUnits = []struct {
	suffix string
	factor int64
}{{"GiB", 1 << 30}, {"MiB", 1 << 20}, {"KiB", 1 << 10}, {"GB", 1e9}, {"MB", 1e6}, {"KB", 1e3}, {"B", 1}}

// UnmarshalText parses a size.
func (b *byteSize) UnmarshalText(text []byte) error {
	s := strings.TrimSpace(string(text))
	factor := int64(1)
	for _, u := range byteUnits {
		if strings.HasSuffix(s, u.suffix) {
			s, factor = strings.TrimSpace(strings.TrimSuffix(s, u.suffix)), u.factor
			break
		}
	}
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil || n <= 0 || n > (1<<40)/factor {
		return fmt.Errorf("invalid size %q: want a positive size such as 4MiB, 512KiB or 1048576", string(text))
	}
	*b = byteSize(n * factor)
	return nil
}

// String writes the size in the largest binary unit that holds it exactly,
// as UnmarshalText reads it: 4MiB, 512KiB, 1000B.
func (b byteSize) String() string {
	for _, u := range byteUnits {
		if strings.HasSuffix(u.suffix, "iB") && b >= byteSize(u.factor) && int64(b)%u.factor == 0 {
			return strconv.FormatInt(int64(b)/u.factor, 10) + u.suffix
		}
	}
	return strconv.FormatInt(int64(b), 10) + "B"
}
