package lsp

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"github.com/speccify/speccify-lint/cache"
	"github.com/speccify/speccify-lint/lint"
)

// pullCaps are the capabilities of a client that pulls diagnostics and can
// be asked to pull again.
func pullCaps() protocol.ClientCapabilities {
	yes := true
	return protocol.ClientCapabilities{
		TextDocument: &protocol.TextDocumentClientCapabilities{Diagnostic: &protocol.DiagnosticClientCapabilities{}},
		Workspace:    &protocol.WorkspaceClientCapabilities{Diagnostics: &protocol.DiagnosticWorkspaceClientCapabilities{RefreshSupport: &yes}},
	}
}

// pullDoc pulls the diagnostics of u with previous as the previous result
// id ("" for none): the report's kind, result id and diagnostics.
func (s *session) pullDoc(u uri.URI, previous string) (kind, id string, items []protocol.Diagnostic) {
	s.t.Helper()
	p := &protocol.DocumentDiagnosticParams{TextDocument: protocol.TextDocumentIdentifier{URI: u}}
	if previous != "" {
		p.PreviousResultID = &previous
	}
	rep, err := s.server.Diagnostic(s.ctx, p)
	if err != nil {
		s.t.Fatalf("textDocument/diagnostic: %v", err)
	}
	switch r := rep.(type) {
	case *protocol.RelatedFullDocumentDiagnosticReport:
		if r.ResultID == nil {
			s.t.Fatal("a full report without a result id")
		}
		return r.Kind, *r.ResultID, r.Items
	case *protocol.RelatedUnchangedDocumentDiagnosticReport:
		return r.Kind, r.ResultID, nil
	}
	s.t.Fatalf("report %#v", rep)
	return
}

// pullWorkspace pulls the workspace's diagnostics with the previous result
// ids: one line per report (kind, path relative to root, version,
// diagnostics), and the result ids by URI.
func (s *session) pullWorkspace(root string, previous map[uri.URI]string) ([]string, map[uri.URI]string) {
	s.t.Helper()
	p := &protocol.WorkspaceDiagnosticParams{PreviousResultIds: []protocol.PreviousResultId{}}
	for u, v := range previous {
		p.PreviousResultIds = append(p.PreviousResultIds, protocol.PreviousResultId{URI: u, Value: v})
	}
	rep, err := s.server.DiagnosticWorkspace(s.ctx, p)
	if err != nil {
		s.t.Fatalf("workspace/diagnostic: %v", err)
	}
	var lines []string
	ids := map[uri.URI]string{}
	rel := func(u uri.URI) string {
		r, _ := filepath.Rel(root, u.FsPath())
		return filepath.ToSlash(r)
	}
	version := func(v *int32) string {
		if v == nil {
			return "saved"
		}
		return fmt.Sprint(*v)
	}
	for _, item := range rep.Items {
		switch r := item.(type) {
		case *protocol.WorkspaceFullDocumentDiagnosticReport:
			lines = append(lines, fmt.Sprintf("%s %s %s [%s]", r.Kind, rel(r.URI), version(r.Version), strings.Join(describeAll(r.Items), "; ")))
			ids[r.URI] = *r.ResultID
		case *protocol.WorkspaceUnchangedDocumentDiagnosticReport:
			lines = append(lines, fmt.Sprintf("%s %s %s", r.Kind, rel(r.URI), version(r.Version)))
			ids[r.URI] = r.ResultID
		}
	}
	return lines, ids
}

const twiceScript = "#!/bin/sh\nin=$(cat)\npython3 - <<EOF\nimport sys, json; print(json.load(sys.stdin))\nEOF\n"

