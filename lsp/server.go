package lsp

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"github.com/speccify/speccify-lint/discover"
	"github.com/speccify/speccify-lint/lint"
)

// DefaultDebounce is how long after the last change of a document its
// folder is linted again.
const DefaultDebounce = 150 * time.Millisecond

// Options configure the server.
type Options struct {
	// Name and Version are the server's, as the initialize result tells.
	Name, Version string
	// Root is the workspace root when the client names none (no workspace
	// folder, no rootUri): "" is the working directory.
	Root string
	// Config is the configuration of a workspace root: the CLI's, from the
	// configuration file it finds. Nil is the default configuration. An
	// error is shown to the user, and the default is used.
	Config func(root string) (Config, error)
	// Debounce is how long after a change the folder is linted; 0 is
	// DefaultDebounce, a negative value no wait (tests).
	Debounce time.Duration
	// Hold is how long a workspace/diagnostic request waits for a change
	// when nothing changed since the last answer; 0 is DefaultHold.
	Hold time.Duration
}

// Config is the configuration of a workspace root.
type Config struct {
	// Lint is the lint configuration (its Root is set by the server).
	Lint lint.Config
	// Exclude are the globs of discover.Options.Exclude: a document in a
	// folder that a lint of the root skips (discover.Excluded) is left
	// alone, as a document outside any tool folder is.
	Exclude []string
	// ExcludeRoot is the directory the Exclude globs' paths are relative
	// to: the root a lint run from the workspace root has (the CLI's is the
	// git top level that holds its working directory), so that a
	// workspace opened below it skips the folders such a lint skips. ""
	// is the workspace root.
	ExcludeRoot string
	// Files are the paths whose contents make the configuration: the file
	// read, and the paths looked at before it was found (or every path
	// looked at when none was), set also when the configuration does not
	// load. The server compares them, before each lint, with what they
	// held when it read them, so that a file written, created or removed is
	// noticed even when the editor reports no changed files.
	Files []string
}

// Serve speaks the protocol on rwc until the client sends exit, the stream
// ends, or ctx is canceled, and returns the exit code the protocol
// prescribes: 0 when shutdown came before exit, 1 otherwise. A malformed
// message is answered with a protocol error; err says why the stream ended
// when that was not the client's exit or its clean end of stream.
func Serve(ctx context.Context, rwc io.ReadWriteCloser, opt Options) (exitCode int, err error) {
	s := newServer(opt)
	conn := jsonrpc2.NewConn(newStream(rwc), jsonrpc2.WithCodec(codec{}))
	s.conn = conn
	// Handled in the order received, on the read goroutine: a change is
	// applied before the next message is read. Linting runs elsewhere.
	conn.Go(ctx, s.handle)
	select {
	case <-s.exited:
	case <-conn.Done():
	case <-ctx.Done():
	}
	s.stop()
	// Close waits for the read under way to end: a pipe's does when it is
	// closed, but a process's stdin in blocking mode cannot be interrupted,
	// and the client that sent exit may keep it open: the process is not
	// kept waiting for it past closeWait.
	closed := make(chan struct{})
	go func() {
		_ = conn.Close()
		close(closed)
	}()
	select {
	case <-closed:
	case <-time.After(closeWait):
		return s.exitCode(), nil
	}
	select {
	case <-s.exited:
		return s.exitCode(), nil // what came after exit does not matter
	default:
	}
	if err := conn.Err(); err != nil && !errors.Is(err, io.ErrClosedPipe) && !errors.Is(err, os.ErrClosed) {
		return s.exitCode(), err
	}
	return s.exitCode(), nil
}

// closeWait is how long Serve waits for the connection to close once the
// session is over.
const closeWait = time.Second

// codec marshals with the protocol's union-aware codec (what
// protocol.NewServer installs), so that its types go out as the protocol
// says.
type codec struct{}

func (codec) Marshal(v any) ([]byte, error) {
	if m, ok := v.(jsonrpc2.RawMessage); ok {
		if m == nil {
			return []byte("null"), nil
		}
		return m, nil
	}
	return protocol.Marshal(v)
}

