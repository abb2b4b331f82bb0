package lsp

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"

	"go.lsp.dev/jsonrpc2"
)

// maxMessage bounds the body of one message: a document of some megabytes
// fits; a Content-Length past it is refused before anything is allocated
// for it (jsonrpc2's own framer allows 1 GiB).
const maxMessage = 64 << 20

// maxHeaderLine bounds one header line.
const maxHeaderLine = 4096

// errHeader is the error of a header block that is not LSP's: the framing
// is lost and the connection ends.
var errHeader = errors.New("malformed message header")

// stream is the LSP base protocol (Content-Length headers) over a byte
// stream, as jsonrpc2.Stream. Unlike jsonrpc2's framer, a body that is not a
// JSON-RPC message is answered with a parse error (id null) and the next
// message is read, so that one malformed message does not end the session;
// a body past maxMessage is skipped and answered the same way. Only a
// header that cannot be read ends it.
type stream struct {
	in  *bufio.Reader
	rwc io.ReadWriteCloser
	mu  sync.Mutex // serialises writes
}

func newStream(rwc io.ReadWriteCloser) *stream {
	return &stream{in: bufio.NewReader(rwc), rwc: rwc}
}

// Read implements jsonrpc2.Stream.
func (s *stream) Read(ctx context.Context) (jsonrpc2.Message, int64, error) {
	for {
		if err := ctx.Err(); err != nil {
			return nil, 0, err
		}
		length, n, err := readHeader(s.in)
		if err != nil {
			return nil, 0, err
		}
		if length > maxMessage {
			if _, err := io.CopyN(io.Discard, s.in, int64(length)); err != nil {
				return nil, 0, io.ErrUnexpectedEOF
			}
			s.refuse(ctx, jsonrpc2.Errorf(jsonrpc2.InvalidRequest, "message of %d bytes, larger than the %d MiB the server reads", length, maxMessage>>20))
			continue
		}
		body := make([]byte, length)
		if _, err := io.ReadFull(s.in, body); err != nil {
			return nil, 0, io.ErrUnexpectedEOF
		}
		msg, err := jsonrpc2.DecodeMessage(body)
		if err != nil {
			s.refuse(ctx, err)
			continue
		}
		return msg, int64(n + length), nil
	}
}

// refuse answers a message that could not be read with an error of id null.
func (s *stream) refuse(ctx context.Context, err error) {
	var e *jsonrpc2.Error
	if !errors.As(err, &e) {
		e = jsonrpc2.ErrParse
	}
	_, _ = s.Write(ctx, jsonrpc2.NewResponse(jsonrpc2.ID{}, nil, e))
}

// Write implements jsonrpc2.Stream.
func (s *stream) Write(ctx context.Context, msg jsonrpc2.Message) (int64, error) {
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	body, err := jsonrpc2.EncodeMessage(msg)
	if err != nil {
		return 0, err
	}
	// A '#' can only stand inside a JSON string: escaped, the text the
	// client reads is the same, and no "##vso[", "##[" or "##teamcity["
	// from a TOOL.md is in the bytes, should a CI system read them (the
	// body is one line that starts with '{': no "::" command either).
	body = bytes.ReplaceAll(body, []byte("#"), []byte(`\u0023`))
	s.mu.Lock()
	defer s.mu.Unlock()
	n, err := fmt.Fprintf(s.rwc, "Content-Length: %d\r\n\r\n%s", len(body), body)
	return int64(n), err
}

// Close implements jsonrpc2.Stream.
func (s *stream) Close() error { return s.rwc.Close() }

// readHeader reads a header block and returns its Content-Length and the
// bytes it took. io.EOF before any byte is the peer's clean end.
func readHeader(r *bufio.Reader) (length, n int, err error) {
	length = -1
	for {
		raw, err := readLine(r)
		n += len(raw)
		line := raw
		if err != nil {
			if err == io.EOF && n > 0 {
				err = io.ErrUnexpectedEOF
			}
			return 0, n, err
		}
		line = strings.TrimRight(line, "\r\n")
		if line == "" && n == len(raw) {
			n = 0 // a blank line between messages: skipped
			continue
		}
		if line == "" {
			if length < 0 {
				return 0, n, fmt.Errorf("%w: no Content-Length", errHeader)
			}
			return length, n, nil
		}
		name, value, ok := strings.Cut(line, ":")
		if !ok {
			return 0, n, fmt.Errorf("%w: a line without a colon", errHeader)
		}
		if strings.EqualFold(strings.TrimSpace(name), "Content-Length") {
			v, err := strconv.Atoi(strings.TrimSpace(value))
			if err != nil || v <= 0 {
				return 0, n, fmt.Errorf("%w: Content-Length %q", errHeader, strings.TrimSpace(value))
			}
			length = v
		}
	}
}

// readLine reads one line of at most maxHeaderLine bytes.
func readLine(r *bufio.Reader) (string, error) {
	var b strings.Builder
	for {
		frag, err := r.ReadSlice('\n')
		b.Write(frag)
		if b.Len() > maxHeaderLine {
			return "", fmt.Errorf("%w: a header line longer than %d bytes", errHeader, maxHeaderLine)
		}
		if err == bufio.ErrBufferFull {
			continue
		}
		return b.String(), err
	}
}