// A client that pulls diagnostics is told the server provides them, and
// gets none pushed. textDocument/diagnostic answers for an open document
// (its unsaved text), a saved file of a folder with no open document, and
// a file outside every folder (none); "unchanged" while the previous
// result holds. workspace/diagnostic reports every folder of the
// workspace, waits while nothing changed, and says when a file's
// diagnostics are gone.
func TestPullDiagnostics(t *testing.T) {
	root := writeTree(t, map[string]string{
		".agent/tools/split/TOOL.md":  splitTool,
		".agent/tools/split/linux.sh": okScript,
		".agent/tools/other/TOOL.md":  strings.Replace(fixedSplit(), "name: split", "name: other", 1),
		".agent/tools/other/linux.sh": twiceScript,
		"notes/README.md":             "# notes\n",
	})
	s, init := startWith(t, root, pullCaps(), Options{Hold: time.Minute})
	opts, ok := init.Capabilities.DiagnosticProvider.(*protocol.DiagnosticOptions)
	if !ok || opts.Identifier == nil || *opts.Identifier != pullIdentifier || !opts.InterFileDependencies || !opts.WorkspaceDiagnostics {
		t.Fatalf("diagnosticProvider %#v", init.Capabilities.DiagnosticProvider)
	}
	spec := filepath.Join(root, ".agent/tools/split/TOOL.md")
	u := s.open(spec, nil, 1)

	kind, id, items := s.pullDoc(u, "")
	if kind != "full" || id == "" {
		t.Errorf("first pull: %s %q", kind, id)
	}
	checkDiagnostics(t, "pulled", items, splitWant...)
	if kind, again, _ := s.pullDoc(u, id); kind != "unchanged" || again != id {
		t.Errorf("pulled again with its result id: %s %q, want unchanged %q", kind, again, id)
	}
	if kind, _, items := s.pullDoc(u, "stale"); kind != "full" || len(items) != 3 {
		t.Errorf("pulled with another result id: %s %d items, want the full report", kind, len(items))
	}
	impl := uri.File(filepath.Join(root, ".agent/tools/other/linux.sh"))
	_, _, items = s.pullDoc(impl, "")
	if len(items) != 1 || !strings.Contains(describe(items[0]), " stdin-twice ") {
		t.Errorf("a saved file of a folder with no open document: %q, want stdin-twice", describeAll(items))
	}
	if _, _, items := s.pullDoc(uri.File(filepath.Join(root, "notes/README.md")), ""); len(items) != 0 {
		t.Errorf("a file outside every folder: %q", describeAll(items))
	}

	// The workspace: both folders, the open document at its version.
	want := []string{
		"full .agent/tools/other/linux.sh saved [" + describe(items0(t, s, impl)) + "]",
		"full .agent/tools/split/TOOL.md 1 [" + strings.Join(splitWant, "; ") + "]",
	}
	lines, ids := s.pullWorkspace(root, nil)
	if !slices.Equal(lines, want) {
		t.Errorf("workspace\n%s\nwant\n%s", strings.Join(lines, "\n"), strings.Join(want, "\n"))
	}
	// Nothing changed: the next request waits, until a change.
	type answer struct {
		lines []string
		ids   map[uri.URI]string
	}
	held := make(chan answer, 1)
	go func() {
		l, i := s.pullWorkspace(root, ids)
		held <- answer{l, i}
	}()
	select {
	case a := <-held:
		t.Fatalf("answered while nothing changed: %q", a.lines)
	case <-time.After(300 * time.Millisecond):
	}
	// linux.sh fixed on disk and reported.
	if err := os.WriteFile(impl.FsPath(), []byte(okScript), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := s.server.DidChangeWatchedFiles(s.ctx, &protocol.DidChangeWatchedFilesParams{Changes: []protocol.FileEvent{{URI: impl, Type: protocol.FileChangeTypeChanged}}}); err != nil {
		t.Fatal(err)
	}
	var a answer
	select {
	case a = <-held:
	case <-time.After(time.Minute):
		t.Fatal("the held request was not answered after a change")
	}
	want = []string{
		"full .agent/tools/other/linux.sh saved []",
		"unchanged .agent/tools/split/TOOL.md 1",
	}
	if !slices.Equal(a.lines, want) {
		t.Errorf("workspace after the change\n%s\nwant\n%s", strings.Join(a.lines, "\n"), strings.Join(want, "\n"))
	}

	// A file changed on disk, and the examples run: each time, the client
	// is asked to pull again.
	select {
	case <-s.peer.refreshed:
	case <-time.After(time.Minute):
		t.Fatal("no workspace/diagnostic/refresh after a watched file changed")
	}
	for len(s.peer.refreshed) > 0 {
		<-s.peer.refreshed
	}
	if runtime.GOOS != "windows" {
		arg, _ := json.Marshal(string(u))
		if _, err := s.server.ExecuteCommand(s.ctx, &protocol.ExecuteCommandParams{Command: runExamplesCommand, Arguments: []protocol.LSPAny{arg}}); err != nil {
			t.Fatal(err)
		}
		select {
		case <-s.peer.refreshed:
		case <-time.After(time.Minute):
			t.Fatal("no workspace/diagnostic/refresh after the run")
		}
		_, _, items = s.pullDoc(u, "")
		if !slices.ContainsFunc(items, func(d protocol.Diagnostic) bool { return strings.Contains(describe(d), " example-failed ") }) {
			t.Errorf("pulled after the run: %q, want its example-failed", describeAll(items))
		}
	}
	s.shutdown()
	select {
	case p := <-s.diags:
		t.Errorf("diagnostics pushed to a client that pulls: %s", p.URI)
	default:
	}
}

// items0 is the one diagnostic of u, pulled.
func items0(t *testing.T, s *session, u uri.URI) protocol.Diagnostic {
	t.Helper()
	_, _, items := s.pullDoc(u, "")
	if len(items) != 1 {
		t.Fatalf("%s: %q, want one diagnostic", u, describeAll(items))
	}
	return items[0]
}

// A client that does not say it pulls, or that cannot be told to pull
// again (Neovim 0.10), is not told of pull diagnostics and gets them
// pushed; it may pull all the same, and gets what was pushed.
func TestPullWithoutTheCapability(t *testing.T) {
	root := writeTree(t, map[string]string{".agent/tools/split/TOOL.md": splitTool, ".agent/tools/split/linux.sh": okScript})
	noRefresh := pullCaps()
	noRefresh.Workspace = nil
	for _, caps := range []protocol.ClientCapabilities{{}, noRefresh} {
		s, init := start(t, root, caps)
		if init.Capabilities.DiagnosticProvider != nil {
			t.Errorf("diagnosticProvider %#v to a client that does not pull", init.Capabilities.DiagnosticProvider)
		}
		u := s.open(filepath.Join(root, ".agent/tools/split/TOOL.md"), nil, 1)
		pushed := s.diagnosticsFor(u, 1)
		_, _, pulled := s.pullDoc(u, "")
		if !slices.Equal(describeAll(pulled), describeAll(pushed)) {
			t.Errorf("pulled %q, pushed %q", describeAll(pulled), describeAll(pushed))
		}
		s.shutdown()
	}
}

// A held workspace/diagnostic request is cancelled by $/cancelRequest
// (RequestCancelled), ended by the next one, and answered at shutdown; the
// session goes on meanwhile.
func TestWorkspaceDiagnosticCancelled(t *testing.T) {
	root := writeTree(t, map[string]string{".agent/tools/split/TOOL.md": splitTool, ".agent/tools/split/linux.sh": okScript})
	p := newRawPeer(t)
	p.sendJSON(map[string]any{"id": 1, "method": "initialize", "params": map[string]any{
		"capabilities": map[string]any{"textDocument": map[string]any{"diagnostic": map[string]any{}},
			"workspace": map[string]any{"diagnostics": map[string]any{"refreshSupport": true}}},
		"workspaceFolders": []any{map[string]any{"uri": string(uri.File(root)), "name": "root"}},
	}})
	if m := p.response("1"); m.Error != nil || !strings.Contains(string(m.Result), `"diagnosticProvider":{"identifier":"speccify-lint","interFileDependencies":true,"workspaceDiagnostics":true}`) {
		t.Fatalf("initialize: %+v %s", m.Error, m.Result)
	}
	p.sendJSON(map[string]any{"method": "initialized", "params": map[string]any{}})
	workspace := func(id int) {
		p.sendJSON(map[string]any{"id": id, "method": "workspace/diagnostic", "params": map[string]any{"previousResultIds": []any{}}})
	}
	workspace(2)
	if m := p.response("2"); m.Error != nil || !strings.Contains(string(m.Result), `"code":"yaml-split"`) {
		t.Fatalf("first workspace/diagnostic: %+v %s", m.Error, m.Result)
	}
	workspace(3) // held: nothing changed
	p.sendJSON(map[string]any{"id": 4, "method": "textDocument/hover", "params": map[string]any{
		"textDocument": map[string]any{"uri": string(uri.File(filepath.Join(root, "x.md")))}, "position": map[string]any{"line": 0, "character": 0}}})
	if m := p.response("4"); m.Error != nil {
		t.Errorf("a request while workspace/diagnostic waits: %+v", m.Error)
	}
	p.sendJSON(map[string]any{"method": "$/cancelRequest", "params": map[string]any{"id": 3}})
	p.wantError("cancelled workspace/diagnostic", p.response("3"), -32800)
	workspace(5) // held again, until the next one
	workspace(7) // held, until shutdown
	p.wantError("workspace/diagnostic superseded by another", p.response("5"), -32800)
	p.sendJSON(map[string]any{"id": 6, "method": "shutdown"})
	got := map[string]wireMessage{} // the two answers, in either order
	for len(got) < 2 {
		if m := p.read(); m.Method == "" {
			got[string(m.ID)] = m
		}
	}
	if m := got["7"]; m.Error != nil || string(m.Result) != `{"items":[]}` {
		t.Errorf("workspace/diagnostic at shutdown: %+v %s", m.Error, m.Result)
	}
	if m, ok := got["6"]; !ok || m.Error != nil {
		t.Errorf("shutdown: %+v", m.Error)
	}
	p.sendJSON(map[string]any{"method": "exit"})
	select {
	case r := <-p.done:
		if r.code != 0 || r.err != nil {
			t.Errorf("exit: code %d, error %v", r.code, r.err)
		}
	case <-time.After(time.Minute):
		t.Fatal("the server did not exit")
	}
}

// A pull for a file that is not read (outside every workspace root,
// reached through a symbolic link to a directory, through "..", not on
// disk, not a file URI) answers no diagnostics, and no error; the
// workspace report holds only the folder inside.
func TestPullNotRead(t *testing.T) {
	outside := writeTree(t, map[string]string{".agent/tools/split/TOOL.md": splitTool})
	root := writeTree(t, map[string]string{".agent/tools/split/TOOL.md": splitTool})
	if err := os.Symlink(filepath.Join(outside, ".agent/tools/split"), filepath.Join(root, ".agent/tools/linked")); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	s, _ := startWith(t, root, pullCaps(), Options{Hold: time.Minute})
	for _, u := range []uri.URI{
		uri.File(filepath.Join(outside, ".agent/tools/split/TOOL.md")),
		uri.File(filepath.Join(root, ".agent/tools/linked/TOOL.md")),
		uri.File(filepath.Join(root, ".agent/tools/split/../../../", filepath.Base(outside), ".agent/tools/split/TOOL.md")),
		uri.File(filepath.Join(root, ".agent/tools/new/TOOL.md")),
		uri.File("/etc/passwd"),
		"untitled:Untitled-1",
	} {
		if kind, _, items := s.pullDoc(u, ""); kind != "full" || len(items) != 0 {
			t.Errorf("%s: %s %q, want a full report of nothing", u, kind, describeAll(items))
		}
	}
	lines, _ := s.pullWorkspace(root, nil)
	if len(lines) != 1 || !strings.HasPrefix(lines[0], "full .agent/tools/split/TOOL.md saved [") {
		t.Errorf("workspace: %q, want the folder inside only", lines)
	}
	s.shutdown()
}

// TestPullWorkspaceResultCache: with a result cache in its configuration
// (the CLI's --cache-dir), the server lints a folder none of whose
// documents the editor holds through the cache (lint.CheckFolder): the
// result it stores is the lint command's hit, and a file changed on disk
// is linted again, not answered from the cache.
func TestPullWorkspaceResultCache(t *testing.T) {
	root := writeTree(t, map[string]string{
		".agent/tools/other/TOOL.md":  strings.Replace(fixedSplit(), "name: split", "name: other", 1),
		".agent/tools/other/linux.sh": twiceScript,
	})
	store, err := cache.Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	config := func(string) (Config, error) { return Config{Lint: lint.Config{Cache: store}}, nil }
	s, _ := startWith(t, root, pullCaps(), Options{Hold: time.Minute, Config: config})
	lines, ids := s.pullWorkspace(root, nil)
	if len(lines) != 1 || !strings.Contains(lines[0], " stdin-twice ") {
		t.Fatalf("workspace: %q, want linux.sh's stdin-twice", lines)
	}
	dir := filepath.Join(root, ".agent/tools/other")
	if tr, err := lint.CheckFolder(lint.Config{Root: root, Cache: store}, dir); err != nil || !tr.Cached {
		t.Errorf("the folder after the server's lint: cached %v, %v; want the server's result in the cache", tr.Cached, err)
	}
	impl := uri.File(filepath.Join(dir, "linux.sh"))
	if err := os.WriteFile(impl.FsPath(), []byte(okScript), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := s.server.DidChangeWatchedFiles(s.ctx, &protocol.DidChangeWatchedFilesParams{Changes: []protocol.FileEvent{{URI: impl, Type: protocol.FileChangeTypeChanged}}}); err != nil {
		t.Fatal(err)
	}
	if lines, _ := s.pullWorkspace(root, ids); len(lines) != 1 || lines[0] != "full .agent/tools/other/linux.sh saved []" {
		t.Errorf("after linux.sh was fixed: %q, want its diagnostics gone", lines)
	}
}
