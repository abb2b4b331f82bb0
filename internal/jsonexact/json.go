package jsonexact

import (
	"encoding/json"
	"fmt"
	"strconv"
	"unicode/utf16"
	"unicode/utf8"
)

// maxDepth is the deepest nesting of arrays and objects Parse accepts:
// the same limit encoding/json applies.
const maxDepth = 10000

// ErrorKind classifies why a text is not one JSON value.
type ErrorKind int

const (
	// Empty: the text is empty or only whitespace.
	Empty ErrorKind = iota + 1
	// Syntax: the text breaks the JSON grammar, or ends too early.
	Syntax
	// Trailing: a second value, or other text, follows the first value.
	Trailing
	// TooDeep: arrays and objects nest deeper than maxDepth.
	TooDeep
	// InvalidUTF8: the text holds bytes that are not valid UTF-8.
	InvalidUTF8
)

func (k ErrorKind) String() string {
	switch k {
	case Empty:
		return "empty"
	case Syntax:
		return "syntax"
	case Trailing:
		return "trailing"
	case TooDeep:
		return "too deep"
	case InvalidUTF8:
		return "invalid UTF-8"
	}
	return "ErrorKind(" + strconv.Itoa(int(k)) + ")"
}

// SyntaxError describes why a text is not one JSON value.
type SyntaxError struct {
	// Offset is the 0-based byte offset in the text where the problem is: the
	// offending byte, the first byte of a misspelt true/false/null, the end of
	// the text when it ends too early (an unterminated string, say) or is
	// empty, the first byte of trailing text, the bracket that nests too
	// deep, or the first invalid UTF-8 byte.
	Offset int
	Kind   ErrorKind
	// Msg is human text in the words of encoding/json where it has them, such
	// as "invalid character 'x' looking for beginning of value".
	Msg string
}

func (e *SyntaxError) Error() string {
	return fmt.Sprintf("invalid JSON at byte %d: %s", e.Offset, e.Msg)
}

// Parse parses data as exactly one JSON value (RFC 8259), optionally
// surrounded by whitespace. Numbers are json.Number, exactly as written,
// never float64; objects are map[string]any, arrays []any, strings string,
// true and false bool, null nil.
//
// Any error is a *SyntaxError; the problems are found in the order they occur
// in the text, and the first is reported.
//
// Details:
//   - When an object repeats a key, the last value wins (as in encoding/json).
//   - Invalid UTF-8 anywhere is an error (InvalidUTF8), even inside a
//     string, where encoding/json would silently replace it with U+FFFD.
//   - A \u escape of a lone UTF-16 surrogate becomes U+FFFD, as in
//     encoding/json: it is valid JSON syntax with no Unicode meaning.
//   - Nesting deeper than maxDepth is a TooDeep error. The parser
//     keeps its own stack instead of recursing, and checks the depth as each
//     bracket is read, before any value below it is built: an input a million
//     brackets deep costs no more than its first maxDepth+1 bytes.
func Parse(data []byte) (any, error) {
	p := jsonParser{data: data}
	p.skipSpace()
	if p.i == len(data) {
		msg := "no JSON value: the text is empty"
		if len(data) > 0 {
			msg = "no JSON value: the text is only whitespace"
		}
		return nil, &SyntaxError{Offset: len(data), Kind: Empty, Msg: msg}
	}
	v, err := p.value()
	if err != nil {
		return nil, err
	}
	p.skipSpace()
	if p.i < len(data) {
		if err := p.invalidUTF8(p.i); err != nil {
			return nil, err
		}
		return nil, &SyntaxError{Offset: p.i, Kind: Trailing, Msg: "unexpected text after the JSON value"}
	}
	return v, nil
}

type jsonParser struct {
	data []byte
	i    int // next byte to read
}

// jsonFrame is an array or object being built.
type jsonFrame struct {
	isObj bool
	obj   map[string]any
	arr   []any
	key   string // the key whose value comes next, in an object
}

func (p *jsonParser) skipSpace() {
	for p.i < len(p.data) {
		switch p.data[p.i] {
		case ' ', '\t', '\n', '\r':
			p.i++
		default:
			return
		}
	}
}

