package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/rogpeppe/go-internal/txtar"
	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"github.com/speccify/speccify-lint/internal/testtree"
	"github.com/speccify/speccify-lint/lsp"
	"github.com/speccify/speccify-lint/result"
)

// TestServerFixAllIsFix: the language server's "fix all" code action,
// applied to each TOOL.md and implementation of the fix scenarios' tool
// folders as an editor holds them, makes what `speccify-lint --fix` writes
// in the same folders.
func TestServerFixAllIsFix(t *testing.T) {
	scenarios, err := filepath.Glob("testdata/script/fix_*.txtar")
	if err != nil || len(scenarios) == 0 {
		t.Fatal("no fix scenarios", err)
	}
	compared, changed := 0, 0
	for _, sc := range scenarios {
		ar, err := txtar.ParseFile(sc)
		if err != nil {
			t.Fatal(err)
		}
		name := strings.TrimSuffix(filepath.Base(sc), ".txtar")
		t.Run(name, func(t *testing.T) {
			fixed, held := t.TempDir(), t.TempDir()
			for _, dir := range []string{fixed, held} {
				for _, f := range ar.Files {
					p := filepath.Join(dir, filepath.FromSlash(f.Name))
					if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
						t.Fatal(err)
					}
					if err := os.WriteFile(p, f.Data, 0o755); err != nil {
						t.Fatal(err)
					}
				}
			}
			var stdout, stderr bytes.Buffer
			run([]string{"--fix", "--root", fixed, fixed}, &stdout, &stderr)
			c := startServer(t, held, lsp.Options{Debounce: -1})
			for _, f := range ar.Files {
				base := filepath.Base(f.Name)
				if base != "TOOL.md" && !strings.HasPrefix(base, "linux.") {
					continue
				}
				if _, err := os.Stat(filepath.Join(held, filepath.FromSlash(filepath.Dir(f.Name)), "TOOL.md")); err != nil {
					continue
				}
				want, err := os.ReadFile(filepath.Join(fixed, filepath.FromSlash(f.Name)))
				if err != nil {
					continue // deleted by --fix
				}
				got := c.fixAll(filepath.Join(held, filepath.FromSlash(f.Name)), string(f.Data))
				if got != string(want) {
					t.Errorf("%s: fix all made\n%s\n--fix wrote\n%s", f.Name, got, want)
				}
				compared++
				if string(want) != string(f.Data) {
					changed++
				}
			}
			c.close()
		})
	}
	if compared < len(scenarios) || changed < len(scenarios)/2 {
		t.Errorf("%d files compared in %d scenarios, %d of them fixed", compared, len(scenarios), changed)
	}
	t.Logf("%d files compared in %d scenarios, %d of them fixed", compared, len(scenarios), changed)
}

// lspClient is the protocol library's client side of an in-process server.
type lspClient struct {
	t       *testing.T
	server  protocol.Server
	conn    jsonrpc2.Conn
	diags   chan *protocol.PublishDiagnosticsParams
	done    chan int
	version int32
}

type diagClient struct {
	protocol.UnimplementedClient
	diags chan *protocol.PublishDiagnosticsParams
}

func (c *diagClient) PublishDiagnostics(_ context.Context, p *protocol.PublishDiagnosticsParams) error {
	select {
	case c.diags <- p:
	default:
	}
	return nil
}

