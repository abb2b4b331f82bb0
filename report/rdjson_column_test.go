package report

import "testing"

// TestByteColumn: UTF-16 columns become UTF-8 byte columns; past the end
// of the text each column counts one byte, and ok says so.
func TestByteColumn(t *testing.T) {
	for _, tc := range []struct {
		text   string
		col, b int
		inside bool
	}{
		{"name: x", 7, 7, true},
		{"é: x", 2, 3, true}, // é is 1 unit, 2 bytes
		{"😀 x", 3, 5, true},  // the emoji is 2 units, 4 bytes
		{"😀 x", 4, 6, true},
		{"ab", 5, 5, false}, // past the end: one byte a column
		{"é", 4, 5, false},
	} {
		b, ok := byteColumn(tc.text, tc.col)
		if b != tc.b || ok != tc.inside {
			t.Errorf("byteColumn(%q, %d) = %d, %v; want %d, %v", tc.text, tc.col, b, ok, tc.b, tc.inside)
		}
	}
}
