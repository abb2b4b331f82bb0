package lsp

import (
	"context"
	"path"
	"path/filepath"
	"slices"
	"time"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"github.com/speccify/speccify-lint/contract"
	"github.com/speccify/speccify-lint/discover"
	"github.com/speccify/speccify-lint/lint"
	"github.com/speccify/speccify-lint/result"
)

// snapshot is what one lint of a folder reads: its open documents as they
// stood, and the configuration.
type snapshot struct {
	folder *folderState
	gen    uint64
	cfg    lint.Config
	docs   []*document // copies: their texts do not change under the lint
}

// folderLint is a folder's lint at one generation.
type folderLint struct {
	snapshot
	findings []result.Finding
	// spec is TOOL.md's normalised text as linted (the open document's or
	// nil for the file's); files the other open documents' bytes by name
	// inside the folder; held all open documents' bytes by root-relative
	// path (autofix.Options.Held).
	spec []byte
	// parsed is the TOOL.md as the lint parsed it (nil for a skill
	// folder, or a TOOL.md that could not be read).
	parsed *contract.Spec
	files  map[string][]byte
	held   map[string][]byte
	// verify is the findings with the fixes --fix would make (verified).
	verify verification
	// excluded: the configuration excludes the folder; it was not linted,
	// its documents have no diagnostics and no code actions.
	excluded bool
}

// pending is a lint of a folder waiting to start.
type pending struct{ t *time.Timer }

// schedule lints folder f after delay, instead of a lint that waits for
// it. The caller holds s.mu.
func (s *server) schedule(f *folderState, delay time.Duration) {
	if p := s.timers[f.dir]; p != nil && p.t.Stop() {
		s.wg.Done()
	}
	delete(s.timers, f.dir)
	if s.stopped {
		return
	}
	dir := f.dir
	p := &pending{}
	s.wg.Add(1)
	p.t = time.AfterFunc(max(delay, 0), func() {
		defer s.wg.Done()
		s.mu.Lock()
		if s.timers[dir] == p {
			delete(s.timers, dir)
		}
		s.mu.Unlock()
		s.lintAndPublish(dir)
	})
	s.timers[dir] = p
}

// take is a snapshot of folder f. The caller holds s.mu.
func (s *server) take(f *folderState) snapshot {
	sn := snapshot{folder: f, gen: f.gen}
	for _, d := range s.docs {
		if d.folder == f {
			c := *d
			c.lines = newLineIndex(c.text) // made here: the copy is read by several goroutines
			sn.docs = append(sn.docs, &c)
		}
	}
	slices.SortFunc(sn.docs, func(a, b *document) int { return compareStrings(a.rel, b.rel) })
	return sn
}

func compareStrings(a, b string) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// current is the lint of folder dir at its present generation: the one
// made, or a new one. Nil when the folder has no open document or the
// server is shut down. It holds s.lintMu.
func (s *server) current(dir string) *folderLint {
	s.lintMu.Lock()
	defer s.lintMu.Unlock()
	return s.lintLocked(dir)
}

// lintLocked is current with s.lintMu held.
func (s *server) lintLocked(dir string) *folderLint {
	s.mu.Lock()
	f := s.folders[dir]
	if f == nil || s.stopped {
		s.mu.Unlock()
		return nil
	}
	root := f.root
	s.mu.Unlock()
	// A configuration file changed that the editor did not report: every
	// folder of the root is linted again, this one now.
	s.checkConfig(root)
	s.mu.Lock()
	if f = s.folders[dir]; f == nil || s.stopped {
		s.mu.Unlock()
		return nil
	}
	if f.result != nil && f.result.gen == f.gen {
		s.mu.Unlock()
		return f.result
	}
	sn := s.take(f)
	s.mu.Unlock()
	cfg, exclude := s.rootConfig(f.root)
	sn.cfg = cfg
	var res *folderLint
	if excludes(exclude, f) {
		res = &folderLint{snapshot: sn, excluded: true}
	} else {
		res = lintSnapshot(sn)
	}
	s.mu.Lock()
	if s.folders[dir] == f && f.gen == res.gen {
		f.result = res
	}
	s.mu.Unlock()
	return res
}

