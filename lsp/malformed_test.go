package lsp

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
)

// malformedParams are params of the wrong shape for every method: null
// (no params), the wrong JSON type, and objects whose fields have the wrong
// types.
var malformedParams = []string{`null`, `5`, `"text"`, `[1, 2]`, `true`}

// wrongFields are, by method, params whose fields have the wrong types
// (and, for a request about a text document, one without it): every method
// the server handles is here (TestMalformedParams checks).
var wrongFields = map[string][]string{
	protocol.MethodInitialize:                     {`{"capabilities": 5}`, `{"processId": "one", "capabilities": {}}`, `{"capabilities": {}, "workspaceFolders": 7}`},
	protocol.MethodInitialized:                    nil, // its params carry nothing, and are not read
	protocol.MethodShutdown:                       nil, // takes no params: any are ignored
	protocol.MethodTextDocumentDidOpen:            {`{"textDocument": 7}`, `{"textDocument": {"uri": 5, "version": "one", "text": []}}`},
	protocol.MethodTextDocumentDidChange:          {`{"textDocument": {"uri": "file:///a/TOOL.md", "version": 2}, "contentChanges": {}}`, `{"textDocument": {"uri": "file:///a/TOOL.md", "version": 2}, "contentChanges": [{"range": "all", "text": 1}]}`},
	protocol.MethodTextDocumentDidSave:            {`{"textDocument": "file:///a/TOOL.md"}`, `{"textDocument": {"uri": "file:///a/TOOL.md"}, "text": 5}`},
	protocol.MethodTextDocumentDidClose:           {`{"textDocument": []}`},
	protocol.MethodTextDocumentCodeAction:         {`{"textDocument": 7}`, `{"textDocument": {"uri": "file:///a/TOOL.md"}, "range": [], "context": {}}`, `{"range": {"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 0}}, "context": {"diagnostics": []}}`},
	protocol.MethodTextDocumentHover:              {`{"textDocument": {"uri": "file:///a/TOOL.md"}, "position": "here"}`, `{"textDocument": {"uri": "file:///a/TOOL.md"}, "position": {"line": -1, "character": 0}}`, `{"position": {"line": 0, "character": 0}}`},
	protocol.MethodTextDocumentCompletion:         {`{"textDocument": {"uri": 1}, "position": {"line": 0, "character": 0}}`, `{"position": {"line": 0, "character": 0}}`},
	protocol.MethodTextDocumentDiagnostic:         {`{"textDocument": {"uri": "file:///a/TOOL.md"}, "previousResultId": 5}`, `{"previousResultId": "x"}`},
	protocol.MethodWorkspaceDiagnostic:            {`{"previousResultIds": 5}`, `{"previousResultIds": [{"uri": 1, "value": 2}]}`},
	protocol.MethodCancelRequest:                  {`{"id": true}`, `{"id": [1]}`},
	protocol.MethodWorkspaceExecuteCommand:        {`{"command": 7}`, `{"command": "speccify-lint.runExamples", "arguments": {}}`},
	protocol.MethodWorkspaceDidChangeWatchedFiles: {`{"changes": 3}`, `{"changes": [{"uri": "file:///a/TOOL.md", "type": "changed"}]}`},
}