// value parses one value at p.i, without recursion.
func (p *jsonParser) value() (any, *SyntaxError) {
	var stack []jsonFrame
	for {
		// A value starts here.
		p.skipSpace()
		if p.i >= len(p.data) {
			return nil, p.eof()
		}
		var v any
		switch c := p.data[p.i]; c {
		case '{', '[':
			if len(stack) >= maxDepth {
				return nil, &SyntaxError{Offset: p.i, Kind: TooDeep,
					Msg: fmt.Sprintf("nesting deeper than %d levels", maxDepth)}
			}
			p.i++
			p.skipSpace()
			if c == '{' {
				if p.i < len(p.data) && p.data[p.i] == '}' {
					p.i++
					v = map[string]any{}
					break
				}
				key, err := p.objectKey()
				if err != nil {
					return nil, err
				}
				stack = append(stack, jsonFrame{isObj: true, obj: map[string]any{}, key: key})
				continue
			}
			if p.i < len(p.data) && p.data[p.i] == ']' {
				p.i++
				v = []any{}
				break
			}
			stack = append(stack, jsonFrame{arr: []any{}})
			continue
		case '"':
			s, err := p.str()
			if err != nil {
				return nil, err
			}
			v = s
		case 't':
			if err := p.literal("true"); err != nil {
				return nil, err
			}
			v = true
		case 'f':
			if err := p.literal("false"); err != nil {
				return nil, err
			}
			v = false
		case 'n':
			if err := p.literal("null"); err != nil {
				return nil, err
			}
			v = nil
		default:
			if c == '-' || c >= '0' && c <= '9' {
				n, err := p.number()
				if err != nil {
					return nil, err
				}
				v = n
				break
			}
			return nil, p.badChar(p.i, "looking for beginning of value")
		}

		// v is complete: store it in its container, and close the
		// containers that end here.
		for {
			if len(stack) == 0 {
				return v, nil
			}
			top := &stack[len(stack)-1]
			if top.isObj {
				top.obj[top.key] = v
			} else {
				top.arr = append(top.arr, v)
			}
			p.skipSpace()
			if p.i >= len(p.data) {
				return nil, p.eof()
			}
			c := p.data[p.i]
			if c == ',' {
				p.i++
				if top.isObj {
					p.skipSpace()
					key, err := p.objectKey()
					if err != nil {
						return nil, err
					}
					top.key = key
				}
				break // parse the next value
			}
			switch {
			case top.isObj && c == '}':
				v = top.obj
			case !top.isObj && c == ']':
				v = top.arr
			case top.isObj:
				return nil, p.badChar(p.i, "after object key:value pair")
			default:
				return nil, p.badChar(p.i, "after array element")
			}
			p.i++
			stack = stack[:len(stack)-1]
		}
	}
}

// objectKey parses `"key" :` at p.i and the whitespace after it.
func (p *jsonParser) objectKey() (string, *SyntaxError) {
	if p.i >= len(p.data) {
		return "", p.eof()
	}
	if p.data[p.i] != '"' {
		return "", p.badChar(p.i, "looking for beginning of object key string")
	}
	key, err := p.str()
	if err != nil {
		return "", err
	}
	p.skipSpace()
	if p.i >= len(p.data) {
		return "", p.eof()
	}
	if p.data[p.i] != ':' {
		return "", p.badChar(p.i, "after object key")
	}
	p.i++
	p.skipSpace()
	return key, nil
}

// literal parses the word true, false or null at p.i. A misspelling is
// reported at the first byte of the word.
func (p *jsonParser) literal(word string) *SyntaxError {
	start := p.i
	for k := 1; k < len(word); k++ {
		i := start + k
		if i >= len(p.data) {
			return p.eof()
		}
		if p.data[i] != word[k] {
			if err := p.invalidUTF8(i); err != nil {
				return err
			}
			err := p.badChar(i, fmt.Sprintf("in literal %s (expecting %s)", word, jsonQuoteChar(rune(word[k]))))
			err.Offset = start
			return err
		}
	}
	p.i = start + len(word)
	return nil
}

// number parses a number literal at p.i.
func (p *jsonParser) number() (json.Number, *SyntaxError) {
	d := p.data
	start, i := p.i, p.i
	digit := func(i int) bool { return i < len(d) && d[i] >= '0' && d[i] <= '9' }
	digits := func(i int) int {
		for digit(i) {
			i++
		}
		return i
	}
	// need reports the end of input or a bad byte at i, where a digit must be.
	need := func(i int, context string) *SyntaxError {
		if i >= len(d) {
			return p.eof()
		}
		return p.badChar(i, context)
	}
	if d[i] == '-' {
		i++
		if !digit(i) {
			return "", need(i, "in numeric literal")
		}
	}
	if d[i] == '0' {
		i++
	} else {
		i = digits(i)
	}
	if i < len(d) && d[i] == '.' {
		i++
		if !digit(i) {
			return "", need(i, "after decimal point in numeric literal")
		}
		i = digits(i)
	}
	if i < len(d) && (d[i] == 'e' || d[i] == 'E') {
		i++
		if i < len(d) && (d[i] == '+' || d[i] == '-') {
			i++
		}
		if !digit(i) {
			return "", need(i, "in exponent of numeric literal")
		}
		i = digits(i)
	}
	p.i = i
	return json.Number(d[start:i]), nil
}

