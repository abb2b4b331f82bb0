package contract

import (
	"strings"

	"github.com/speccify/speccify-lint/internal/jsonexact"
)

// jsonRepair is the repair of the JSON of an example line that does not
// parse, when repairJSON repairs it: its source text rewritten, the rest of
// the line kept; nil otherwise.
func jsonRepair(el *ExampleLine) *Replacement {
	fixed, did, ok := repairJSON(el.Raw)
	if !ok {
		return nil
	}
	return &Replacement{Title: did.String(), Span: el.Span, New: fixed}
}

// repairJSON rewrites a hand-written JSON text that has single-quoted
// strings or trailing commas ({'a': 1}, [1, 2,]) as the JSON its author
// meant, changing nothing else: a single-quoted string is written in double
// quotes (its \' as ', its other escapes kept), and a comma that follows a
// value and stands before a closing } or ] is dropped. ok is false when
// there is neither to repair, or when the repair is not certain: the text
// still does not parse afterwards (an apostrophe inside a single-quoted
// string ends it early, more content after a trailing comma, another
// mistake), a single-quoted string holds an unescaped " or a double-quoted
// one a ' beside single-quoted strings (['a", "b'] and ['a', "b', 'c"] may
// be strings with mixed quotes), an escape JSON does not have, a comma
// follows no value ([,] or [1,,]), or the comma stands after the whole value
// ({"a": 1},).
// The repair says what it did.
func repairJSON(raw string) (fixed string, r repair, ok bool) {
	var b strings.Builder
	b.Grow(len(raw) + 2)
	apostrophe := false
	for i := 0; i < len(raw); i++ {
		switch c := raw[i]; c {
		case '"':
			end := quotedEnd(raw, i)
			if end < 0 {
				return "", repair{}, false
			}
			b.WriteString(raw[i:end])
			apostrophe = apostrophe || strings.Contains(raw[i:end], "'")
			i = end - 1
		case '\'':
			s, end, good := singleQuoted(raw, i)
			if !good {
				return "", repair{}, false
			}
			b.WriteString(s)
			i, r.quoted = end-1, true
		case ',':
			next := skipJSONBlanks(raw, i+1)
			if next < len(raw) && (raw[next] == '}' || raw[next] == ']') {
				if !afterValue(b.String()) {
					return "", repair{}, false
				}
				r.commas++
				continue
			}
			b.WriteByte(c)
		default:
			b.WriteByte(c)
		}
	}
	if (!r.quoted && r.commas == 0) || (r.quoted && apostrophe) {
		return "", repair{}, false
	}
	fixed = b.String()
	if _, err := jsonexact.Parse([]byte(fixed)); err != nil {
		return "", repair{}, false
	}
	return fixed, r, true
}

// repair is what repairJSON did.
type repair struct {
	quoted bool // wrote single-quoted strings in double quotes
	commas int  // the trailing commas dropped
}

// String says what the repair does, as a fix's title.
func (r repair) String() string {
	commas := "trailing comma"
	if r.commas > 1 {
		commas += "s"
	}
	switch {
	case r.quoted && r.commas > 0:
		return "write the JSON's strings in double quotes and remove its " + commas
	case r.quoted:
		return "write the JSON's strings in double quotes"
	}
	return "remove the JSON's " + commas
}

// quotedEnd is the offset just after the double-quoted string starting at
// start, or -1 when it does not end.
func quotedEnd(s string, start int) int {
	for i := start + 1; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case '"':
			return i + 1
		}
	}
	return -1
}

// singleQuoted is the single-quoted string starting at start written in
// double quotes, and the offset just after it; ok is false when it does
// not end, holds an unescaped " or an escape JSON does not have (other than
// \').
func singleQuoted(s string, start int) (quoted string, end int, ok bool) {
	var b strings.Builder
	b.WriteByte('"')
	for i := start + 1; i < len(s); i++ {
		switch c := s[i]; c {
		case '\'':
			b.WriteByte('"')
			return b.String(), i + 1, true
		case '"':
			return "", 0, false
		case '\\':
			if i+1 >= len(s) {
				return "", 0, false
			}
			switch e := s[i+1]; e {
			case '\'':
				b.WriteByte('\'')
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't', 'u':
				b.WriteByte('\\')
				b.WriteByte(e)
			default:
				return "", 0, false
			}
			i++
		default:
			b.WriteByte(c)
		}
	}
	return "", 0, false
}

// skipJSONBlanks skips JSON's blanks from off.
func skipJSONBlanks(s string, off int) int {
	for off < len(s) && (s[off] == ' ' || s[off] == '\t' || s[off] == '\n' || s[off] == '\r') {
		off++
	}
	return off
}

// afterValue reports whether the text written so far ends with a value
// (not with an opening bracket, a comma or a colon, or nothing), so that a
// comma after it is a trailing comma.
func afterValue(done string) bool {
	t := strings.TrimRight(done, " \t\n\r")
	if t == "" {
		return false
	}
	switch t[len(t)-1] {
	case '[', '{', ',', ':':
		return false
	}
	return true
}
