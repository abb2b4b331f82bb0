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
// take the server down. This works around the SDK's
// https://github.com/modelcontextprotocol/go-sdk/issues/1209 ("a malformed
// JSON frame terminates the stdio session": its transport reads stdin with
// one streaming json.Decoder, which cannot go on after a syntax error);
// jsonFilter is the workaround, and can go once the SDK keeps the session.
//
// The response to a request the client cancelled (notifications/cancelled)
// before it was answered is not written (inFlight): the specification says
// the receiver of a cancellation SHOULD NOT respond to the cancelled request,
// and the SDK answers every request it was given.
func Transport(in io.ReadCloser, out io.WriteCloser) mcp.Transport {
	requests := &inFlight{cancelled: map[string]bool{}}
	w := &jsonLines{w: out, requests: requests}
	return &mcp.IOTransport{Reader: &jsonFilter{in: in, r: newReader(in), out: w, requests: requests}, Writer: w, MaxLineLength: maxLine}
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
// ended by a newline, and answers the others with parseError on out. It is
// the workaround of go-sdk issue #1209 (see Transport). The messages it
// passes on are told to requests (nil: none kept).
type jsonFilter struct {
	in       io.Closer
	r        *bufio.Reader
	out      io.Writer
	requests *inFlight
	pending  []byte
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
				f.requests.received(trimmed)
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
// escaped, line by line (a marker is never split between two writes), but
// for the responses requests says to drop (nil: none).
type jsonLines struct {
	mu       sync.Mutex
	w        io.WriteCloser
	requests *inFlight
	buf      []byte
}

func (j *jsonLines) Write(p []byte) (int, error) {
	j.mu.Lock()
	defer j.mu.Unlock()
	j.buf = append(j.buf, p...)
	end := bytes.LastIndexByte(j.buf, '\n')
	if end < 0 {
		return len(p), nil
	}
	var out []byte
	for line := range bytes.Lines(j.buf[:end+1]) {
		if !j.requests.drop(line) {
			out = append(out, line...)
		}
	}
	if len(out) > 0 {
		if _, err := j.w.Write(cilog.EscapeJSON(out)); err != nil {
			return 0, err
		}
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

// inFlight keeps the client's requests that the server has not answered
// yet, and which of them the client cancelled, so that the response to a
// cancelled request is dropped: the specification (2025-11-25, Utilities ›
// Cancellation) says the receiver of notifications/cancelled SHOULD NOT
// respond to the cancelled request, and the SDK writes a response (an error)
// for every request it was given, cancelled or not. A cancellation of a
// request already answered, or never made, changes nothing. Only requests
// not yet answered are kept, so what it holds is bounded by what the SDK
// itself holds.
type inFlight struct {
	mu sync.Mutex
	// cancelled is, by the key of its id (idKey), whether the client
	// cancelled each of its requests not answered yet.
	cancelled map[string]bool
}

// The method of a cancellation.
const methodCancelled = "notifications/cancelled"

// received takes note of a message of the client, one JSON-RPC message the
// SDK will be given: a request (method and id) is in flight; a
// cancellation marks the request it names, when that is in flight.
func (r *inFlight) received(msg []byte) {
	if r == nil {
		return
	}
	var m struct {
		ID     json.RawMessage `json:"id"`
		Method *string         `json:"method"`
		Params json.RawMessage `json:"params"`
	}
	if json.Unmarshal(msg, &m) != nil || m.Method == nil {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if key, ok := idKey(m.ID); ok {
		r.cancelled[key] = false
		return
	}
	if *m.Method != methodCancelled {
		return
	}
	var p struct {
		RequestID json.RawMessage `json:"requestId"`
	}
	if json.Unmarshal(m.Params, &p) != nil {
		return
	}
	if key, ok := idKey(p.RequestID); ok {
		if _, inFlight := r.cancelled[key]; inFlight {
			r.cancelled[key] = true
		}
	}
}

// drop says whether the line, a message the server writes, is the
// response to a request the client cancelled; a response ends its request's
// time in flight either way.
func (r *inFlight) drop(line []byte) bool {
	if r == nil {
		return false
	}
	var m struct {
		ID     json.RawMessage `json:"id"`
		Method json.RawMessage `json:"method"`
	}
	if json.Unmarshal(line, &m) != nil || m.Method != nil {
		return false
	}
	key, ok := idKey(m.ID)
	if !ok {
		return false
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	cancelled, inFlight := r.cancelled[key]
	if inFlight {
		delete(r.cancelled, key)
	}
	return cancelled
}

// idKey is the key of a JSON-RPC id as a map key: a string and a number
// are different ids, and an id is the same however its JSON spells it
// ("a" and "\u0061", 7 as the client and the SDK write it). ok is false
// for a missing or null id, and for one that is neither a string nor an
// integer of 64 bits (the filter refuses those).
func idKey(raw json.RawMessage) (key string, ok bool) {
	if len(raw) == 0 {
		return "", false
	}
	d := json.NewDecoder(bytes.NewReader(raw))
	d.UseNumber()
	var v any
	if d.Decode(&v) != nil {
		return "", false
	}
	switch v := v.(type) {
	case string:
		return "s" + v, true
	case json.Number:
		n, err := strconv.ParseInt(v.String(), 10, 64)
		if err != nil {
			return "", false
		}
		return "n" + strconv.FormatInt(n, 10), true
	}
	return "", false
}
