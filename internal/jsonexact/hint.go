package jsonexact

import (
	"bytes"
	"strings"
)

// Hint says how to fix the usual ways a hand-written JSON text such as
// {'a': 1}, {"a": 1,} or {a: 1} breaks the grammar at e, an error of
// Parse(data): single quotes, a trailing comma, an unquoted key, a
// Python or JavaScript word (True, None, undefined), a bare word, a comment.
// It is "" when there is nothing more to say than e.Msg.
func (e *SyntaxError) Hint(data []byte) string {
	if e.Kind != Syntax || e.Offset >= len(data) {
		return ""
	}
	c := data[e.Offset]
	before := bytes.TrimRight(data[:e.Offset], " \t\r\n")
	switch {
	case c == '\'':
		if n := bytes.IndexByte(data[e.Offset+1:], '\''); n >= 0 && bytes.IndexByte(data[e.Offset+1:e.Offset+1+n], '"') < 0 {
			quoted := string(data[e.Offset+1 : e.Offset+1+n])
			return "JSON needs double quotes: write \"" + quoted + "\" in place of '" + quoted + "'"
		}
		return "JSON needs double quotes: write \"...\" in place of '...'"
	case (c == '}' || c == ']') && bytes.HasSuffix(before, []byte(",")):
		return "JSON allows no trailing comma: remove the , before " + string(c)
	case c == '/' || c == '#':
		return "JSON has no comments: remove them"
	case !isWordByte(c) || c >= '0' && c <= '9':
		return ""
	}
	key := strings.HasSuffix(e.Msg, "looking for beginning of object key string")
	if !key && !strings.HasSuffix(e.Msg, "looking for beginning of value") {
		return "" // a misspelt true, false or null: the message says it
	}
	end := e.Offset
	for end < len(data) && isWordByte(data[end]) {
		end++
	}
	word := string(data[e.Offset:end])
	if key {
		return "JSON needs the keys in double quotes: write \"" + word + "\": in place of " + word + ":"
	}
	switch word {
	case "True", "TRUE":
		return "JSON writes true, not " + word
	case "False", "FALSE":
		return "JSON writes false, not " + word
	case "None", "nil", "Null", "NULL", "undefined":
		return "JSON writes null, not " + word
	case "NaN", "Infinity":
		return "JSON has no " + word + ": use null or a string"
	}
	return "a string in JSON needs double quotes: write \"" + word + "\""
}

func isWordByte(c byte) bool {
	return c == '_' || c == '$' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}