func (codec) Unmarshal(data []byte, v any) error {
	if p, ok := v.(*jsonrpc2.RawMessage); ok {
		*p = append(jsonrpc2.RawMessage(nil), data...)
		return nil
	}
	return protocol.Unmarshal(data, v)
}

// server is the state of one session.
type server struct {
	opt  Options
	conn jsonrpc2.Conn

	mu sync.Mutex
	// initialized: initialize was answered; shutdown: shutdown was;
	// stopped: no more lints start, nor are published (shutdown, or the
	// session ends).
	initialized, shutdown, stopped bool
	exited                         chan struct{}
	exitOnce                       sync.Once
	// utf8 is true when positions are counted in UTF-8 bytes (negotiated),
	// false for UTF-16 code units, the default.
	utf8 bool
	// roots are the workspace roots, clean and absolute, deepest first.
	roots []string
	// deleteFiles: the client applies workspace edits that delete files;
	// registerWatch: it watches files for the server when asked.
	deleteFiles, registerWatch bool
	// pull: the client pulls diagnostics (textDocument/diagnostic) and
	// can be asked to pull again (workspace/diagnostic/refresh,
	// refreshPull), and none are pushed.
	pull, refreshPull bool
	// refreshing: a workspace/diagnostic/refresh is under way;
	// refreshAgain: another is wanted after it.
	refreshing, refreshAgain bool
	// changes counts the changes of what a lint reads (documents, files,
	// configuration); signal is closed at the next one (then replaced).
	// answered is changes when workspace/diagnostic was last answered
	// (answeredOnce: it was).
	changes      uint64
	signal       chan struct{}
	answered     uint64
	answeredOnce bool
	// singles is the id of the request of each method that only one may
	// be handled of at a time (handler.single), while it is handled.
	singles map[string]jsonrpc2.ID
	docs    map[uri.URI]*document
	folders map[string]*folderState // by folder path
	configs map[string]configState  // by root

	// runCtx is canceled when the session stops: the examples running are
	// stopped (the runner kills them).
	runCtx  context.Context
	stopRun context.CancelFunc

	// lintMu serialises the lints (the machine's CPUs are the editor's too).
	lintMu sync.Mutex
	// sendMu keeps the diagnostics of a document in the order they were
	// decided: taken with s.mu held, kept while they are sent.
	sendMu sync.Mutex
	// cancels cancel the asynchronous requests being handled, by id
	// ($/cancelRequest).
	cancels map[jsonrpc2.ID]context.CancelFunc
	timers  map[string]*pending // pending lints, by folder path
	wg      sync.WaitGroup      // lints under way
}

func newServer(opt Options) *server {
	if opt.Debounce == 0 {
		opt.Debounce = DefaultDebounce
	}
	if opt.Name == "" {
		opt.Name = "speccify-lint"
	}
	runCtx, stopRun := context.WithCancel(context.Background())
	return &server{
		runCtx:  runCtx,
		stopRun: stopRun,
		opt:     opt,
		exited:  make(chan struct{}),
		signal:  make(chan struct{}),
		docs:    map[uri.URI]*document{},
		folders: map[string]*folderState{},
		configs: map[string]configState{},
		timers:  map[string]*pending{},
		cancels: map[jsonrpc2.ID]context.CancelFunc{},
		singles: map[string]jsonrpc2.ID{},
	}
}

func (s *server) exitCode() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.shutdown {
		return 0
	}
	return 1
}

// stop cancels the pending lints and waits for those under way.
func (s *server) stop() {
	s.mu.Lock()
	for k, p := range s.timers {
		if p.t.Stop() {
			s.wg.Done()
		}
		delete(s.timers, k)
	}
	s.stopped = true // no more lints, no more publishing
	s.mu.Unlock()
	s.stopRun()
	s.wg.Wait()
}

// errShutDown is the answer to a request after shutdown.
var errShutDown = jsonrpc2.NewError(jsonrpc2.InvalidRequest, "the server is shut down")

// errNotInitialized is the answer to a request before initialize.
var errNotInitialized = jsonrpc2.NewError(jsonrpc2.ServerNotInitialized, "the server is not initialized")

