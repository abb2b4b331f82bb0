package jsonexact

import (
	"bytes"
	"encoding/json"
)

// Compact is v as compact JSON the way speccify-lint writes a value on one
// line (an input on stdin, an example's line, a value in a message): object
// keys sorted, numbers as written (json.Number), characters as they are (no
// HTML escaping of <, > and &).
func Compact(v any) ([]byte, error) {
	var b bytes.Buffer
	e := json.NewEncoder(&b)
	e.SetEscapeHTML(false)
	if err := e.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n")), nil
}

// CompactSize is the length of Compact(v), counted as it is written rather
// than kept; 0 when v does not encode.
func CompactSize(v any) int64 {
	var n byteCount
	e := json.NewEncoder(&n)
	e.SetEscapeHTML(false)
	if err := e.Encode(v); err != nil {
		return 0
	}
	return int64(n) - 1 // Encode ends with a newline
}

// byteCount is a writer that counts what is written to it.
type byteCount int64

func (n *byteCount) Write(p []byte) (int, error) {
	*n += byteCount(len(p))
	return len(p), nil
}