func startServer(t *testing.T, root string, opt lsp.Options) *lspClient {
	srv, cli := net.Pipe()
	c := &lspClient{t: t, diags: make(chan *protocol.PublishDiagnosticsParams, 1000), done: make(chan int, 1)}
	go func() {
		code, _ := lsp.Serve(context.Background(), srv, opt)
		srv.Close()
		c.done <- code
	}()
	_, c.conn, c.server = protocol.NewClient(context.Background(), &diagClient{diags: c.diags}, jsonrpc2.NewStream(cli))
	_, err := c.server.Initialize(context.Background(), &protocol.InitializeParams{
		WorkspaceFoldersInitializeParams: protocol.WorkspaceFoldersInitializeParams{
			WorkspaceFolders: protocol.NewNullable([]protocol.WorkspaceFolder{{URI: uri.File(root), Name: "root"}}),
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// fixAll opens the file at path holding text, applies its fix-all code
// action (if any) and returns the text.
func (c *lspClient) fixAll(path, text string) string {
	c.t.Helper()
	u := uri.File(path)
	c.version++
	ctx := context.Background()
	if err := c.server.DidOpen(ctx, &protocol.DidOpenTextDocumentParams{TextDocument: protocol.TextDocumentItem{URI: u, Version: c.version, Text: text}}); err != nil {
		c.t.Fatal(err)
	}
	acts, err := c.server.CodeAction(ctx, &protocol.CodeActionParams{TextDocument: protocol.TextDocumentIdentifier{URI: u}, Context: protocol.CodeActionContext{Only: []protocol.CodeActionKind{"source.fixAll"}}})
	if err != nil {
		c.t.Fatal(err)
	}
	defer c.server.DidClose(ctx, &protocol.DidCloseTextDocumentParams{TextDocument: protocol.TextDocumentIdentifier{URI: u}})
	for _, a := range acts {
		if ca, ok := a.(*protocol.CodeAction); ok && ca.Edit != nil {
			return applyEdits(c.t, text, ca.Edit.Changes[u])
		}
	}
	return text
}

func (c *lspClient) close() {
	ctx := context.Background()
	if err := c.server.Shutdown(ctx); err != nil {
		c.t.Error(err)
	}
	_ = c.server.Exit(ctx)
	select {
	case code := <-c.done:
		if code != 0 {
			c.t.Errorf("exit code %d", code)
		}
	case <-time.After(time.Minute):
		c.t.Error("the server did not exit")
	}
	c.conn.Close()
}

// applyEdits applies LSP text edits (UTF-16 positions) to text.
func applyEdits(t *testing.T, text string, edits []protocol.TextEdit) string {
	t.Helper()
	lines := splitLinesKeep(text)
	offset := func(p protocol.Position) int {
		off := 0
		for i := 0; i < int(p.Line) && i < len(lines); i++ {
			off += len(lines[i])
		}
		if int(p.Line) >= len(lines) {
			return len(text)
		}
		l := strings.TrimRight(lines[p.Line], "\r\n")
		units := 0
		for i, r := range l {
			if units >= int(p.Character) {
				return off + i
			}
			units++
			if r > 0xFFFF {
				units++
			}
		}
		return off + len(l)
	}
	slices.SortFunc(edits, func(a, b protocol.TextEdit) int { return offset(b.Range.Start) - offset(a.Range.Start) })
	for _, e := range edits { // from the last, so that offsets hold
		text = text[:offset(e.Range.Start)] + e.NewText + text[offset(e.Range.End):]
		lines = splitLinesKeep(text)
	}
	return text
}

// splitLinesKeep splits text into lines, each with its line ending
// ("\n", "\r\n" or "\r").
func splitLinesKeep(text string) []string {
	var lines []string
	start := 0
	for i := 0; i < len(text); i++ {
		switch {
		case text[i] == '\n':
			lines = append(lines, text[start:i+1])
			start = i + 1
		case text[i] == '\r' && (i+1 == len(text) || text[i+1] != '\n'):
			lines = append(lines, text[start:i+1])
			start = i + 1
		}
	}
	return append(lines, text[start:])
}

// TestServerConfig: the server reads the configuration file as the lint
// command does (its exclude too: a folder it skips has no diagnostics),
// and again when it changes.
func TestServerConfig(t *testing.T) {
	const disable = "disable: [examples-missing, implementation-missing, error-field]\n"
	tests := []struct {
		name          string
		config, later string
		want, after   []string
	}{
		{"severity, then disable",
			disable + "severity: {name: note}\n", "disable: [examples-missing, implementation-missing, error-field, name]\n",
			[]string{"name 3"}, nil},
		{"exclude, then none",
			disable + "exclude: [.agent/tools/t]\n", disable,
			nil, []string{"name 1"}},
		{"profile, then none",
			disable + "profile: [openai-strict]\n", disable,
			[]string{"name 1", "mcp-tool 2"}, []string{"name 1"}},
		{"none, then exclude by a directory above",
			disable, disable + "exclude: [.agent]\n",
			[]string{"name 1"}, nil},
		{"max-answer-tokens, then the default",
			"disable: [examples-missing, implementation-missing, error-field, name]\nmax-answer-tokens: 10\n", "disable: [examples-missing, implementation-missing, error-field, name]\n",
			[]string{"mcp-tool-size 2"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root := t.TempDir()
			tool := filepath.Join(root, ".agent/tools/t")
			if err := os.MkdirAll(tool, 0o755); err != nil {
				t.Fatal(err)
			}
			spec := "---\nname: T\ndescription: d\ninputs: {type: object}\noutputs: {type: object, required: [ok], properties: {ok: {type: boolean}}}\neffects: none\nrequires: []\n---\n"
			write := func(name, text string) {
				t.Helper()
				if err := os.WriteFile(filepath.Join(root, name), []byte(text), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			write(".agent/tools/t/TOOL.md", spec)
			write(".speccify-lint.yaml", tt.config)
			c := startServer(t, root, lsp.Options{Debounce: -1, Config: serverConfig})
			u := uri.File(filepath.Join(tool, "TOOL.md"))
			ctx := context.Background()
			if err := c.server.DidOpen(ctx, &protocol.DidOpenTextDocumentParams{TextDocument: protocol.TextDocumentItem{URI: u, Version: 1, Text: spec}}); err != nil {
				t.Fatal(err)
			}
			describe := func() []string {
				p := <-c.diags
				var out []string
				for _, d := range p.Diagnostics {
					code, _ := d.Code.(protocol.String)
					out = append(out, string(code)+" "+string(rune('0'+d.Severity)))
				}
				return out
			}
			if got := describe(); !slices.Equal(got, tt.want) {
				t.Errorf("with the configuration file: %q, want %q", got, tt.want)
			}
			write(".speccify-lint.yaml", tt.later)
			if err := c.server.DidChangeWatchedFiles(ctx, &protocol.DidChangeWatchedFilesParams{Changes: []protocol.FileEvent{{URI: uri.File(filepath.Join(root, ".speccify-lint.yaml")), Type: protocol.FileChangeTypeChanged}}}); err != nil {
				t.Fatal(err)
			}
			if got := describe(); !slices.Equal(got, tt.after) {
				t.Errorf("after the change: %q, want %q", got, tt.after)
			}
			c.close()
		})
	}
}

// TestServerExcludeFromGitTop: a workspace opened below the git top level
// skips the folders a lint run from it skips. That lint's root is the top
// level, so the configuration's exclude globs are paths relative to it, not
// to the workspace.
func TestServerExcludeFromGitTop(t *testing.T) {
	top := t.TempDir()
	spec := "---\nname: %s\ndescription: d\ninputs: {type: object}\noutputs: {type: object, required: [ok], properties: {ok: {type: boolean}}}\neffects: none\nrequires: []\n---\n"
	files := map[string]string{
		".speccify-lint.yaml":                 "disable: [examples-missing, implementation-missing, error-field]\nexclude: [svc/legacy]\n",
		"svc/.agent/tools/kept/TOOL.md":       fmt.Sprintf(spec, "Kept"),
		"svc/legacy/.agent/tools/old/TOOL.md": fmt.Sprintf(spec, "Old"),
	}
	testtree.Write(t, top, files)
	if err := os.Mkdir(filepath.Join(top, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	workspace := filepath.Join(top, "svc")

	// The lint run from the workspace: kept is linted, old is skipped.
	t.Chdir(workspace)
	var stdout, stderr strings.Builder
	if code := run([]string{"--no-run", "--fail-on", "never", "--format", "json", "."}, &stdout, &stderr); code != 0 {
		t.Fatalf("lint: exit %d: %s", code, stderr.String())
	}
	var res result.Result
	if err := json.Unmarshal([]byte(stdout.String()), &res); err != nil {
		t.Fatal(err)
	}
	var linted []string
	for _, tool := range res.Tools {
		linted = append(linted, tool.Name)
	}
	if !slices.Equal(linted, []string{"Kept"}) {
		t.Fatalf("lint from the workspace linted %q, want [Kept]", linted)
	}

	// The server with that workspace: the same two folders alike.
	c := startServer(t, workspace, lsp.Options{Debounce: -1, Config: serverConfig})
	defer c.close()
	ctx := context.Background()
	for i, tt := range []struct {
		dir, name string
		want      []string
	}{
		{"legacy/.agent/tools/old", "Old", nil},
		{".agent/tools/kept", "Kept", []string{"name"}},
	} {
		u := uri.File(filepath.Join(workspace, filepath.FromSlash(tt.dir), "TOOL.md"))
		if err := c.server.DidOpen(ctx, &protocol.DidOpenTextDocumentParams{TextDocument: protocol.TextDocumentItem{URI: u, Version: int32(i + 1), Text: fmt.Sprintf(spec, tt.name)}}); err != nil {
			t.Fatal(err)
		}
		p := <-c.diags
		var got []string
		for _, d := range p.Diagnostics {
			code, _ := d.Code.(protocol.String)
			got = append(got, string(code))
		}
		if p.URI != u || !slices.Equal(got, tt.want) {
			t.Errorf("%s: diagnostics of %s %q, want %q", tt.dir, p.URI, got, tt.want)
		}
	}
}

// TestServerConfigUnreported: a configuration file created, written or
// removed, in the workspace root or above it, is applied at the next lint
// when the editor reports no changed files (Neovim 0.10 on Linux).
func TestServerConfigUnreported(t *testing.T) {
	above := t.TempDir()
	root := filepath.Join(above, "ws")
	spec := "---\nname: T\ndescription: d\ninputs: {type: object}\noutputs: {type: object, required: [ok], properties: {ok: {type: boolean}}}\neffects: none\nrequires: []\n---\n"
	testtree.Write(t, root, map[string]string{".agent/tools/t/TOOL.md": spec})
	const quiet = "disable: [examples-missing, implementation-missing, error-field]\n"
	c := startServer(t, root, lsp.Options{Debounce: -1, Config: serverConfig})
	defer c.close()
	ctx := context.Background()
	u := uri.File(filepath.Join(root, ".agent/tools/t/TOOL.md"))
	if err := c.server.DidOpen(ctx, &protocol.DidOpenTextDocumentParams{TextDocument: protocol.TextDocumentItem{URI: u, Version: 1, Text: spec}}); err != nil {
		t.Fatal(err)
	}
	codes := func(version int32) []string {
		t.Helper()
		for {
			select {
			case p := <-c.diags:
				if v, _ := p.Version.Get(); v != version {
					continue
				}
				out := []string{}
				for _, d := range p.Diagnostics {
					code, _ := d.Code.(protocol.String)
					out = append(out, string(code))
				}
				slices.Sort(out)
				return out
			case <-time.After(time.Minute):
				t.Fatalf("no diagnostics of version %d", version)
			}
		}
	}
	all := []string{"error-field", "examples-missing", "implementation-missing", "name"}
	if got := codes(1); !slices.Equal(got, all) {
		t.Fatalf("no configuration file: %q, want %q", got, all)
	}
	version := int32(1)
	for _, step := range []struct {
		what, file, text string // text "" removes file
		want             []string
	}{
		{"created above the root", "../.speccify-lint.yaml", quiet, []string{"name"}},
		{"created in the root, nearer", ".speccify-lint.yml", quiet + "severity: {name: note}\n", []string{"name"}},
		{"the one above written", "../.speccify-lint.yaml", "disable: [name]\n", []string{"name"}},
		{"the one in the root written", ".speccify-lint.yml", "disable: [examples-missing, implementation-missing, error-field, name]\n", []string{}},
		{"the one in the root removed", ".speccify-lint.yml", "", []string{"error-field", "examples-missing", "implementation-missing"}},
	} {
		path := filepath.Join(root, filepath.FromSlash(step.file))
		if step.text == "" {
			if err := os.Remove(path); err != nil {
				t.Fatal(err)
			}
		} else if err := os.WriteFile(path, []byte(step.text), 0o644); err != nil {
			t.Fatal(err)
		}
		version++
		err := c.server.DidChange(ctx, &protocol.DidChangeTextDocumentParams{
			TextDocument:   protocol.VersionedTextDocumentIdentifier{TextDocumentIdentifier: protocol.TextDocumentIdentifier{URI: u}, Version: version},
			ContentChanges: []protocol.TextDocumentContentChangeEvent{&protocol.TextDocumentContentChangeWholeDocument{Text: spec}},
		})
		if err != nil {
			t.Fatal(err)
		}
		if got := codes(version); !slices.Equal(got, step.want) {
			t.Errorf("configuration file %s: %q, want %q", step.what, got, step.want)
		}
	}
}
