package lsp

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"github.com/speccify/speccify-lint/internal/citest"
)

// rawPeer speaks to a server with raw frames, as a broken or hostile
// client would.
type rawPeer struct {
	t    *testing.T
	conn net.Conn
	in   *bufio.Reader
	done chan serverExit
	out  strings.Builder // everything the server wrote
	// frames are written in the order sent, by one goroutine (the pipe
	// is synchronous: a large frame is read while it is written, and the
	// server's answers are read meanwhile).
	frames chan string
}

func newRawPeer(t *testing.T) *rawPeer {
	srv, cli := net.Pipe()
	p := &rawPeer{t: t, conn: cli, done: make(chan serverExit, 1), frames: make(chan string, 1000)}
	go func() {
		for body := range p.frames {
			fmt.Fprintf(p.conn, "Content-Length: %d\r\n\r\n%s", len(body), body)
		}
	}()
	p.in = bufio.NewReader(io.TeeReader(cli, &p.out))
	go func() {
		code, err := Serve(context.Background(), srv, Options{Debounce: -1})
		srv.Close()
		p.done <- serverExit{code, err}
	}()
	t.Cleanup(func() {
		cli.Close()
		close(p.frames)
	})
	return p
}

// send writes body as one frame, after the frames sent before it.
func (p *rawPeer) send(body string) {
	p.frames <- body
}

// sendJSON sends a wireMessage.
func (p *rawPeer) sendJSON(msg map[string]any) {
	msg["jsonrpc"] = "2.0"
	b, err := json.Marshal(msg)
	if err != nil {
		p.t.Fatal(err)
	}
	p.send(string(b))
}

// wireMessage is a message the server sent.
type wireMessage struct {
	ID     json.RawMessage `json:"id"`
	Method string          `json:"method"`
	Params json.RawMessage `json:"params"`
	Result json.RawMessage `json:"result"`
	Error  *struct {
		Code    int    `json:"code"`
		Message string `json:"wireMessage"`
	} `json:"error"`
}

// read reads the next wireMessage the server sends.
func (p *rawPeer) read() wireMessage {
	p.t.Helper()
	type got struct {
		m   wireMessage
		err error
	}
	ch := make(chan got, 1)
	go func() {
		n, _, err := readHeader(p.in)
		if err != nil {
			ch <- got{err: err}
			return
		}
		body := make([]byte, n)
		if _, err := io.ReadFull(p.in, body); err != nil {
			ch <- got{err: err}
			return
		}
		var m wireMessage
		ch <- got{m, json.Unmarshal(body, &m)}
	}()
	select {
	case g := <-ch:
		if g.err != nil {
			p.t.Fatalf("reading the server: %v", g.err)
		}
		return g.m
	case <-time.After(time.Minute):
		p.t.Fatal("the server sent nothing")
	}
	return wireMessage{}
}

// response reads messages up to the response to id (notifications are
// skipped).
func (p *rawPeer) response(id string) wireMessage {
	p.t.Helper()
	for {
		m := p.read()
		if m.Method == "" && string(m.ID) == id {
			return m
		}
	}
}

func (p *rawPeer) wantError(what string, m wireMessage, code int) {
	p.t.Helper()
	if m.Error == nil || m.Error.Code != code {
		p.t.Errorf("%s: %+v, want error %d", what, m, code)
	}
}

