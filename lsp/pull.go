package lsp

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"io"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"github.com/speccify/speccify-lint/discover"
)

// Pull diagnostics (LSP 3.17: textDocument/diagnostic, workspace/diagnostic),
// beside the push model (textDocument/publishDiagnostics). A client that
// says it pulls (its textDocument.diagnostic capability) and can be told to
// pull again (workspace.diagnostics.refreshSupport) is told the server
// provides them (diagnosticProvider) and gets no pushed diagnostics, so
// that it does not show each twice; any other client may still pull.
// A report's resultId is a hash of its diagnostics: the previous result
// holds, and the answer is "unchanged", exactly when the diagnostics are
// the same.

// pullIdentifier is the identifier under which the client keeps the
// pulled diagnostics (DiagnosticOptions.Identifier).
const pullIdentifier = "speccify-lint"

// DefaultHold is how long a workspace/diagnostic request waits for a
// change when nothing changed since the last one was answered: the client
// asks again as soon as it has the answer (VS Code two seconds later), so
// that the request stays open while there is nothing new to say, as the
// protocol intends, and a change on disk that no editor reports is still
// seen within it.
const DefaultHold = 30 * time.Second

// Report kinds (protocol.DocumentDiagnosticReportKind), as the reports'
// Kind fields take them.
const (
	reportFull      = string(protocol.DocumentDiagnosticReportKindFull)
	reportUnchanged = string(protocol.DocumentDiagnosticReportKindUnchanged)
)

// diagnosticOptions is what the server says of its pull diagnostics: a
// change of one file of a tool folder changes the diagnostics of the
// others (interFileDependencies), and the workspace is reported too.
func diagnosticOptions() *protocol.DiagnosticOptions {
	id := pullIdentifier
	return &protocol.DiagnosticOptions{Identifier: &id, InterFileDependencies: true, WorkspaceDiagnostics: true}
}

// resultID is the result id of a report of diagnostics: a hash of them.
func resultID(items []protocol.Diagnostic) string {
	data, err := protocol.Marshal(items)
	if err != nil {
		data = nil // not expected: then every report is new
	}
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:16])
}

// documentDiagnostic answers textDocument/diagnostic: the diagnostics of
// the document, as the push model would publish them for an open one (its
// folder's lint with the editor's texts, and the last run of the
// examples while it holds), of the saved file for one that is not open;
// none for a file outside every tool or skill folder, or in one the
// configuration excludes. "unchanged" when the previous result holds.
func (s *server) documentDiagnostic(_ context.Context, p *protocol.DocumentDiagnosticParams) (any, error) {
	items := s.fileDiagnostics(p.TextDocument.URI)
	id := resultID(items)
	if prev := p.PreviousResultID; prev != nil && *prev == id {
		return &protocol.RelatedUnchangedDocumentDiagnosticReport{
			UnchangedDocumentDiagnosticReport: protocol.UnchangedDocumentDiagnosticReport{Kind: reportUnchanged, ResultID: id},
		}, nil
	}
	return &protocol.RelatedFullDocumentDiagnosticReport{
		FullDocumentDiagnosticReport: protocol.FullDocumentDiagnosticReport{Kind: reportFull, ResultID: &id, Items: items},
	}, nil
}