// handle dispatches one message. What goes wrong with a request is its
// error response; a notification has none, so what goes wrong with one (its
// params cannot be read, a request's method sent without an id, a panic in
// its handler) is logged (window/logMessage) and the notification dropped:
// the session goes on, and only exit ends it.
func (s *server) handle(ctx context.Context, req *jsonrpc2.Request) (any, error) {
	result, err := s.dispatch(ctx, req)
	if err != nil && !req.IsCall() {
		s.logf(protocol.MessageTypeWarning, "speccify-lint: a %s notification was dropped: %v", req.Method(), err)
		return nil, nil
	}
	return result, err
}

// dispatch runs the handler of one message. A panic in a handler is a
// protocol error (InternalError), not the end of the session.
func (s *server) dispatch(ctx context.Context, req *jsonrpc2.Request) (result any, err error) {
	defer func() {
		if r := recover(); r != nil {
			result, err = nil, jsonrpc2.Errorf(jsonrpc2.InternalError, "internal error in %s: %v (please report it)", req.Method(), r)
		}
	}()
	method := req.Method()
	s.mu.Lock()
	initialized, shutdown := s.initialized, s.shutdown
	s.mu.Unlock()
	switch {
	case method == protocol.MethodExit:
		s.exitOnce.Do(func() { close(s.exited) })
		return nil, nil
	case shutdown:
		if req.IsCall() {
			return nil, errShutDown
		}
		return nil, nil
	case !initialized && method != protocol.MethodInitialize:
		if req.IsCall() {
			return nil, errNotInitialized
		}
		return nil, nil // a notification before initialize is dropped
	}
	h, ok := s.handlers()[method]
	switch {
	case !ok && req.IsCall():
		return nil, jsonrpc2.Errorf(jsonrpc2.MethodNotFound, "method not found: %s", method)
	case !ok:
		return nil, nil // $/setTrace, $/progress and the like
	case h.notification && req.IsCall():
		return nil, jsonrpc2.Errorf(jsonrpc2.InvalidRequest, "%s is a notification: it is sent without an id", method)
	case !h.notification && !req.IsCall():
		return nil, jsonrpc2.Errorf(jsonrpc2.InvalidRequest, "%s is a request: it is sent with an id", method)
	}
	if h.async {
		return s.runAsync(ctx, req, h)
	}
	return h.run(ctx, req.Params())
}

// runAsync runs an asynchronous request's handler beside the messages that
// follow, with a context that $/cancelRequest of its id cancels (not the
// request's own, which jsonrpc2 recycles).
func (s *server) runAsync(ctx context.Context, req *jsonrpc2.Request, h handler) (any, error) {
	// Registered before the next message is read, so that a
	// $/cancelRequest right after it finds it, and so that of the requests
	// of a method handled one at a time the later ends the earlier in the
	// order they came, whichever handler runs first.
	id, method := req.ID(), req.Method()
	cctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	s.mu.Lock()
	s.cancels[id] = cancel
	if h.single {
		if prev, ok := s.singles[method]; ok {
			if end := s.cancels[prev]; end != nil {
				end()
			}
		}
		s.singles[method] = id
	}
	s.mu.Unlock()
	defer func() {
		s.mu.Lock()
		delete(s.cancels, id)
		if h.single && s.singles[method] == id {
			delete(s.singles, method)
		}
		s.mu.Unlock()
	}()
	jsonrpc2.Async(ctx) // the params are the request's own from here on
	return h.run(cctx, req.Params())
}

// maxLogged bounds the text of a message logged to the client.
const maxLogged = 300

// logf logs a message to the client (window/logMessage), on one line and
// bounded.
func (s *server) logf(typ protocol.MessageType, format string, args ...any) {
	msg := oneLine(fmt.Sprintf(format, args...))
	if len(msg) > maxLogged {
		msg = strings.ToValidUTF8(msg[:maxLogged], "") + "..."
	}
	_ = s.conn.Notify(context.Background(), protocol.MethodWindowLogMessage, &protocol.LogMessageParams{Type: typ, Message: msg})
}