func TestRobustness(t *testing.T) {
	root := writeTree(t, map[string]string{".agent/tools/split/TOOL.md": splitTool, ".agent/tools/split/linux.sh": okScript})
	p := newRawPeer(t)

	// Malformed JSON, before and after initialize: a parse error, id null.
	p.send(`{"jsonrpc": "2.0", "id": 1, "method": `)
	p.wantError("malformed JSON", p.response("null"), -32700)
	p.send(`[]`)
	p.wantError("an empty batch", p.response("null"), -32600)
	p.send(`"just a string"`)
	p.wantError("a string", p.response("null"), -32700)

	p.sendJSON(map[string]any{"id": 1, "method": "initialize", "params": map[string]any{
		"capabilities":     map[string]any{},
		"workspaceFolders": []any{map[string]any{"uri": string(uri.File(root)), "name": "root"}},
	}})
	if m := p.response("1"); m.Error != nil || !strings.Contains(string(m.Result), `"positionEncoding":"utf-16"`) {
		t.Fatalf("initialize: %+v %s", m.Error, m.Result)
	}
	p.sendJSON(map[string]any{"method": "initialized", "params": map[string]any{}})

	p.send(`{"jsonrpc": "2.0", "id": 2, "method": "textDocument/codeAction", "params": {"textDocument": 7}}`)
	p.wantError("code action with malformed params", p.response("2"), -32602)
	p.sendJSON(map[string]any{"id": 3, "method": "workspace/unknownThing", "params": map[string]any{}})
	p.wantError("an unknown method", p.response("3"), -32601)
	p.sendJSON(map[string]any{"id": "four", "method": "textDocument/codeAction"})
	p.wantError("code action without params", p.response(`"four"`), -32602)
	p.sendJSON(map[string]any{"method": "textDocument/didChange", "params": map[string]any{"textDocument": map[string]any{"uri": "file:///nowhere/TOOL.md", "version": 3}, "contentChanges": []any{map[string]any{"text": "x"}}}})

	// A frame past maxMessage is skipped unread and refused; the session
	// goes on.
	p.send(`{"jsonrpc": "2.0", "id": 5, "method": "x", "params": "` + strings.Repeat("a", maxMessage) + `"}`)
	p.wantError("a wireMessage past the limit", p.response("null"), -32600)

	// A huge TOOL.md (4 MiB, past the 1 MiB the linter reads): a
	// spec-file diagnostic. Hostile text in it goes out as JSON strings,
	// never at a line start where a CI system reads a command.
	spec := filepath.Join(root, ".agent/tools/split/TOOL.md")
	huge := "---\nname: split\ndescription: \"\\n::error::x\\n##vso[task.complete result=Failed]\"\n---\n" + strings.Repeat("::error file=a::pwned\n##vso[task.setvariable variable=a]b\n", 4<<20/60)
	p.sendJSON(map[string]any{"method": "textDocument/didOpen", "params": map[string]any{"textDocument": map[string]any{
		"uri": string(uri.File(spec)), "languageId": "markdown", "version": 1, "text": huge}}})
	for {
		m := p.read()
		if m.Method != "textDocument/publishDiagnostics" {
			continue
		}
		if !strings.Contains(string(m.Params), `"code":"spec-file"`) || !strings.Contains(string(m.Params), "larger than the 1 MiB") {
			t.Errorf("the huge TOOL.md: %s", m.Params)
		}
		break
	}
	// Hostile names and descriptions come back in diagnostics.
	hostile := strings.Replace(splitTool, "name: split", "name: \"::error::pwned\\n##vso[task.complete]\\n##teamcity[buildStatus]\"", 1)
	p.sendJSON(map[string]any{"method": "textDocument/didChange", "params": map[string]any{
		"textDocument": map[string]any{"uri": string(uri.File(spec)), "version": 2}, "contentChanges": []any{map[string]any{"text": hostile}}}})
	for {
		m := p.read()
		if m.Method == "textDocument/publishDiagnostics" && strings.Contains(string(m.Params), `"version":2`) {
			if !strings.Contains(string(m.Params), "::error::pwned") {
				t.Errorf("the hostile name is not in the diagnostics: %s", m.Params)
			}
			break
		}
	}

	// Exit without shutdown: exit code 1, no error.
	p.sendJSON(map[string]any{"method": "exit"})
	select {
	case r := <-p.done:
		if r.code != 1 || r.err != nil {
			t.Errorf("exit without shutdown: code %d, error %v; want 1, none", r.code, r.err)
		}
	case <-time.After(time.Minute):
		t.Fatal("the server did not exit")
	}
	if cmds := citest.Commands(p.out.String()); len(cmds) > 0 {
		t.Errorf("the server's output carries CI commands: %v", cmds)
	}
}

// A header that is not LSP's ends the session (the framing is lost) with
// an error, and a stream that ends without exit is exit code 1.
func TestBrokenHeader(t *testing.T) {
	for _, tc := range []struct{ in, err string }{
		{"Content-Length: abc\r\n\r\n", "malformed message header"},
		{"Content-Length: -5\r\n\r\n", "malformed message header"},
		{"X: y\r\n\r\n", "no Content-Length"},
		{"no colon here\r\n\r\n", "malformed message header"},
		{strings.Repeat("a", 10000), "longer than"},
		{"Content-Length: 10\r\n\r\n{}", "unexpected EOF"},
		{"", ""},
	} {
		srv, cli := net.Pipe()
		done := make(chan serverExit, 1)
		go func() {
			code, err := Serve(context.Background(), srv, Options{})
			done <- serverExit{code, err}
		}()
		go func() {
			io.WriteString(cli, tc.in)
			cli.Close()
		}()
		select {
		case r := <-done:
			if r.code != 1 || (tc.err == "") != (r.err == nil) || r.err != nil && !strings.Contains(r.err.Error(), tc.err) {
				t.Errorf("%q: code %d, error %v; want 1, %q", tc.in, r.code, r.err, tc.err)
			}
		case <-time.After(time.Minute):
			t.Fatalf("%q: the server did not end", tc.in)
		}
	}
}

// A flood of changes, with requests in between and the default debounce:
// the last version's diagnostics arrive, right, and nothing races (-race).
func TestChangeFlood(t *testing.T) {
	root := writeTree(t, map[string]string{".agent/tools/split/TOOL.md": splitTool, ".agent/tools/split/linux.sh": okScript})
	s, _ := startWith(t, root, protocol.ClientCapabilities{}, Options{Debounce: DefaultDebounce})
	u := s.open(filepath.Join(root, ".agent/tools/split/TOOL.md"), nil, 1)
	s.diagnosticsFor(u, 1)
	for v := int32(2); v < 120; v++ {
		// Append a character to line 2 (the description), then ask.
		err := s.server.DidChange(s.ctx, &protocol.DidChangeTextDocumentParams{
			TextDocument: protocol.VersionedTextDocumentIdentifier{TextDocumentIdentifier: protocol.TextDocumentIdentifier{URI: u}, Version: v},
			ContentChanges: []protocol.TextDocumentContentChangeEvent{&protocol.TextDocumentContentChangePartial{
				Range: protocol.Range{Start: protocol.Position{Line: 2, Character: 24}, End: protocol.Position{Line: 2, Character: 24}}, Text: "x"}},
		})
		if err != nil {
			t.Fatal(err)
		}
		if v%10 == 0 {
			s.hoverAt(u, 10, 60)
			s.codeActions(u, wholeText)
		}
	}
	checkDiagnostics(t, "the last version", s.diagnosticsFor(u, 119), splitWant...)
	s.shutdown()
}
