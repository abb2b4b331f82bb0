package report

import "testing"

func TestPrettyJSON(t *testing.T) {
	for _, tc := range []struct {
		in, want string
		ok       bool
	}{
		{`{"b": 1, "a": [1, 2]}`, "{\n  \"b\": 1,\n  \"a\": [1, 2]\n}", true},
		// Numbers as written, key order and duplicate keys kept.
		{`{"n": 1.50, "big": 1e400, "n": -0}`, `{"n": 1.50, "big": 1e400, "n": -0}`, true},
		{`{"n": 1.50, "big": 1e400, "n": -0, "long": "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"}`,
			"{\n  \"n\": 1.50,\n  \"big\": 1e400,\n  \"n\": -0,\n  \"long\": \"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\"\n}", true},
		{`[]`, "[]", true},
		{`{"a": {}, "b": []}`, "{\n  \"a\": {},\n  \"b\": []\n}", true},
		{`[{"a": 1}]`, "[\n  {\"a\": 1}\n]", true},
		{`{"s": "<é\n\"x\">"}`, `{"s": "<é\n\"x\">"}`, true},
		{`"text"`, `"text"`, true},
		{`[1111111111, 2222222222, 3333333333, 4444444444, 5555555555, 6666666666, 7777777777]`,
			"[\n  1111111111,\n  2222222222,\n  3333333333,\n  4444444444,\n  5555555555,\n  6666666666,\n  7777777777\n]", true},
		{`{"a": 1`, "", false},
		{`{} {}`, "", false},
		{`not json`, "", false},
	} {
		got, ok := prettyJSON([]byte(tc.in))
		if got != tc.want || ok != tc.ok {
			t.Errorf("prettyJSON(%q) = %q, %v; want %q, %v", tc.in, got, ok, tc.want, tc.ok)
		}
	}
}
