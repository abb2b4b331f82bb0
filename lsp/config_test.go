package lsp

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
)

// fileConfig is a configuration read from root's .speccify-lint.yaml: a
// line "disable: RULE" disables RULE.
func fileConfig(root string) (Config, error) {
	path := filepath.Join(root, ".speccify-lint.yaml")
	cfg := Config{Files: []string{path}}
	data, err := os.ReadFile(path)
	if err != nil {
		return cfg, nil
	}
	for line := range strings.Lines(string(data)) {
		if rule, ok := strings.CutPrefix(strings.TrimSpace(line), "disable: "); ok {
			cfg.Lint.Disabled = map[string]bool{rule: true}
		}
	}
	return cfg, nil
}

// A configuration file written, created or removed while the editor
// reports no changed files (Neovim 0.10 on Linux watches none) is noticed
// before the next lint: the document changed is linted with it, and the
// other folders of the root are linted again with it.
func TestConfigChangeNoticedBeforeTheNextLint(t *testing.T) {
	other := strings.Replace(splitTool, "name: split", "name: other", 1)
	root := writeTree(t, map[string]string{
		".agent/tools/split/TOOL.md":  splitTool,
		".agent/tools/split/linux.sh": okScript,
		".agent/tools/other/TOOL.md":  other,
		".agent/tools/other/linux.sh": okScript,
	})
	s, _ := startWith(t, root, protocol.ClientCapabilities{}, Options{Config: fileConfig})
	split := s.open(filepath.Join(root, ".agent/tools/split/TOOL.md"), nil, 1)
	checkDiagnostics(t, "no configuration file", s.diagnosticsFor(split, 1), splitWant...)
	o := s.open(filepath.Join(root, ".agent/tools/other/TOOL.md"), nil, 1)
	checkDiagnostics(t, "the other folder", s.diagnosticsFor(o, 1), splitWant...)

	config := filepath.Join(root, ".speccify-lint.yaml")
	edit := func(version int32) {
		t.Helper()
		err := s.server.DidChange(s.ctx, &protocol.DidChangeTextDocumentParams{
			TextDocument:   protocol.VersionedTextDocumentIdentifier{TextDocumentIdentifier: protocol.TextDocumentIdentifier{URI: split}, Version: version},
			ContentChanges: []protocol.TextDocumentContentChangeEvent{&protocol.TextDocumentContentChangeWholeDocument{Text: splitTool}},
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	for _, step := range []struct {
		what, text string // text "" removes the file
		want       []string
	}{
		{"created", "disable: yaml-split\n", nil},
		{"written", "disable: name\n", splitWant},
		{"written again", "disable: yaml-splat\n", splitWant},
		{"written once more, as large as before", "disable: yaml-split\n", nil},
		{"removed", "", splitWant},
	} {
		if step.text == "" {
			if err := os.Remove(config); err != nil {
				t.Fatal(err)
			}
		} else if err := os.WriteFile(config, []byte(step.text), 0o644); err != nil {
			t.Fatal(err)
		}
		// No didChangeWatchedFiles: the next change of a document is the
		// next lint.
		edit(2)
		// The newest diagnostics of each document, until both are what
		// the step wants: a publication of the step before may still come
		// first (the previous lints are not waited for).
		got := map[uri.URI][]protocol.Diagnostic{}
		matches := func(u uri.URI) bool {
			d, ok := got[u]
			return ok && slices.Equal(describeAll(d), step.want)
		}
		deadline := time.After(time.Minute)
		for !matches(split) || !matches(o) {
			select {
			case p := <-s.diags:
				if v, _ := p.Version.Get(); p.URI == split && v == 2 || p.URI == o {
					got[p.URI] = p.Diagnostics
				}
			case <-deadline:
				checkDiagnostics(t, "the configuration file "+step.what, got[split], step.want...)
				checkDiagnostics(t, "the other folder, configuration file "+step.what, got[o], step.want...)
				t.FailNow()
			}
		}
	}
	s.shutdown()
}

// The configuration files are also watched for the client that can watch
// them, and a change it reports is applied at once, with no change of a
// document.
func TestConfigChangeReported(t *testing.T) {
	root := writeTree(t, map[string]string{".agent/tools/split/TOOL.md": splitTool, ".agent/tools/split/linux.sh": okScript})
	s, _ := startWith(t, root, protocol.ClientCapabilities{}, Options{Config: fileConfig})
	u := s.open(filepath.Join(root, ".agent/tools/split/TOOL.md"), nil, 1)
	checkDiagnostics(t, "no configuration file", s.diagnosticsFor(u, 1), splitWant...)
	config := filepath.Join(root, ".speccify-lint.yaml")
	if err := os.WriteFile(config, []byte("disable: yaml-split\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	err := s.server.DidChangeWatchedFiles(s.ctx, &protocol.DidChangeWatchedFilesParams{Changes: []protocol.FileEvent{{URI: uri.File(config), Type: protocol.FileChangeTypeCreated}}})
	if err != nil {
		t.Fatal(err)
	}
	checkDiagnostics(t, "the configuration file created", s.diagnosticsFor(u, 1))
	s.shutdown()
}