// fileDiagnostics are the diagnostics of the file at u (documentDiagnostic).
func (s *server) fileDiagnostics(u uri.URI) []protocol.Diagnostic {
	s.mu.Lock()
	if d := s.docs[u]; d != nil {
		s.mu.Unlock()
		res, doc := s.documentLint(u)
		if doc == nil {
			return []protocol.Diagnostic{}
		}
		s.mu.Lock()
		defer s.mu.Unlock()
		return s.diagnostics(res, doc)
	}
	p, ok := s.place(u)
	s.mu.Unlock()
	if !ok {
		return []protocol.Diagnostic{}
	}
	res := s.folderLint(p)
	if res == nil || res.excluded {
		return []protocol.Diagnostic{}
	}
	d, ok := savedDocument(u, p)
	if !ok {
		return []protocol.Diagnostic{}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.diagnostics(res, d)
}

// folderLint is the lint of the folder at p: its present lint when it has
// open documents, else a lint of its saved files (not kept: nothing tells
// when they change). Nil after shutdown.
func (s *server) folderLint(p filePlace) *folderLint {
	s.mu.Lock()
	open := s.folders[p.dir] != nil
	s.mu.Unlock()
	if open {
		return s.current(p.dir)
	}
	f := newFolder(p)
	s.lintMu.Lock()
	defer s.lintMu.Unlock()
	s.mu.Lock()
	stopped := s.stopped
	s.mu.Unlock()
	if stopped {
		return nil
	}
	s.checkConfig(p.root)
	cfg, exclude := s.rootConfig(p.root)
	sn := snapshot{folder: f, cfg: cfg}
	if excludes(exclude, f) {
		return &folderLint{snapshot: sn, excluded: true}
	}
	return lintSnapshot(sn)
}

// maxSaved bounds the saved file a pulled diagnostic's place is computed
// in: past it, the places are counted as if the text were plain ASCII.
const maxSaved = 8 << 20

// savedDocument is the file at p as saved, read through the gate of its
// root (its folder opened by discover.Gate.OpenFolder, the file not
// followed if it is a link), as a document whose text places the
// diagnostics; false when it cannot be read.
func savedDocument(u uri.URI, p filePlace) (*document, bool) {
	d := &document{uri: u, rel: p.rel, name: p.name}
	root, err := discover.NewGate(p.root).OpenFolder(p.dir)
	if err != nil {
		return nil, false
	}
	defer root.Close()
	info, err := root.Lstat(p.name)
	if err != nil || !info.Mode().IsRegular() {
		return d, true // a finding about the name itself: placed on line 1
	}
	f, err := root.Open(p.name)
	if err != nil {
		return d, true
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, maxSaved))
	if err != nil {
		return d, true
	}
	d.text = string(data)
	return d, true
}

// workspaceDiagnostic answers workspace/diagnostic: the diagnostics of
// every file of every tool and skill folder under the workspace roots that
// the configuration does not exclude (what `speccify-lint --no-run`
// finds, the open documents as the editor holds them), each file with
// findings a full report or "unchanged", and a full empty report for a
// file the client had a result for that has none now. When nothing
// changed since the last answer, it waits for a change (DefaultHold at
// most) first; it ends at shutdown, when the client cancels it, or when
// another workspace/diagnostic request comes. It is handled beside the
// messages that follow it (an async handler).
func (s *server) workspaceDiagnostic(ctx context.Context, p *protocol.WorkspaceDiagnosticParams) (any, error) {
	s.mu.Lock()
	if s.stopped {
		s.mu.Unlock()
		return &protocol.WorkspaceDiagnosticReport{Items: []protocol.WorkspaceDocumentDiagnosticReport{}}, nil
	}
	s.wg.Add(1)
	defer s.wg.Done()
	// One workspace request at a time: the next one cancels ctx (a handler
	// marked single, runAsync).
	held := s.answered == s.changes && s.answeredOnce
	signal, stopped := s.signal, s.runCtx
	s.mu.Unlock()
	if held {
		timer := time.NewTimer(s.opt.hold())
		defer timer.Stop()
		select {
		case <-signal:
		case <-timer.C:
		case <-stopped.Done():
		case <-ctx.Done():
			return nil, protocol.ErrRequestCancelled
		}
	}
	s.mu.Lock()
	s.answered, s.answeredOnce = s.changes, true
	s.mu.Unlock()
	prev := map[uri.URI]string{}
	for _, r := range p.PreviousResultIds {
		prev[r.URI] = r.Value
	}
	items := []protocol.WorkspaceDocumentDiagnosticReport{}
	reported := map[uri.URI]bool{}
	for _, f := range s.workspaceFiles(ctx) {
		reported[f.uri] = true
		items = append(items, workspaceReport(f, prev[f.uri]))
	}
	for _, u := range slices.Sorted(mapKeys(prev)) {
		if !reported[u] {
			gone := pulledFile{uri: u, items: []protocol.Diagnostic{}}
			s.mu.Lock()
			if d := s.docs[u]; d != nil {
				v := d.version
				gone.version = &v
			}
			s.mu.Unlock()
			items = append(items, workspaceReport(gone, prev[u]))
		}
	}
	if ctx.Err() != nil {
		return nil, protocol.ErrRequestCancelled
	}
	slices.SortStableFunc(items, func(a, b protocol.WorkspaceDocumentDiagnosticReport) int {
		return compareStrings(string(reportURI(a)), string(reportURI(b)))
	})
	return &protocol.WorkspaceDiagnosticReport{Items: items}, nil
}