// lintSnapshot lints a folder as its snapshot holds it.
func lintSnapshot(sn snapshot) *folderLint {
	f := sn.folder
	res := &folderLint{snapshot: sn, files: map[string][]byte{}, held: map[string][]byte{}}
	var skillText []byte
	for _, d := range sn.docs {
		raw := []byte(d.text)
		res.held[d.rel] = raw
		switch {
		case f.kind == skillFolder:
			skillText = raw
		case d.name == discover.SpecFile:
			res.spec, _ = contract.Normalize(raw)
		default:
			res.files[d.name] = raw
		}
	}
	if f.kind == skillFolder {
		sr := lint.CheckSkillText(sn.cfg, f.dir, skillText)
		res.findings = sr.Findings
		return res
	}
	var parsed *contract.Spec
	var tr result.ToolResult
	var err error
	if len(sn.docs) == 0 && sn.cfg.Cache != nil {
		// No document held: the folder as saved, through the result
		// cache (lint.CheckFolder), as the lint command checks it.
		tr, err = lint.CheckFolder(sn.cfg, f.dir)
	} else {
		parsed, tr, err = lint.CheckEdited(sn.cfg, f.dir, res.spec, res.files)
	}
	res.parsed = parsed
	if err != nil {
		res.findings = []result.Finding{internalFinding(f, err)}
		return res
	}
	r := result.Result{Tools: []result.ToolResult{tr}}
	res.findings = r.AllFindings()
	return res
}

// internalFinding stands for a lint that failed (a rule's panic): a
// finding at the top of TOOL.md, so that the failure shows.
func internalFinding(f *folderState, err error) result.Finding {
	return result.Finding{Rule: "internal-error", Severity: result.SeverityError, Message: err.Error(),
		File: path.Join(f.rel, discover.SpecFile), Line: 1, Column: 1}
}

// lintAndPublish lints folder dir when it changed since its last lint and
// publishes the diagnostics of its open documents, unless the folder
// changed again meanwhile (a lint of the change is then scheduled).
func (s *server) lintAndPublish(dir string) {
	s.lintMu.Lock()
	defer s.lintMu.Unlock()
	res := s.lintLocked(dir)
	if res == nil {
		return
	}
	s.mu.Lock()
	f := s.folders[dir]
	if f != res.folder || f.gen != res.gen || s.stopped || s.pull {
		// A client that pulls diagnostics gets none pushed.
		s.mu.Unlock()
		return
	}
	var out []*protocol.PublishDiagnosticsParams
	for _, d := range res.docs {
		if cur := s.docs[d.uri]; cur == nil || cur.version != d.version || cur.folder != f {
			continue
		}
		if g, ok := f.published[d.uri]; ok && g == res.gen {
			continue
		}
		f.published[d.uri] = res.gen
		out = append(out, &protocol.PublishDiagnosticsParams{
			URI: d.uri, Version: protocol.NewOptional(d.version),
			Diagnostics: s.diagnostics(res, d),
		})
	}
	s.sendMu.Lock()
	s.mu.Unlock()
	defer s.sendMu.Unlock()
	for _, p := range out {
		_ = s.conn.Notify(context.Background(), protocol.MethodTextDocumentPublishDiagnostics, p)
	}
}

// publish sends the diagnostics of a document (none: it clears them). The
// caller holds s.mu.
func (s *server) publish(u uri.URI, version *int32, diags []protocol.Diagnostic) {
	s.sendMu.Lock()
	defer s.sendMu.Unlock()
	p := &protocol.PublishDiagnosticsParams{URI: u, Diagnostics: diags}
	if diags == nil {
		p.Diagnostics = []protocol.Diagnostic{}
	}
	if version != nil {
		p.Version = protocol.NewOptional(*version)
	}
	_ = s.conn.Notify(context.Background(), protocol.MethodTextDocumentPublishDiagnostics, p)
}

