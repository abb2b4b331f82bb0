package main

import "testing"

// TestByteSizeString: String writes what UnmarshalText reads back, in the
// largest binary unit that holds the size exactly.
func TestByteSizeString(t *testing.T) {
	for _, tt := range []struct {
		size byteSize
		want string
	}{
		{4 << 20, "4MiB"},
		{512 << 10, "512KiB"},
		{1 << 30, "1GiB"},
		{3 << 30, "3GiB"},
		{1536 << 10, "1536KiB"},
		{1000, "1000B"},
		{1, "1B"},
	} {
		got := tt.size.String()
		if got != tt.want {
			t.Errorf("byteSize(%d).String() = %q, want %q", int64(tt.size), got, tt.want)
		}
		var back byteSize
		if err := back.UnmarshalText([]byte(got)); err != nil || back != tt.size {
			t.Errorf("UnmarshalText(%q) = %d, %v; want %d", got, int64(back), err, int64(tt.size))
		}
	}
}
