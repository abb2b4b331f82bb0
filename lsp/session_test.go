package lsp

import (
	"context"
	"net"
	"os"
	"testing"
	"time"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"github.com/speccify/speccify-lint/internal/testtree"
)

// session is a server served in-process on one end of a pipe, and the
// protocol library's client on the other.
type session struct {
	t      testing.TB
	ctx    context.Context
	server protocol.Server // the client side's dispatcher
	conn   jsonrpc2.Conn
	diags  chan *protocol.PublishDiagnosticsParams
	peer   *testClient
	done   chan serverExit
	client net.Conn
}

type serverExit struct {
	code int
	err  error
}

// testClient records what the server sends.
type testClient struct {
	protocol.UnimplementedClient
	diags      chan *protocol.PublishDiagnosticsParams
	registered chan *protocol.RegistrationParams
	messages   chan *protocol.ShowMessageParams
	refreshed  chan struct{}
}

// DiagnosticRefresh records workspace/diagnostic/refresh.
func (c *testClient) DiagnosticRefresh(context.Context) error {
	select {
	case c.refreshed <- struct{}{}:
	default:
	}
	return nil
}

// LogMessage takes what the server logs.
func (c *testClient) LogMessage(context.Context, *protocol.LogMessageParams) error { return nil }

func (c *testClient) RegisterCapability(_ context.Context, p *protocol.RegistrationParams) error {
	p, err := protocol.Clone(p)
	if err != nil {
		return err
	}
	c.registered <- p
	return nil
}

func (c *testClient) PublishDiagnostics(_ context.Context, p *protocol.PublishDiagnosticsParams) error {
	p, err := protocol.Clone(p)
	if err != nil {
		return err
	}
	c.diags <- p
	return nil
}

func (c *testClient) ShowMessage(_ context.Context, p *protocol.ShowMessageParams) error {
	c.messages <- p
	return nil
}

// newSession serves a server with opt; it is not initialized yet.
func newSession(t testing.TB, opt Options) *session {
	t.Helper()
	if opt.Debounce == 0 {
		opt.Debounce = -1
	}
	srvEnd, cliEnd := net.Pipe()
	s := &session{t: t, ctx: context.Background(), diags: make(chan *protocol.PublishDiagnosticsParams, 100), done: make(chan serverExit, 1), client: cliEnd}
	go func() {
		code, err := Serve(context.Background(), srvEnd, opt)
		srvEnd.Close()
		s.done <- serverExit{code, err}
	}()
	s.peer = &testClient{diags: s.diags, registered: make(chan *protocol.RegistrationParams, 10), messages: make(chan *protocol.ShowMessageParams, 10), refreshed: make(chan struct{}, 10)}
	_, conn, server := protocol.NewClient(s.ctx, s.peer, jsonrpc2.NewStream(cliEnd))
	s.conn, s.server = conn, server
	t.Cleanup(func() {
		conn.Close()
		cliEnd.Close()
	})
	return s
}

// start is newSession and initialize with root as the workspace folder.
func start(t testing.TB, root string, caps protocol.ClientCapabilities) (*session, *protocol.InitializeResult) {
	t.Helper()
	return startWith(t, root, caps, Options{})
}

// startWith is start with opt.
func startWith(t testing.TB, root string, caps protocol.ClientCapabilities, opt Options) (*session, *protocol.InitializeResult) {
	t.Helper()
	s := newSession(t, opt)
	res, err := s.server.Initialize(s.ctx, &protocol.InitializeParams{
		WorkspaceFoldersInitializeParams: protocol.WorkspaceFoldersInitializeParams{
			WorkspaceFolders: protocol.NewNullable([]protocol.WorkspaceFolder{{URI: uri.File(root), Name: "root"}}),
		},
		Capabilities: caps,
	})
	if err != nil {
		t.Fatalf("initialize: %v", err)
	}
	if err := s.server.Initialized(s.ctx, &protocol.InitializedParams{}); err != nil {
		t.Fatal(err)
	}
	return s, res
}

// open opens the file at path with text (its content on disk when text is
// nil).
func (s *session) open(path string, text *string, version int32) uri.URI {
	s.t.Helper()
	if text == nil {
		data, err := os.ReadFile(path)
		if err != nil {
			s.t.Fatal(err)
		}
		str := string(data)
		text = &str
	}
	u := uri.File(path)
	err := s.server.DidOpen(s.ctx, &protocol.DidOpenTextDocumentParams{TextDocument: protocol.TextDocumentItem{URI: u, LanguageID: "markdown", Version: version, Text: *text}})
	if err != nil {
		s.t.Fatal(err)
	}
	return u
}

// diagnosticsFor waits for the diagnostics of u at version (any version
// when version < 0), skipping others.
func (s *session) diagnosticsFor(u uri.URI, version int32) []protocol.Diagnostic {
	s.t.Helper()
	timeout := time.After(60 * time.Second) // a hang, not a timing assertion
	for {
		select {
		case p := <-s.diags:
			v, _ := p.Version.Get()
			if p.URI == u && (version < 0 || v == version) {
				return p.Diagnostics
			}
		case <-timeout:
			s.t.Fatalf("no diagnostics for %s version %d", u, version)
		}
	}
}

// shutdown shuts the server down and sends exit; it returns the exit code.
func (s *session) shutdown() int {
	s.t.Helper()
	if err := s.server.Shutdown(s.ctx); err != nil {
		s.t.Fatalf("shutdown: %v", err)
	}
	return s.exit()
}

func (s *session) exit() int {
	s.t.Helper()
	if err := s.server.Exit(s.ctx); err != nil {
		s.t.Fatalf("exit: %v", err)
	}
	select {
	case r := <-s.done:
		if r.err != nil {
			s.t.Errorf("Serve: %v", r.err)
		}
		return r.code
	case <-time.After(60 * time.Second):
		s.t.Fatal("the server did not exit")
	}
	return -1
}

// writeTree writes files (slash paths) under a new root.
func writeTree(t testing.TB, files map[string]string) string {
	t.Helper()
	root := t.TempDir()
	testtree.WriteMode(t, root, 0o755, files)
	return root
}