// handler handles one method: a request, whose result or error is its
// response, or a notification.
type handler struct {
	notification bool
	// async: the request is handled beside the messages that follow it,
	// and $/cancelRequest cancels it (runAsync).
	async bool
	// single: of an async method, one request is handled at a time; the
	// next one cancels it (a client asks again only once it has its
	// answer).
	single bool
	run    func(ctx context.Context, params jsonrpc2.RawMessage) (any, error)
}

// single makes h the handler of an asynchronous request of which one is
// handled at a time, the next ending the one before.
func single(h handler) handler {
	h.async, h.single = true, true
	return h
}

// decode reads params into a new T; a failure is InvalidParams, and so are
// params without the text document a request about one names.
func decode[T any](params jsonrpc2.RawMessage) (*T, error) {
	v := new(T)
	if len(params) == 0 {
		return nil, jsonrpc2.NewError(jsonrpc2.InvalidParams, "params missing")
	}
	if err := protocol.Unmarshal(params, v); err != nil {
		return nil, jsonrpc2.Errorf(jsonrpc2.InvalidParams, "invalid params: %v", err)
	}
	if td := textDocumentOf(v); td != nil && td.URI == "" {
		return nil, jsonrpc2.NewError(jsonrpc2.InvalidParams, "invalid params: no textDocument.uri")
	}
	return v, nil
}

// textDocumentOf is the text document the params of a request about one
// name; nil for other params.
func textDocumentOf(p any) *protocol.TextDocumentIdentifier {
	switch p := p.(type) {
	case *protocol.HoverParams:
		return &p.TextDocument
	case *protocol.CompletionParams:
		return &p.TextDocument
	case *protocol.CodeActionParams:
		return &p.TextDocument
	case *protocol.DocumentDiagnosticParams:
		return &p.TextDocument
	}
	return nil
}

// on makes the handler of a request with params of type T.
func on[T any](f func(context.Context, *T) (any, error)) handler {
	return handler{run: func(ctx context.Context, raw jsonrpc2.RawMessage) (any, error) {
		p, err := decode[T](raw)
		if err != nil {
			return nil, err
		}
		return f(ctx, p)
	}}
}

// notified makes the handler of a notification with params of type T.
func notified[T any](f func(context.Context, *T)) handler {
	return handler{notification: true, run: func(ctx context.Context, raw jsonrpc2.RawMessage) (any, error) {
		p, err := decode[T](raw)
		if err != nil {
			return nil, err
		}
		f(ctx, p)
		return nil, nil
	}}
}

func (s *server) handlers() map[string]handler {
	return map[string]handler{
		protocol.MethodInitialize: on(s.initialize),
		// initialized's params carry nothing: whatever they are, the
		// watchers are registered.
		protocol.MethodInitialized: {notification: true, run: func(context.Context, jsonrpc2.RawMessage) (any, error) {
			s.watchFiles()
			return nil, nil
		}},
		// shutdown takes no params: any are ignored.
		protocol.MethodShutdown: {run: func(context.Context, jsonrpc2.RawMessage) (any, error) {
			s.mu.Lock()
			s.shutdown = true
			s.mu.Unlock()
			s.stop()
			return nil, nil
		}},
		protocol.MethodTextDocumentDidOpen:            notified(s.didOpen),
		protocol.MethodTextDocumentDidChange:          notified(s.didChange),
		protocol.MethodTextDocumentDidSave:            notified(s.didSave),
		protocol.MethodTextDocumentDidClose:           notified(s.didClose),
		protocol.MethodTextDocumentCodeAction:         on(s.codeAction),
		protocol.MethodTextDocumentHover:              on(s.hover),
		protocol.MethodTextDocumentCompletion:         on(s.completion),
		protocol.MethodTextDocumentDiagnostic:         on(s.documentDiagnostic),
		protocol.MethodWorkspaceDiagnostic:            single(on(s.workspaceDiagnostic)),
		protocol.MethodWorkspaceExecuteCommand:        on(s.executeCommand),
		protocol.MethodWorkspaceDidChangeWatchedFiles: notified(s.didChangeWatchedFiles),
		protocol.MethodCancelRequest:                  notified(s.cancelRequest),
	}
}