// Every method the server handles, sent with params of the wrong shape, as
// a notification and as a request: a notification is logged and dropped, a
// request answered with InvalidParams, and the session goes on: a document
// opened afterwards gets its diagnostics, a request its answer, and
// shutdown and exit end it with exit code 0.
func TestMalformedParams(t *testing.T) {
	handled := newServer(Options{}).handlers()
	for method := range handled {
		if _, ok := wrongFields[method]; !ok {
			t.Errorf("%s: no params of the wrong shape in wrongFields", method)
		}
	}
	root := writeTree(t, map[string]string{".agent/tools/split/TOOL.md": splitTool, ".agent/tools/split/linux.sh": okScript})
	p := newRawPeer(t)
	id := 0
	// call sends a request and returns its response.
	call := func(method, params string) wireMessage {
		t.Helper()
		id++
		p.send(fmt.Sprintf(`{"jsonrpc": "2.0", "id": %d, "method": %q, "params": %s}`, id, method, params))
		return p.response(fmt.Sprint(id))
	}
	// notify sends a notification the server cannot read, and waits for
	// the message that logs it.
	notify := func(method, params string) {
		t.Helper()
		p.send(fmt.Sprintf(`{"jsonrpc": "2.0", "method": %q, "params": %s}`, method, params))
		for {
			m := p.read()
			if m.Method != protocol.MethodWindowLogMessage {
				continue
			}
			var log protocol.LogMessageParams
			if err := json.Unmarshal(m.Params, &log); err != nil || log.Type != protocol.MessageTypeWarning || !strings.Contains(log.Message, method) {
				t.Errorf("%s %s: logged %s", method, params, m.Params)
			}
			return
		}
	}
	shapes := func(method string) []string { return append(slices.Clone(malformedParams), wrongFields[method]...) }

	// Before initialize: initialize with the wrong params is refused, and
	// a notification of it (it is a request) dropped.
	for _, params := range shapes(protocol.MethodInitialize) {
		p.wantError("initialize "+params, call(protocol.MethodInitialize, params), -32602)
		notify(protocol.MethodInitialize, params)
	}
	p.sendJSON(map[string]any{"id": "init", "method": "initialize", "params": map[string]any{
		"capabilities":     map[string]any{},
		"workspaceFolders": []any{map[string]any{"uri": string(uri.File(root)), "name": "root"}},
	}})
	if m := p.response(`"init"`); m.Error != nil {
		t.Fatalf("initialize: %+v", m.Error)
	}
	p.sendJSON(map[string]any{"method": "initialized", "params": map[string]any{}})

	for _, method := range slices.Sorted(func(yield func(string) bool) {
		for m := range handled {
			if !yield(m) {
				return
			}
		}
	}) {
		if method == protocol.MethodInitialize || method == protocol.MethodShutdown {
			continue
		}
		for _, params := range shapes(method) {
			if method == protocol.MethodInitialized {
				break // its params carry nothing, and are not read
			}
			if isRequest(method) {
				p.wantError(method+" "+params, call(method, params), -32602)
			}
			notify(method, params)
		}
	}
	// A request sent as a notification is dropped too.
	notify(protocol.MethodShutdown, `{}`)

	// The session goes on: a document opened gets its diagnostics, a
	// request its answer.
	spec := filepath.Join(root, ".agent/tools/split/TOOL.md")
	p.sendJSON(map[string]any{"method": "textDocument/didOpen", "params": map[string]any{"textDocument": map[string]any{
		"uri": string(uri.File(spec)), "languageId": "markdown", "version": 1, "text": splitTool}}})
	for {
		m := p.read()
		if m.Method == "textDocument/publishDiagnostics" {
			if !strings.Contains(string(m.Params), `"code":"yaml-split"`) {
				t.Errorf("diagnostics after the malformed messages: %s", m.Params)
			}
			break
		}
	}
	hover := call(protocol.MethodTextDocumentHover, fmt.Sprintf(`{"textDocument": {"uri": %q}, "position": {"line": 2, "character": 2}}`, uri.File(spec)))
	if hover.Error != nil || !strings.Contains(string(hover.Result), "description") {
		t.Errorf("hover after the malformed messages: %+v %s", hover.Error, hover.Result)
	}
	if m := call(protocol.MethodShutdown, `[1, 2]`); m.Error != nil {
		t.Errorf("shutdown: %+v", m.Error)
	}
	p.sendJSON(map[string]any{"method": "exit"})
	select {
	case r := <-p.done:
		if r.code != 0 || r.err != nil {
			t.Errorf("exit after shutdown: code %d, error %v; want 0, none", r.code, r.err)
		}
	case <-time.After(time.Minute):
		t.Fatal("the server did not exit")
	}
}

// isRequest reports whether the protocol's method is a request (its
// metamodel's kind), not a notification.
func isRequest(method string) bool {
	for _, m := range protocol.Methods {
		if m.Method == method {
			return m.Kind == "request"
		}
	}
	return false
}
