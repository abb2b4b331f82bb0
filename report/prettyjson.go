package report

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"strings"
)

// inlineArray is the widest array or object of scalars prettyJSON keeps
// on one line.
const inlineArray = 72

// jsonNode is a JSON value as it was written: object members in their
// order, numbers as their text.
type jsonNode struct {
	scalar  string // the JSON text of a string, number, true, false or null
	array   []jsonNode
	keys    []string // the JSON text of an object's keys, in order
	members []jsonNode
	kind    byte // 0 scalar, '[' array, '{' object
}

// prettyJSON is the JSON text data indented by two spaces, object members
// in their order and numbers as written; an array of scalars that fits in
// inlineArray characters stays on one line, and so does an object of scalars. ok is false when data is not
// one JSON value.
func prettyJSON(data []byte) (string, bool) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	n, err := readNode(dec, 0)
	if err != nil {
		return "", false
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return "", false // more than one value
	}
	var b strings.Builder
	n.write(&b, "")
	return b.String(), true
}

// readNode reads one value from dec.
func readNode(dec *json.Decoder, depth int) (jsonNode, error) {
	if depth > 200 {
		return jsonNode{}, errors.New("too deep")
	}
	tok, err := dec.Token()
	if err != nil {
		return jsonNode{}, err
	}
	switch t := tok.(type) {
	case json.Delim:
		n := jsonNode{kind: byte(t)}
		for dec.More() {
			if n.kind == '{' {
				k, err := dec.Token()
				if err != nil {
					return jsonNode{}, err
				}
				n.keys = append(n.keys, encodeScalar(k))
			}
			v, err := readNode(dec, depth+1)
			if err != nil {
				return jsonNode{}, err
			}
			if n.kind == '{' {
				n.members = append(n.members, v)
			} else {
				n.array = append(n.array, v)
			}
		}
		_, err := dec.Token() // the closing delimiter
		return n, err
	default:
		return jsonNode{scalar: encodeScalar(t)}, nil
	}
}

// encodeScalar is the JSON text of a token that is not a delimiter.
func encodeScalar(tok json.Token) string {
	if n, ok := tok.(json.Number); ok {
		return n.String()
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(tok)
	return strings.TrimSuffix(b.String(), "\n")
}

// inline is the one-line text of an array or object of scalars, or ""
// when n is not one or it is too wide.
func (n *jsonNode) inline() string {
	if n.kind == 0 {
		return ""
	}
	elems := n.array
	if n.kind == '{' {
		elems = n.members
	}
	parts := make([]string, len(elems))
	for i, e := range elems {
		if e.kind != 0 {
			return ""
		}
		parts[i] = e.scalar
		if n.kind == '{' {
			parts[i] = n.keys[i] + ": " + e.scalar
		}
	}
	open, end := "[", "]"
	if n.kind == '{' {
		open, end = "{", "}"
	}
	s := open + strings.Join(parts, ", ") + end
	if len(s) > inlineArray {
		return ""
	}
	return s
}

// write writes n at the indentation indent.
func (n *jsonNode) write(b *strings.Builder, indent string) {
	switch {
	case n.kind == 0:
		b.WriteString(n.scalar)
		return
	case n.inline() != "":
		b.WriteString(n.inline())
		return
	}
	open, end, count := "[", "]", len(n.array)
	if n.kind == '{' {
		open, end, count = "{", "}", len(n.members)
	}
	if count == 0 {
		b.WriteString(open + end)
		return
	}
	b.WriteString(open + "\n")
	inner := indent + "  "
	for i := range count {
		b.WriteString(inner)
		if n.kind == '{' {
			b.WriteString(n.keys[i] + ": ")
			n.members[i].write(b, inner)
		} else {
			n.array[i].write(b, inner)
		}
		if i < count-1 {
			b.WriteString(",")
		}
		b.WriteString("\n")
	}
	b.WriteString(indent + end)
}