// cancelRequest cancels the request of an id while it is handled: one
// that waits (workspace/diagnostic) is answered RequestCancelled.
func (s *server) cancelRequest(_ context.Context, p *protocol.CancelParams) {
	var id jsonrpc2.ID
	switch v := p.ID.(type) {
	case protocol.Integer:
		id = jsonrpc2.NewNumberID(int64(v))
	case protocol.String:
		id = jsonrpc2.NewStringID(string(v))
	default:
		return
	}
	s.mu.Lock()
	cancel := s.cancels[id]
	s.mu.Unlock()
	if cancel != nil {
		cancel()
	}
}

// initialize negotiates: the position encoding (utf-8 when the client
// offers it, else UTF-16), the workspace roots, and says what the server
// does.
func (s *server) initialize(_ context.Context, p *protocol.InitializeParams) (any, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.initialized {
		return nil, jsonrpc2.NewError(jsonrpc2.InvalidRequest, "initialize was already sent")
	}
	s.initialized = true
	if g := p.Capabilities.General; g != nil && slices.Contains(g.PositionEncodings, protocol.PositionEncodingKindUTF8) {
		s.utf8 = true
	}
	if w := p.Capabilities.Workspace; w != nil {
		if e := w.WorkspaceEdit; e != nil {
			s.deleteFiles = e.DocumentChanges != nil && *e.DocumentChanges &&
				slices.Contains(e.ResourceOperations, protocol.ResourceOperationKindDelete)
		}
		if f := w.DidChangeWatchedFiles; f != nil {
			s.registerWatch = f.DynamicRegistration != nil && *f.DynamicRegistration
		}
		if d := w.Diagnostics; d != nil {
			s.refreshPull = d.RefreshSupport != nil && *d.RefreshSupport
		}
	}
	// Pulled only by a client that can be told to pull again: the
	// diagnostics change without an edit (the examples ran, the
	// configuration changed). Neovim 0.10 pulls but cannot be told: it
	// gets them pushed, as it then pulls none.
	s.pull = s.refreshPull && p.Capabilities.TextDocument != nil && p.Capabilities.TextDocument.Diagnostic != nil
	s.roots = workspaceRoots(p, s.opt.Root)
	enc := protocol.PositionEncodingKindUTF16
	if s.utf8 {
		enc = protocol.PositionEncodingKindUTF8
	}
	incremental := protocol.TextDocumentSyncKindIncremental
	yes := true
	res := &protocol.InitializeResult{
		Capabilities: protocol.ServerCapabilities{
			PositionEncoding: enc,
			TextDocumentSync: &protocol.TextDocumentSyncOptions{
				OpenClose: &yes,
				Change:    &incremental,
				Save:      &protocol.SaveOptions{IncludeText: &yes},
			},
			CodeActionProvider: &protocol.CodeActionOptions{
				CodeActionKinds: []protocol.CodeActionKind{protocol.CodeActionKindQuickFix, fixAllKind},
			},
			HoverProvider:          protocol.Boolean(true),
			ExecuteCommandProvider: protocol.ExecuteCommandOptions{Commands: []string{runExamplesCommand}},
			CompletionProvider:     &protocol.CompletionOptions{TriggerCharacters: []string{"\"", "/", ":", " "}},
		},
		ServerInfo: protocol.ServerInfo{Name: s.opt.Name},
	}
	if s.pull {
		res.Capabilities.DiagnosticProvider = diagnosticOptions()
	}
	if s.opt.Version != "" {
		res.ServerInfo.Version = protocol.NewOptional(s.opt.Version)
	}
	return res, nil
}