// diagnostics are the diagnostics of document d in a folder's lint: its
// findings, and those of the last run of the examples while they hold, in
// the findings' order. The caller holds s.mu.
func (s *server) diagnostics(res *folderLint, d *document) []protocol.Diagnostic {
	out := []protocol.Diagnostic{}
	if res.excluded {
		return out
	}
	for _, f := range withRuns(res) {
		if f.File != d.rel {
			continue
		}
		diag := s.diagnostic(&f.Finding, d)
		if f.ranBy != "" {
			diag.RelatedInformation = []protocol.DiagnosticRelatedInformation{{
				Location: protocol.Location{URI: uri.File(filepath.Join(res.folder.root, filepath.FromSlash(f.ranBy)))},
				Message:  "implementation that ran the example",
			}}
		}
		out = append(out, diag)
	}
	return out
}

// diagnostic is the diagnostic of finding f of document d: its range from
// the finding's place to the end of its span (to the end of its line when
// it has none), its severity, its rule id as code with the rule's page.
func (s *server) diagnostic(f *result.Finding, d *document) protocol.Diagnostic {
	diag := protocol.Diagnostic{
		Range:    s.findingRange(f, d),
		Severity: severity(f.Severity),
		Code:     protocol.String(f.Rule),
		Source:   protocol.NewOptional("speccify-lint"),
		Message:  protocol.String(message(f)),
	}
	if r := lint.RuleByID(f.Rule); r != nil {
		diag.CodeDescription = protocol.CodeDescription{Href: uri.URI(r.DocURL())}
	}
	return diag
}

// message is a finding's message, with its help on a line of its own.
func message(f *result.Finding) string {
	if f.Help != "" {
		return f.Message + "\n" + f.Help
	}
	return f.Message
}

// findingRange is the range of finding f in document d, counted in the
// negotiated encoding.
func (s *server) findingRange(f *result.Finding, d *document) protocol.Range {
	x := d.index()
	start := x.at(f.Line, f.Column)
	end := -1
	if sp := f.Span; sp.End.Line > 0 && sp.End.Offset > sp.Start.Offset {
		end = x.at(sp.End.Line, sp.End.Column)
	}
	if end < start {
		end = x.lineEnd(start)
	}
	return protocol.Range{Start: x.position(start, s.utf8), End: x.position(end, s.utf8)}
}

// at is the byte offset of a finding's place: line and column 1-based, the
// column in UTF-16 code units of the line (after a BOM, on line 1); 0 is 1.
func (x *lineIndex) at(line, col int) int {
	n := max(line, 1) - 1
	if n >= x.Count() {
		return x.Size()
	}
	l := x.line(n)
	bom := 0
	if n == 0 && len(l) >= 3 && l[:3] == "\uFEFF" {
		bom = 3
	}
	return x.start(n) + bom + byteOfColumn(l[bom:], max(col, 1)-1, false)
}

// lineEnd is the offset of the end of the line that holds off.
func (x *lineIndex) lineEnd(off int) int {
	p := x.position(off, true)
	return x.start(int(p.Line)) + len(x.line(int(p.Line)))
}

func severity(s result.Severity) protocol.DiagnosticSeverity {
	switch s {
	case result.SeverityError:
		return protocol.DiagnosticSeverityError
	case result.SeverityWarning:
		return protocol.DiagnosticSeverityWarning
	}
	return protocol.DiagnosticSeverityInformation
}

// documentLint is the present lint of the folder of document u and the
// document as it linted it; nil, nil when u is not open in a folder, or
// its folder is excluded.
func (s *server) documentLint(u uri.URI) (*folderLint, *document) {
	s.mu.Lock()
	var dir string
	if d := s.docs[u]; d != nil && d.folder != nil {
		dir = d.folder.dir
	}
	s.mu.Unlock()
	if dir == "" {
		return nil, nil
	}
	res := s.current(dir)
	if res == nil || res.excluded {
		return nil, nil
	}
	for _, d := range res.docs {
		if d.uri == u {
			return res, d
		}
	}
	return nil, nil
}
