package lsp

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
)

// splitTool is a TOOL.md with three yaml-split findings (safe fixes).
const splitTool = `---
name: split
description: Answers ok.
inputs: {type: object}
outputs:
  type: object
  required: [ok]
  properties:
    ok: {type: boolean}
    error: {type: string}
    level: {type: integer, description: 40 = Maintainer, 50 = Owner.}
    keys: {type: array, items: {type: string}, description: Matching
      keys (A, B), sorted.}
    note: {type: string, description: say "hi", or \ not}  # a comment
effects: none
requires: []
---

## Examples

### works
input: {}
output: {"ok": true}

### fails
input: {"bad": true}
output: {"ok": false, "error": "bad"}
`

const okScript = "#!/bin/sh\necho '{\"ok\": true}'\n"

// describe is a diagnostic in one line: range, severity, code, message.
func describe(d protocol.Diagnostic) string {
	code, _ := d.Code.(protocol.String)
	msg, _ := d.Message.(protocol.String)
	first, _, _ := strings.Cut(string(msg), "\n")
	return fmt.Sprintf("%d:%d-%d:%d %d %s %s", d.Range.Start.Line, d.Range.Start.Character, d.Range.End.Line, d.Range.End.Character, d.Severity, code, first)
}

func describeAll(ds []protocol.Diagnostic) []string {
	lines := []string{}
	for _, d := range ds {
		lines = append(lines, describe(d))
	}
	return lines
}

func checkDiagnostics(t *testing.T, what string, got []protocol.Diagnostic, want ...string) {
	t.Helper()
	if g := describeAll(got); !slices.Equal(g, want) {
		t.Errorf("%s: diagnostics\n%s\nwant\n%s", what, strings.Join(g, "\n"), strings.Join(want, "\n"))
	}
}

// The three yaml-split findings of splitTool, in UTF-16 columns (the
// CLI's 11:58, 13:16 and 14:49, to the end of each split text).
var splitWant = []string{
	"10:57-10:68 2 yaml-split YAML split the text of description at a comma",
	"12:15-12:17 2 yaml-split YAML split the text of description at a comma",
	"13:48-13:56 2 yaml-split YAML split the text of description at a comma",
}

