package lsp

import (
	"errors"
	"testing"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
)

// code is the JSON-RPC error code of err; 0 when it has none.
func code(err error) jsonrpc2.Code {
	var e *jsonrpc2.Error
	if errors.As(err, &e) {
		return e.Code
	}
	return 0
}

func TestLifecycle(t *testing.T) {
	root := t.TempDir()

	// Exit without shutdown: exit code 1.
	s, _ := start(t, root, protocol.ClientCapabilities{})
	if c := s.exit(); c != 1 {
		t.Errorf("exit without shutdown: code %d, want 1", c)
	}

	// A request before initialize is refused; a notification dropped.
	s = newSession(t, Options{})
	_, err := s.server.Hover(s.ctx, &protocol.HoverParams{})
	if code(err) != jsonrpc2.ServerNotInitialized {
		t.Errorf("hover before initialize: %v, want ServerNotInitialized", err)
	}
	if err := s.server.DidOpen(s.ctx, &protocol.DidOpenTextDocumentParams{}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.server.Initialize(s.ctx, &protocol.InitializeParams{}); err != nil {
		t.Fatalf("initialize: %v", err)
	}
	// A second initialize is refused.
	if _, err := s.server.Initialize(s.ctx, &protocol.InitializeParams{}); code(err) != jsonrpc2.InvalidRequest {
		t.Errorf("second initialize: %v, want InvalidRequest", err)
	}
	// An unknown request: MethodNotFound; an unknown notification: nothing.
	var out any
	if _, err := s.conn.Call(s.ctx, "speccify/unknown", map[string]int{"a": 1}, &out); code(err) != jsonrpc2.MethodNotFound {
		t.Errorf("unknown method: %v, want MethodNotFound", err)
	}
	if err := s.conn.Notify(s.ctx, "speccify/unknown", nil); err != nil {
		t.Fatal(err)
	}
	// Params of the wrong shape: InvalidParams.
	if _, err := s.conn.Call(s.ctx, protocol.MethodTextDocumentCodeAction, []int{1, 2}, &out); code(err) != jsonrpc2.InvalidParams {
		t.Errorf("codeAction with an array: %v, want InvalidParams", err)
	}
	// After shutdown, a request is refused; exit gives 0.
	if err := s.server.Shutdown(s.ctx); err != nil {
		t.Fatal(err)
	}
	if _, err := s.server.CodeAction(s.ctx, &protocol.CodeActionParams{}); code(err) != jsonrpc2.InvalidRequest {
		t.Errorf("codeAction after shutdown: %v, want InvalidRequest", err)
	}
	if c := s.exit(); c != 0 {
		t.Errorf("exit after shutdown: code %d, want 0", c)
	}
}
