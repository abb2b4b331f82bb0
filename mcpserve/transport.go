package mcpserve

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"strconv"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/speccify/speccify-lint/internal/cilog"
)

// Transport is the stdio transport of the server: newline-delimited
// JSON-RPC read from in and written to out, each message written with the
// markers of CI commands escaped (a server's output may end up in a CI
// log), which a JSON parser reads unchanged.
//
// A line that is not JSON, or longer than maxLine, is answered with a
// JSON-RPC parse error (code -32700, id null) and skipped, instead of ending
// the session as the SDK's transport would: one malformed message does not
// take the server down.
func Transport(in io.ReadCloser, out io.WriteCloser) mcp.Transport {
	w := &jsonLines{w: out}
	return &mcp.IOTransport{Reader: &jsonFilter{in: in, r: newReader(in), out: w}, Writer: w, MaxLineLength: maxLine}
}

// newReader is the buffered reader of the filter.
func newReader(r io.Reader) *bufio.Reader { return bufio.NewReaderSize(r, 64<<10) }

// maxLine is the longest message the server reads, in bytes.
const maxLine = mcp.DefaultMaxLineLength

// parseError is the JSON-RPC response to a message that is not JSON.
var parseError = []byte(`{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"Parse error: the message is not one line of JSON (or is longer than 16 MiB)"}}` + "\n")

// invalidRequest is the JSON-RPC error response (code -32600) to the JSON
// message msg when it is no JSON-RPC 2.0 request, notification or
// response the SDK can take (which would end the session): not an object,
// no jsonrpc "2.0", a method that is no string, an id that is neither a
// string nor an integer, params that are neither an object nor an array, or
// neither a method nor a result or error. nil when msg is fine. A batch (an
// array) is refused too: the protocol has none since 2025-06-18.
func invalidRequest(msg []byte) []byte {
	var m map[string]json.RawMessage
	if json.Unmarshal(msg, &m) != nil {
		return errorResponse(nil, "the message is not a JSON object")
	}
	var id any = nil
	if raw, ok := m["id"]; ok {
		var v any
		d := json.NewDecoder(bytes.NewReader(raw))
		d.UseNumber()
		_ = d.Decode(&v)
		switch v := v.(type) {
		case string:
			id = json.RawMessage(raw)
		case json.Number:
			if _, err := strconv.ParseInt(v.String(), 10, 64); err != nil {
				return errorResponse(nil, "the id is a number that is not an integer of 64 bits")
			}
			id = json.RawMessage(raw)
		default:
			return errorResponse(nil, "the id is neither a string nor a number")
		}
	}
	var version string
	if json.Unmarshal(m["jsonrpc"], &version) != nil || version != "2.0" {
		return errorResponse(id, `jsonrpc is not "2.0"`)
	}
	if raw, ok := m["method"]; ok {
		var method string
		if json.Unmarshal(raw, &method) != nil {
			return errorResponse(id, "the method is not a string")
		}
		if p, ok := m["params"]; ok {
			if t := bytes.TrimSpace(p); len(t) == 0 || (t[0] != '{' && t[0] != '[') {
				return errorResponse(id, "params is neither an object nor an array")
			}
		}
		return nil
	}
	_, result := m["result"]
	_, failed := m["error"]
	if id == nil || result == failed {
		return errorResponse(id, "the message is neither a request, a notification nor a response")
	}
	return nil
}

// errorResponse is an Invalid Request error response for the request id
// (nil for null).
func errorResponse(id any, why string) []byte {
	b, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": id,
		"error": map[string]any{"code": -32600, "message": "Invalid Request: " + why}})
	return append(b, '\n')
}

// jsonFilter passes on the lines of in that are JSON, each trimmed and
// ended by a newline, and answers the others with parseError on out.
type jsonFilter struct {
	in      io.Closer
	r       *bufio.Reader
	out     io.Writer
	pending []byte
}

func (f *jsonFilter) Read(p []byte) (int, error) {
	for len(f.pending) == 0 {
		line, tooLong, err := f.line()
		if trimmed := bytes.TrimSpace(line); len(trimmed) > 0 || tooLong {
			var reply []byte
			switch {
			case tooLong || !json.Valid(trimmed):
				reply = parseError
			default:
				reply = invalidRequest(trimmed)
			}
			if reply != nil {
				if _, werr := f.out.Write(reply); werr != nil {
					return 0, werr
				}
			} else {
				f.pending = append(trimmed, '\n')
			}
		}
		if err != nil && len(f.pending) == 0 {
			return 0, err
		}
		if err != nil {
			break
		}
	}
	n := copy(p, f.pending)
	f.pending = f.pending[n:]
	return n, nil
}

// line reads one line without its newline; tooLong says it was longer than
// maxLine, and then what is returned is empty (the rest was skipped).
func (f *jsonFilter) line() (line []byte, tooLong bool, err error) {
	var buf []byte
	for {
		chunk, err := f.r.ReadSlice('\n')
		if !tooLong {
			if len(buf)+len(chunk) > maxLine {
				tooLong, buf = true, nil
			} else {
				buf = append(buf, chunk...)
			}
		}
		switch err {
		case bufio.ErrBufferFull:
			continue
		case nil:
			return bytes.TrimSuffix(buf, []byte("\n")), tooLong, nil
		default:
			return buf, tooLong, err
		}
	}
}

func (f *jsonFilter) Close() error { return f.in.Close() }

// jsonLines writes newline-delimited JSON with the markers of CI commands
// escaped, line by line (a marker is never split between two writes).
type jsonLines struct {
	mu  sync.Mutex
	w   io.WriteCloser
	buf []byte
}

func (j *jsonLines) Write(p []byte) (int, error) {
	j.mu.Lock()
	defer j.mu.Unlock()
	j.buf = append(j.buf, p...)
	end := bytes.LastIndexByte(j.buf, '\n')
	if end < 0 {
		return len(p), nil
	}
	if _, err := j.w.Write(cilog.EscapeJSON(j.buf[:end+1])); err != nil {
		return 0, err
	}
	j.buf = append(j.buf[:0], j.buf[end+1:]...)
	return len(p), nil
}

func (j *jsonLines) Close() error {
	j.mu.Lock()
	defer j.mu.Unlock()
	if len(j.buf) > 0 {
		_, _ = j.w.Write(cilog.EscapeJSON(j.buf))
		j.buf = nil
	}
	return j.w.Close()
}