// reportURI is the document of a workspace report.
func reportURI(r protocol.WorkspaceDocumentDiagnosticReport) uri.URI {
	switch r := r.(type) {
	case *protocol.WorkspaceFullDocumentDiagnosticReport:
		return r.URI
	case *protocol.WorkspaceUnchangedDocumentDiagnosticReport:
		return r.URI
	}
	return ""
}

// hold is Options.Hold, or DefaultHold.
func (o Options) hold() time.Duration {
	if o.Hold > 0 {
		return o.Hold
	}
	return DefaultHold
}

func mapKeys[K comparable, V any](m map[K]V) func(yield func(K) bool) {
	return func(yield func(K) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

// pulledFile is a file's diagnostics in a workspace report.
type pulledFile struct {
	uri     uri.URI
	version *int32 // the open document's, nil for a saved file
	items   []protocol.Diagnostic
}

// workspaceReport is the report of f: "unchanged" when prev, the client's
// result id, still holds.
func workspaceReport(f pulledFile, prev string) protocol.WorkspaceDocumentDiagnosticReport {
	id := resultID(f.items)
	if prev == id {
		return &protocol.WorkspaceUnchangedDocumentDiagnosticReport{
			UnchangedDocumentDiagnosticReport: protocol.UnchangedDocumentDiagnosticReport{Kind: reportUnchanged, ResultID: id},
			URI:                               f.uri, Version: f.version,
		}
	}
	return &protocol.WorkspaceFullDocumentDiagnosticReport{
		FullDocumentDiagnosticReport: protocol.FullDocumentDiagnosticReport{Kind: reportFull, ResultID: &id, Items: f.items},
		URI:                          f.uri, Version: f.version,
	}
}

// workspaceFiles are the files with diagnostics of every tool and skill
// folder under the workspace roots (each folder under the deepest root
// that holds it).
func (s *server) workspaceFiles(ctx context.Context) []pulledFile {
	s.mu.Lock()
	roots := slices.Clone(s.roots)
	s.mu.Unlock()
	var out []pulledFile
	seen := map[string]bool{}
	for _, root := range roots {
		disc, err := discover.Discover([]string{root}, discover.Options{Root: root})
		if err != nil {
			continue
		}
		var places []filePlace
		for _, t := range disc.Tools {
			places = append(places, filePlace{dir: t.Dir, root: root, kind: toolFolder})
		}
		for _, dir := range disc.Skills {
			places = append(places, filePlace{dir: dir, root: root, kind: skillFolder})
		}
		for _, p := range places {
			if ctx.Err() != nil {
				return nil
			}
			s.mu.Lock()
			deepest, _ := s.rootOf(p.dir)
			s.mu.Unlock()
			if seen[p.dir] || deepest != root {
				continue // a folder of a deeper root, reported under it
			}
			seen[p.dir] = true
			out = append(out, s.folderFiles(p)...)
		}
	}
	return out
}

// folderFiles are the files with diagnostics of the folder at p (its dir,
// root and kind).
func (s *server) folderFiles(p filePlace) []pulledFile {
	res := s.folderLint(p)
	if res == nil || res.excluded {
		return nil
	}
	byFile := map[string]bool{}
	var files []string
	s.mu.Lock()
	all := withRuns(res)
	s.mu.Unlock()
	for _, f := range all {
		if !byFile[f.File] {
			byFile[f.File] = true
			files = append(files, f.File)
		}
	}
	var out []pulledFile
	for _, rel := range files {
		u := uri.File(filepath.Join(p.root, filepath.FromSlash(rel)))
		var d *document
		var version *int32
		for _, open := range res.docs {
			if open.rel == rel {
				d, version = open, &open.version
			}
		}
		if d == nil {
			name, ok := strings.CutPrefix(rel, res.folder.rel+"/")
			if !ok {
				continue // a finding outside the folder: not a file of it
			}
			fp := filePlace{dir: p.dir, root: p.root, kind: p.kind, rel: rel, name: name}
			if d, ok = savedDocument(u, fp); !ok {
				continue
			}
		}
		s.mu.Lock()
		items := s.diagnostics(res, d)
		s.mu.Unlock()
		if len(items) > 0 {
			out = append(out, pulledFile{uri: u, version: version, items: items})
		}
	}
	return out
}
