package lsp

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
)

// diagnosticsOf waits for the diagnostics of each of us at version,
// whatever order they come in, skipping others.
func (s *session) diagnosticsOf(version int32, us ...uri.URI) map[uri.URI][]protocol.Diagnostic {
	s.t.Helper()
	got := map[uri.URI][]protocol.Diagnostic{}
	timeout := time.After(60 * time.Second) // a hang, not a timing assertion
	for len(got) < len(us) {
		select {
		case p := <-s.diags:
			v, _ := p.Version.Get()
			for _, u := range us {
				if p.URI == u && v == version {
					got[u] = p.Diagnostics
				}
			}
		case <-timeout:
			s.t.Fatalf("diagnostics of %d of %v at version %d, no more", len(got), us, version)
		}
	}
	return got
}

// A folder the configuration's exclude skips, by base name, by
// root-relative path or through a directory above it, is left alone: its
// documents get no diagnostics and no code actions, and its examples do
// not run; a configuration that comes to exclude a folder clears its
// diagnostics, one that no longer does brings them.
func TestExclude(t *testing.T) {
	root := writeTree(t, map[string]string{
		".agent/tools/split/TOOL.md":  splitTool,
		".agent/tools/split/linux.sh": okScript,
		".agent/tools/kept/TOOL.md":   strings.Replace(splitTool, "name: split", "name: kept", 1),
		".agent/tools/kept/linux.sh":  okScript,
		"legacy/tools/old/TOOL.md":    strings.Replace(splitTool, "name: split", "name: old", 1),
		"legacy/tools/old/linux.sh":   okScript,
	})
	var mu sync.Mutex
	exclude := []string{"spl*", "legacy"}
	config := func(string) (Config, error) {
		mu.Lock()
		defer mu.Unlock()
		return Config{Exclude: exclude}, nil
	}
	s, _ := startWith(t, root, protocol.ClientCapabilities{}, Options{Config: config})
	split := s.open(filepath.Join(root, ".agent/tools/split/TOOL.md"), nil, 1)
	kept := s.open(filepath.Join(root, ".agent/tools/kept/TOOL.md"), nil, 1)
	old := s.open(filepath.Join(root, "legacy/tools/old/TOOL.md"), nil, 1)
	got := s.diagnosticsOf(1, split, kept, old)
	checkDiagnostics(t, "excluded by base name", got[split])
	checkDiagnostics(t, "excluded through its parent directory", got[old])
	checkDiagnostics(t, "not excluded", got[kept], splitWant...)
	for _, u := range []uri.URI{split, old} {
		if acts := s.codeActions(u, wholeText); len(acts) != 0 {
			t.Errorf("code actions of %s, excluded: %d, want none", u, len(acts))
		}
		arg, _ := json.Marshal(string(u))
		if _, err := s.server.ExecuteCommand(s.ctx, &protocol.ExecuteCommandParams{Command: runExamplesCommand, Arguments: []protocol.LSPAny{arg}}); code(err) != jsonrpc2.InvalidParams {
			t.Errorf("runExamples of %s, excluded: %v, want InvalidParams", u, err)
		}
	}
	if acts := s.codeActions(kept, wholeText); len(acts) == 0 {
		t.Error("no code actions for the folder not excluded")
	}
	// Hover on the description key (line 2): a file outside any tool
	// folder has none, nor has an excluded one.
	if h := s.hoverAt(kept, 2, 2); h == "" {
		t.Error("no hover for the folder not excluded")
	}
	if h := s.hoverAt(split, 2, 2); h != "" {
		t.Errorf("hover of an excluded folder: %q, want none", h)
	}

	// The configuration changes: kept is excluded by its root-relative
	// path, split no longer is.
	mu.Lock()
	exclude = []string{".agent/tools/kept", "legacy"}
	mu.Unlock()
	if err := s.server.DidChangeWatchedFiles(s.ctx, &protocol.DidChangeWatchedFilesParams{Changes: []protocol.FileEvent{{URI: uri.File(filepath.Join(root, ".speccify-lint.yaml")), Type: protocol.FileChangeTypeChanged}}}); err != nil {
		t.Fatal(err)
	}
	got = s.diagnosticsOf(1, split, kept, old)
	checkDiagnostics(t, "excluded after the change: cleared", got[kept])
	checkDiagnostics(t, "no longer excluded", got[split], splitWant...)
	checkDiagnostics(t, "still excluded", got[old])
	if acts := s.codeActions(kept, wholeText); len(acts) != 0 {
		t.Errorf("code actions once excluded: %d, want none", len(acts))
	}
	s.shutdown()
}