// workspaceRoots are the roots the client names (its workspace folders, or
// its rootUri, or its rootPath), else fallback (else the working
// directory): clean, absolute, deepest first, so that a document belongs to
// the deepest root that holds it.
func workspaceRoots(p *protocol.InitializeParams, fallback string) []string {
	var roots []string
	add := func(path string) {
		if path == "" {
			return
		}
		if abs, err := filepath.Abs(path); err == nil && !slices.Contains(roots, abs) {
			roots = append(roots, abs)
		}
	}
	folders, _ := p.WorkspaceFolders.Get()
	for _, f := range folders {
		if u := uri.URI(f.URI); u.IsFile() {
			add(u.FsPath())
		}
	}
	// rootUri and rootPath are deprecated, and what clients without
	// workspace folders send.
	//lint:ignore SA1019 the clients that send no workspace folders send rootUri
	if rootURI := p.RootURI; len(roots) == 0 && rootURI != nil && rootURI.IsFile() {
		add(rootURI.FsPath())
	}
	if len(roots) == 0 {
		//lint:ignore SA1019 the oldest clients send only rootPath
		if v, ok := p.RootPath.Get(); ok {
			add(v)
		}
	}
	if len(roots) == 0 {
		add(fallback)
	}
	if len(roots) == 0 {
		add(".")
	}
	slices.SortFunc(roots, func(a, b string) int { return len(b) - len(a) })
	return roots
}

// rootOf is the deepest workspace root that holds path; false when none
// does.
func (s *server) rootOf(path string) (string, bool) {
	for _, r := range s.roots {
		if rel, err := filepath.Rel(r, path); err == nil && filepath.IsLocal(rel) {
			return r, true
		}
	}
	return "", false
}

// excludes reports whether exclude, the configuration's exclusion of f's
// root (rootConfig), skips folder f, as a lint skips it (discover.Excluded).
func excludes(exclude discover.Options, f *folderState) bool {
	return discover.Excluded(f.dir, exclude)
}

// noteChange records that what a lint reads changed: a held
// workspace/diagnostic request goes on. The caller holds s.mu.
func (s *server) noteChange() {
	s.changes++
	close(s.signal)
	s.signal = make(chan struct{})
}

// refresh asks a client that pulls diagnostics to pull them again, when
// they changed without a change of its documents (the examples ran, the
// configuration or a file on disk changed). The request goes from its own
// goroutine, as watchFiles's does; while one is under way, the refreshes
// asked for meanwhile (a checkout reports many files) are one more after
// it. The caller holds s.mu.
func (s *server) refresh() {
	if !s.pull || s.stopped {
		return
	}
	if s.refreshing {
		s.refreshAgain = true
		return
	}
	s.refreshing = true
	go func() {
		for {
			_, _ = s.conn.Call(context.Background(), protocol.MethodWorkspaceDiagnosticRefresh, nil, nil)
			s.mu.Lock()
			again := s.refreshAgain && !s.stopped
			s.refreshAgain, s.refreshing = false, again
			s.mu.Unlock()
			if !again {
				return
			}
		}
	}()
}

// showError shows a message to the user.
func (s *server) showError(msg string) {
	_ = s.conn.Notify(context.Background(), protocol.MethodWindowShowMessage, &protocol.ShowMessageParams{Type: protocol.MessageTypeError, Message: msg})
}

func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// watchGlobs are the files whose changes the server hears of: the
// configuration files, and everything under a tool or skill folder (a
// fixture added, an implementation renamed).
var watchGlobs = []string{"**/.speccify-lint.yaml", "**/.speccify-lint.yml", "**/.agent/**"}

// watchFiles asks the client to watch watchGlobs, when it can be asked. The
// request goes from its own goroutine: its answer is read by the loop
// that runs the handlers.
func (s *server) watchFiles() {
	s.mu.Lock()
	register := s.registerWatch
	s.mu.Unlock()
	if !register {
		return
	}
	var opts protocol.DidChangeWatchedFilesRegistrationOptions
	for _, g := range watchGlobs {
		opts.Watchers = append(opts.Watchers, protocol.FileSystemWatcher{GlobPattern: protocol.Pattern(g)})
	}
	raw, err := protocol.Marshal(&opts)
	if err != nil {
		return
	}
	params := &protocol.RegistrationParams{Registrations: []protocol.Registration{{
		ID: "speccify-lint-watch", Method: protocol.MethodWorkspaceDidChangeWatchedFiles, RegisterOptions: raw,
	}}}
	go func() {
		_, _ = s.conn.Call(context.Background(), protocol.MethodClientRegisterCapability, params, nil)
	}()
}
