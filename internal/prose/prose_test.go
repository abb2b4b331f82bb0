package prose

import "testing"

func TestAnd(t *testing.T) {
	for _, tc := range []struct {
		items []string
		want  string
	}{
		{nil, ""},
		{[]string{"a"}, "a"},
		{[]string{"a", "b"}, "a and b"},
		{[]string{"a", "b", "c"}, "a, b and c"},
	} {
		if got := And(tc.items); got != tc.want {
			t.Errorf("And(%q) = %q, want %q", tc.items, got, tc.want)
		}
	}
}

// TestCut: a text within the limit stays whole; a longer one loses the
// bytes past it and the rest of a character the limit splits; a limit
// below 0 keeps nothing.
func TestCut(t *testing.T) {
	for _, tc := range []struct {
		s    string
		n    int
		want string
	}{
		{"abc", 3, "abc"},
		{"abcd", 3, "abc"},
		{"aä", 2, "a"},   // ä is two bytes: the cut would split it
		{"a€b", 3, "a"},  // € is three
		{"a€b", 4, "a€"}, // the limit falls after it
		{"äb", 0, ""},
		{"äb", -5, ""},
	} {
		if got := Cut(tc.s, tc.n); got != tc.want {
			t.Errorf("Cut(%q, %d) = %q, want %q", tc.s, tc.n, got, tc.want)
		}
	}
}