// str parses a string literal at p.i (which is '"') and returns its value.
func (p *jsonParser) str() (string, *SyntaxError) {
	d := p.data
	start := p.i + 1
	i := start
	// Fast path: no escapes, so the value is the text itself.
	for i < len(d) {
		c := d[i]
		if c == '"' {
			p.i = i + 1
			return string(d[start:i]), nil
		}
		if c == '\\' {
			break
		}
		if c < 0x20 {
			return "", p.badChar(i, "in string literal")
		}
		if c < utf8.RuneSelf {
			i++
			continue
		}
		r, size := utf8.DecodeRune(d[i:])
		if r == utf8.RuneError && size == 1 {
			return "", p.invalidUTF8(i)
		}
		i += size
	}
	if i >= len(d) {
		return "", p.eof()
	}

	buf := make([]byte, 0, i-start+16)
	buf = append(buf, d[start:i]...)
	for i < len(d) {
		c := d[i]
		switch {
		case c == '"':
			p.i = i + 1
			return string(buf), nil
		case c == '\\':
			i++
			if i >= len(d) {
				return "", p.eof()
			}
			switch e := d[i]; e {
			case '"', '\\', '/':
				buf = append(buf, e)
			case 'b':
				buf = append(buf, '\b')
			case 'f':
				buf = append(buf, '\f')
			case 'n':
				buf = append(buf, '\n')
			case 'r':
				buf = append(buf, '\r')
			case 't':
				buf = append(buf, '\t')
			case 'u':
				r, err := p.hex4(i + 1)
				if err != nil {
					return "", err
				}
				i += 4
				if utf16.IsSurrogate(r) {
					// A valid pair is consumed whole; anything else leaves the
					// next escape to the loop and replaces this one.
					r2 := rune(-1)
					if i+2 < len(d) && d[i+1] == '\\' && d[i+2] == 'u' {
						if x, err := p.hex4(i + 3); err == nil {
							r2 = x
						}
					}
					if dec := utf16.DecodeRune(r, r2); dec != utf8.RuneError {
						r = dec
						i += 6
					} else {
						r = utf8.RuneError
					}
				}
				buf = utf8.AppendRune(buf, r)
			default:
				return "", p.badChar(i, "in string escape code")
			}
			i++
		case c < 0x20:
			return "", p.badChar(i, "in string literal")
		case c < utf8.RuneSelf:
			buf = append(buf, c)
			i++
		default:
			r, size := utf8.DecodeRune(d[i:])
			if r == utf8.RuneError && size == 1 {
				return "", p.invalidUTF8(i)
			}
			buf = append(buf, d[i:i+size]...)
			i += size
		}
	}
	return "", p.eof()
}

// hex4 reads the four hex digits of a \u escape starting at i.
func (p *jsonParser) hex4(i int) (rune, *SyntaxError) {
	var r rune
	for k := range 4 {
		if i+k >= len(p.data) {
			return 0, p.eof()
		}
		c := p.data[i+k]
		var v byte
		switch {
		case c >= '0' && c <= '9':
			v = c - '0'
		case c >= 'a' && c <= 'f':
			v = c - 'a' + 10
		case c >= 'A' && c <= 'F':
			v = c - 'A' + 10
		default:
			return 0, p.badChar(i+k, "in \\u hexadecimal character escape")
		}
		r = r<<4 | rune(v)
	}
	return r, nil
}

func (p *jsonParser) eof() *SyntaxError {
	return &SyntaxError{Offset: len(p.data), Kind: Syntax, Msg: "unexpected end of JSON input"}
}

// badChar reports the unexpected character at i; context says what was
// expected, in the words of encoding/json. A byte that is not valid UTF-8 is
// reported as such.
func (p *jsonParser) badChar(i int, context string) *SyntaxError {
	if err := p.invalidUTF8(i); err != nil {
		return err
	}
	r, _ := utf8.DecodeRune(p.data[i:])
	return &SyntaxError{Offset: i, Kind: Syntax, Msg: "invalid character " + jsonQuoteChar(r) + " " + context}
}

// invalidUTF8 returns an error when the byte at i does not start a valid
// UTF-8 sequence, and nil otherwise.
func (p *jsonParser) invalidUTF8(i int) *SyntaxError {
	if p.data[i] < utf8.RuneSelf {
		return nil
	}
	if r, size := utf8.DecodeRune(p.data[i:]); r != utf8.RuneError || size != 1 {
		return nil
	}
	return &SyntaxError{Offset: i, Kind: InvalidUTF8, Msg: fmt.Sprintf("invalid UTF-8 byte 0x%02x", p.data[i])}
}

// jsonQuoteChar quotes a character for an error message as encoding/json
// does, but a whole character rather than one byte of it.
func jsonQuoteChar(r rune) string {
	switch r {
	case '\'':
		return `'\''`
	case '"':
		return `'"'`
	}
	s := strconv.QuoteRune(r)
	return "'" + s[1:len(s)-1] + "'"
}