func TestDiagnosticsOfTheUnsavedText(t *testing.T) {
	root := writeTree(t, map[string]string{
		".agent/tools/split/TOOL.md":  splitTool,
		".agent/tools/split/linux.sh": okScript,
	})
	s, init := start(t, root, protocol.ClientCapabilities{})
	if init.Capabilities.PositionEncoding != protocol.PositionEncodingKindUTF16 {
		t.Errorf("position encoding %q, want utf-16 (the client offered none)", init.Capabilities.PositionEncoding)
	}
	spec := filepath.Join(root, ".agent/tools/split/TOOL.md")
	u := s.open(spec, nil, 1)
	got := s.diagnosticsFor(u, 1)
	checkDiagnostics(t, "open", got, splitWant...)
	for _, d := range got {
		if d.CodeDescription.Href != "https://github.com/speccify/speccify-lint/blob/main/docs/rules/yaml-split.md" {
			t.Errorf("codeDescription %q", d.CodeDescription.Href)
		}
		if src, _ := d.Source.Get(); src != "speccify-lint" {
			t.Errorf("source %q", src)
		}
		if msg, _ := d.Message.(protocol.String); !strings.Contains(string(msg), "\n") {
			t.Errorf("message %q has no help line", msg)
		}
	}

	// An incremental change (unsaved): the first split quoted, a name
	// that breaks the name rule. The text on disk is not what is linted.
	err := s.server.DidChange(s.ctx, &protocol.DidChangeTextDocumentParams{
		TextDocument: protocol.VersionedTextDocumentIdentifier{TextDocumentIdentifier: protocol.TextDocumentIdentifier{URI: u}, Version: 2},
		ContentChanges: []protocol.TextDocumentContentChangeEvent{
			&protocol.TextDocumentContentChangePartial{Range: protocol.Range{Start: protocol.Position{Line: 10, Character: 40}, End: protocol.Position{Line: 10, Character: 68}}, Text: `"40 = Maintainer, 50 = Owner."`},
			&protocol.TextDocumentContentChangePartial{Range: protocol.Range{Start: protocol.Position{Line: 1, Character: 6}, End: protocol.Position{Line: 1, Character: 11}}, Text: "Split Tool"},
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	got = s.diagnosticsFor(u, 2)
	checkDiagnostics(t, "after the change", got,
		"1:6-1:16 1 name name \"Split Tool\" is not lowercase kebab-case",
		splitWant[1], splitWant[2])

	// Closing it clears its diagnostics.
	if err := s.server.DidClose(s.ctx, &protocol.DidCloseTextDocumentParams{TextDocument: protocol.TextDocumentIdentifier{URI: u}}); err != nil {
		t.Fatal(err)
	}
	checkDiagnostics(t, "after close", s.diagnosticsFor(u, -1))
	if code := s.shutdown(); code != 0 {
		t.Errorf("exit code %d after shutdown, want 0", code)
	}
}

func TestPositionEncodingUTF8(t *testing.T) {
	// "é" is two bytes and one UTF-16 unit; "𝄞" four bytes, two units.
	text := strings.Replace(splitTool, "level: {type: integer, description: 40", "level: {type: integer, description: é𝄞 40", 1)
	root := writeTree(t, map[string]string{".agent/tools/split/TOOL.md": text, ".agent/tools/split/linux.sh": okScript})
	for _, tc := range []struct {
		offer []protocol.PositionEncodingKind
		want  protocol.PositionEncodingKind
		first string
	}{
		{nil, protocol.PositionEncodingKindUTF16, "10:61-10:72"},
		{[]protocol.PositionEncodingKind{protocol.PositionEncodingKindUTF16}, protocol.PositionEncodingKindUTF16, "10:61-10:72"},
		{[]protocol.PositionEncodingKind{protocol.PositionEncodingKindUTF32, protocol.PositionEncodingKindUTF8}, protocol.PositionEncodingKindUTF8, "10:64-10:75"},
	} {
		s, init := start(t, root, protocol.ClientCapabilities{General: &protocol.GeneralClientCapabilities{PositionEncodings: tc.offer}})
		if init.Capabilities.PositionEncoding != tc.want {
			t.Errorf("offered %v: encoding %q, want %q", tc.offer, init.Capabilities.PositionEncoding, tc.want)
		}
		got := s.diagnosticsFor(s.open(filepath.Join(root, ".agent/tools/split/TOOL.md"), nil, 1), 1)
		if len(got) == 0 || !strings.HasPrefix(describe(got[0]), tc.first+" ") {
			t.Errorf("offered %v: %q, want the range %s", tc.offer, describeAll(got), tc.first)
		}
		s.shutdown()
	}
}

func TestImplementationTextHeldByTheEditor(t *testing.T) {
	root := writeTree(t, map[string]string{".agent/tools/split/TOOL.md": fixedSplit(), ".agent/tools/split/linux.sh": okScript})
	s, _ := start(t, root, protocol.ClientCapabilities{})
	spec := s.open(filepath.Join(root, ".agent/tools/split/TOOL.md"), nil, 1)
	checkDiagnostics(t, "TOOL.md", s.diagnosticsFor(spec, 1))
	twice := "#!/bin/sh\nin=$(cat)\npython3 - <<EOF\nimport sys, json; print(json.load(sys.stdin))\nEOF\n"
	impl := s.open(filepath.Join(root, ".agent/tools/split/linux.sh"), &twice, 1)
	got := s.diagnosticsFor(impl, 1)
	if len(got) != 1 || !strings.Contains(describe(got[0]), " stdin-twice ") {
		t.Errorf("the unsaved linux.sh: %q, want one stdin-twice", describeAll(got))
	}
	s.shutdown()
}

// fixedSplit is splitTool with its splits quoted: no finding.
func fixedSplit() string {
	r := strings.NewReplacer(
		"description: 40 = Maintainer, 50 = Owner.}", `description: "40 = Maintainer, 50 = Owner."}`,
		"description: Matching\n      keys (A, B), sorted.}", "description: \"Matching\n      keys (A, B), sorted.\"}",
		`description: say "hi", or \ not}`, `description: "say \"hi\", or \\ not"}`)
	return r.Replace(splitTool)
}

// Documents that are not read: outside every workspace root, reached
// through a symbolic link to a directory, outside any tool folder, not a
// file. They get no diagnostics and no error; the session goes on.
func TestDocumentsNotRead(t *testing.T) {
	outside := writeTree(t, map[string]string{".agent/tools/split/TOOL.md": splitTool})
	root := writeTree(t, map[string]string{
		".agent/tools/split/TOOL.md": splitTool,
		"notes/README.md":            "# notes\n",
	})
	if err := os.Symlink(filepath.Join(outside, ".agent/tools/split"), filepath.Join(root, ".agent/tools/linked")); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	if err := os.Symlink(filepath.Join(root, ".agent/tools/split"), filepath.Join(root, ".agent/tools/inside-link")); err != nil {
		t.Fatal(err)
	}
	s, _ := start(t, root, protocol.ClientCapabilities{})
	text := splitTool
	for _, p := range []string{
		filepath.Join(outside, ".agent/tools/split/TOOL.md"),
		filepath.Join(root, ".agent/tools/linked/TOOL.md"),
		filepath.Join(root, ".agent/tools/inside-link/TOOL.md"),
		filepath.Join(root, "notes/README.md"),
		filepath.Join(root, ".agent/tools/split/../../../", filepath.Base(outside), ".agent/tools/split/TOOL.md"),
		filepath.Join(root, ".agent/tools/new/TOOL.md"), // not on disk
	} {
		s.open(p, &text, 1)
	}
	err := s.server.DidOpen(s.ctx, &protocol.DidOpenTextDocumentParams{TextDocument: protocol.TextDocumentItem{URI: "untitled:Untitled-1", Version: 1, Text: text}})
	if err != nil {
		t.Fatal(err)
	}
	// The one document inside opened last: its diagnostics are the first
	// that arrive.
	u := s.open(filepath.Join(root, ".agent/tools/split/TOOL.md"), &text, 1)
	select {
	case p := <-s.diags:
		if p.URI != u {
			t.Errorf("diagnostics for %s, which is not read", p.URI)
		}
	case <-time.After(60 * time.Second):
		t.Fatal("no diagnostics")
	}
	if code := s.shutdown(); code != 0 {
		t.Errorf("exit code %d", code)
	}
}

func TestSaveAndWatchedFiles(t *testing.T) {
	text := strings.Replace(fixedSplit(), "input: {}", `input: {"path": "fixtures/a.txt"}`, 1)
	root := writeTree(t, map[string]string{".agent/tools/split/TOOL.md": text, ".agent/tools/split/linux.sh": okScript})
	s, _ := start(t, root, protocol.ClientCapabilities{})
	u := s.open(filepath.Join(root, ".agent/tools/split/TOOL.md"), nil, 1)
	got := s.diagnosticsFor(u, 1)
	if len(got) != 1 || !strings.Contains(describe(got[0]), " fixture-missing ") {
		t.Fatalf("%q, want fixture-missing", describeAll(got))
	}
	// The fixture added on disk and announced: the finding goes.
	fixture := filepath.Join(root, ".agent/tools/split/fixtures/a.txt")
	if err := os.MkdirAll(filepath.Dir(fixture), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(fixture, []byte("a\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	err := s.server.DidChangeWatchedFiles(s.ctx, &protocol.DidChangeWatchedFilesParams{Changes: []protocol.FileEvent{{URI: uri.File(fixture), Type: protocol.FileChangeTypeCreated}}})
	if err != nil {
		t.Fatal(err)
	}
	checkDiagnostics(t, "after the fixture was added", s.diagnosticsFor(u, 1))
	// A save with its text lints that text.
	saved := strings.Replace(text, "name: split", "name: Split", 1)
	if err := s.server.DidSave(s.ctx, &protocol.DidSaveTextDocumentParams{TextDocument: protocol.TextDocumentIdentifier{URI: u}, Text: &saved}); err != nil {
		t.Fatal(err)
	}
	got = s.diagnosticsFor(u, 1)
	if len(got) != 1 || !strings.Contains(describe(got[0]), " name ") {
		t.Fatalf("after save: %q, want name", describeAll(got))
	}
	s.shutdown()
}

// A client that registers watchers dynamically is asked to watch the
// configuration files and the tool folders; a configuration that does not
// load is shown, and the defaults are used.
func TestWatchRegistrationAndConfigError(t *testing.T) {
	root := writeTree(t, map[string]string{".agent/tools/split/TOOL.md": fixedSplit(), ".agent/tools/split/linux.sh": okScript})
	yes := true
	caps := protocol.ClientCapabilities{Workspace: &protocol.WorkspaceClientCapabilities{DidChangeWatchedFiles: &protocol.DidChangeWatchedFilesClientCapabilities{DynamicRegistration: &yes}}}
	s, _ := startWith(t, root, caps, Options{Config: func(string) (Config, error) { return Config{}, errors.New("bad: yes") }})
	select {
	case r := <-s.peer.registered:
		if len(r.Registrations) != 1 || r.Registrations[0].Method != protocol.MethodWorkspaceDidChangeWatchedFiles || !strings.Contains(string(r.Registrations[0].RegisterOptions), `"**/.speccify-lint.yaml"`) {
			t.Errorf("registration %+v", r)
		}
	case <-time.After(time.Minute):
		t.Fatal("no registration")
	}
	u := s.open(filepath.Join(root, ".agent/tools/split/TOOL.md"), nil, 1)
	checkDiagnostics(t, "with the defaults", s.diagnosticsFor(u, 1))
	select {
	case m := <-s.peer.messages:
		if m.Type != protocol.MessageTypeError || !strings.Contains(m.Message, "bad: yes") {
			t.Errorf("message %+v", m)
		}
	case <-time.After(time.Minute):
		t.Fatal("the configuration's error was not shown")
	}
	s.shutdown()
}

func TestSkillDiagnostics(t *testing.T) {
	skill := "# Checks\n\nUse [the checker](../../tools/chek/) first.\n"
	root := writeTree(t, map[string]string{
		".agent/skills/review/SKILL.md": skill,
		".agent/tools/check/TOOL.md":    fixedSplit(),
	})
	s, _ := start(t, root, protocol.ClientCapabilities{})
	u := s.open(filepath.Join(root, ".agent/skills/review/SKILL.md"), &skill, 1)
	checkDiagnostics(t, "SKILL.md", s.diagnosticsFor(u, 1), "2:4-2:43 1 skill-link link ../../tools/chek/ leads to .agent/tools/chek, which has no TOOL.md")
	s.shutdown()
}
