package jsonexact

import (
	"errors"
	"testing"
)

func TestHint(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{`{'a': 1}`, `JSON needs double quotes: write "a" in place of 'a'`},
		{`{"a": 'it"s'}`, `JSON needs double quotes: write "..." in place of '...'`},
		{`{"a": 'x}`, `JSON needs double quotes: write "..." in place of '...'`},
		{`{"a": 1,}`, "JSON allows no trailing comma: remove the , before }"},
		{`[1, 2 , ]`, "JSON allows no trailing comma: remove the , before ]"},
		{`{a: 1}`, `JSON needs the keys in double quotes: write "a": in place of a:`},
		{`{"a": True}`, "JSON writes true, not True"},
		{`{"a": False}`, "JSON writes false, not False"},
		{`{"a": None}`, "JSON writes null, not None"},
		{`{"a": undefined}`, "JSON writes null, not undefined"},
		{`{"a": NaN}`, "JSON has no NaN: use null or a string"},
		{`{"a": yes}`, `a string in JSON needs double quotes: write "yes"`},
		{`{"a": 1} // note`, ""}, // trailing text, not a syntax error
		{`{"a": 1 // note
}`, "JSON has no comments: remove them"},
		{`{"a" 1}`, ""},    // nothing to add to the parser's message
		{`{"a": 1`, ""},    // ends too early
		{`{"a": tru}`, ""}, // a misspelt literal: the message says it
	} {
		_, err := Parse([]byte(c.text))
		var je *SyntaxError
		if !errors.As(err, &je) {
			t.Errorf("Parse(%q) = %v, want a *SyntaxError", c.text, err)
			continue
		}
		if got := je.Hint([]byte(c.text)); got != c.want {
			t.Errorf("Hint of %q (%s) = %q, want %q", c.text, je.Msg, got, c.want)
		}
	}
}
