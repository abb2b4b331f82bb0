package lsp

import (
	"context"
	"path/filepath"
	"strings"
	"time"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"github.com/speccify/speccify-lint/discover"
)

// document is an open document: the text the editor holds.
type document struct {
	uri     uri.URI
	version int32
	text    string
	lines   *lineIndex // of text, made on first use
	// folder is the tool or skill folder the document belongs to; nil when
	// it belongs to none, or its path does not pass the gate: then it is
	// neither linted nor read.
	folder *folderState
	// rel is the document's path relative to its root, slash-separated
	// (the findings' File); name its path inside its folder.
	rel, name string
}

func (d *document) index() *lineIndex {
	if d.lines == nil {
		d.lines = newLineIndex(d.text)
	}
	return d.lines
}

// folderKind says what kind of folder a folderState is.
type folderKind int

const (
	toolFolder folderKind = iota
	skillFolder
)

// folderState is a tool or skill folder that has open documents.
type folderState struct {
	dir  string // absolute
	root string // its workspace root
	rel  string // dir relative to root, slash-separated
	kind folderKind
	// gen counts the changes of what the folder's lint reads (its open
	// documents, its files on disk); result is the lint of generation
	// result.gen.
	gen    uint64
	result *folderLint
	// published are the documents whose diagnostics were published, and
	// the generation they were published for.
	published map[uri.URI]uint64
	// runs is the last run of the examples (speccify-lint.runExamples).
	runs *runResult
}

// filePlace is where a file lies: its tool or skill folder, and its
// paths.
type filePlace struct {
	dir, root string // the folder (absolute) and its workspace root
	kind      folderKind
	// rel is the file's path relative to the root, name its path inside
	// the folder, both slash-separated.
	rel, name string
}

// place finds the folder of the file at u: the deepest workspace root that
// holds it, through that root's gate (a path outside every root, through a
// symbolic link to a directory, or not on disk is not read), then the tool
// or skill folder around it, as discovery finds the folder of a file named
// on the command line. False when it has none. The caller holds s.mu.
func (s *server) place(u uri.URI) (filePlace, bool) {
	if !u.IsFile() {
		return filePlace{}, false
	}
	path, err := filepath.Abs(u.FsPath())
	if err != nil {
		return filePlace{}, false
	}
	root, ok := s.rootOf(path)
	if !ok {
		return filePlace{}, false
	}
	named, err := discover.NewGate(root).Resolve(path)
	if err != nil || named.Link != "" {
		return filePlace{}, false
	}
	disc, err := discover.Discover([]string{named.Path}, discover.Options{Root: root})
	if err != nil || len(disc.Unfollowed) > 0 {
		return filePlace{}, false
	}
	p := filePlace{root: root, kind: toolFolder}
	switch {
	case len(disc.Tools) == 1:
		p.dir = disc.Tools[0].Dir
	case len(disc.Skills) == 1:
		p.dir, p.kind = disc.Skills[0], skillFolder
	default:
		return filePlace{}, false
	}
	name, err := filepath.Rel(p.dir, named.Path)
	if err != nil || !filepath.IsLocal(name) {
		return filePlace{}, false
	}
	rel, err := filepath.Rel(root, named.Path)
	if err != nil {
		return filePlace{}, false
	}
	p.rel, p.name = filepath.ToSlash(rel), filepath.ToSlash(name)
	return p, true
}

// newFolder is the state of the folder at p, with no open document.
func newFolder(p filePlace) *folderState {
	frel, _ := filepath.Rel(p.root, p.dir)
	return &folderState{dir: p.dir, root: p.root, rel: filepath.ToSlash(frel), kind: p.kind, published: map[uri.URI]uint64{}}
}

// locate places the document d in its folder (place), which it adds to the
// folders with open documents. The caller holds s.mu.
func (s *server) locate(d *document) {
	p, ok := s.place(d.uri)
	if !ok {
		return
	}
	f := s.folders[p.dir]
	if f == nil {
		f = newFolder(p)
		s.folders[p.dir] = f
	}
	d.folder, d.rel, d.name = f, p.rel, p.name
}

func (s *server) didOpen(_ context.Context, p *protocol.DidOpenTextDocumentParams) {
	s.mu.Lock()
	defer s.mu.Unlock()
	item := p.TextDocument
	d := &document{uri: item.URI, version: item.Version, text: item.Text}
	if old := s.docs[item.URI]; old != nil && old.folder != nil {
		old.folder.gen++
	}
	s.docs[item.URI] = d
	s.locate(d)
	if d.folder != nil {
		s.changed(d.folder, 0)
	}
}

func (s *server) didChange(_ context.Context, p *protocol.DidChangeTextDocumentParams) {
	s.mu.Lock()
	defer s.mu.Unlock()
	d := s.docs[p.TextDocument.URI]
	if d == nil {
		return
	}
	for _, ch := range p.ContentChanges {
		switch c := ch.(type) {
		case *protocol.TextDocumentContentChangeWholeDocument:
			d.text = c.Text
		case *protocol.TextDocumentContentChangePartial:
			x := d.index()
			start, end := x.offset(c.Range.Start, s.utf8), x.offset(c.Range.End, s.utf8)
			if end < start {
				start, end = end, start
			}
			d.text = d.text[:start] + c.Text + d.text[end:]
		}
		d.lines = nil
	}
	d.version = p.TextDocument.Version
	if d.folder != nil {
		s.changed(d.folder, s.opt.Debounce)
	}
}

func (s *server) didSave(_ context.Context, p *protocol.DidSaveTextDocumentParams) {
	s.mu.Lock()
	defer s.mu.Unlock()
	d := s.docs[p.TextDocument.URI]
	if d == nil {
		return
	}
	if p.Text != nil && *p.Text != d.text {
		d.text, d.lines = *p.Text, nil
	}
	if d.uri.IsFile() && isConfigName(filepath.Base(d.uri.FsPath())) {
		s.configChanged()
		return
	}
	if d.folder != nil {
		s.changed(d.folder, 0)
	}
}

func (s *server) didClose(_ context.Context, p *protocol.DidCloseTextDocumentParams) {
	s.mu.Lock()
	defer s.mu.Unlock()
	d := s.docs[p.TextDocument.URI]
	if d == nil {
		return
	}
	delete(s.docs, p.TextDocument.URI)
	if f := d.folder; f != nil {
		// Its diagnostics go; the folder's other documents are linted
		// again with the file's text on disk.
		delete(f.published, d.uri)
		if !s.pull {
			s.publish(d.uri, nil, nil)
		}
		s.noteChange()
		f.gen++
		if s.hasDocs(f) {
			s.schedule(f, 0)
		} else {
			delete(s.folders, f.dir)
		}
	}
}

// hasDocs reports whether folder f has open documents. The caller holds
// s.mu.
func (s *server) hasDocs(f *folderState) bool {
	for _, d := range s.docs {
		if d.folder == f {
			return true
		}
	}
	return false
}

// didChangeWatchedFiles lints again the folders that hold, or lie under, a
// file that changed on disk (a fixture added, an implementation renamed).
func (s *server) didChangeWatchedFiles(_ context.Context, p *protocol.DidChangeWatchedFilesParams) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(p.Changes) > 0 {
		// A saved file of a folder with no open document changed too: what
		// workspace/diagnostic reports.
		s.noteChange()
		s.refresh()
	}
	for _, ev := range p.Changes {
		if !ev.URI.IsFile() {
			continue
		}
		path, err := filepath.Abs(ev.URI.FsPath())
		if err != nil {
			continue
		}
		if isConfigName(filepath.Base(path)) {
			s.configChanged()
			continue
		}
		for _, f := range s.folders {
			if rel, err := filepath.Rel(f.dir, path); err == nil && (filepath.IsLocal(rel) || isAbove(path, f.dir)) {
				s.changed(f, 0)
			}
		}
	}
}

// isAbove reports whether dir lies under path (a directory that changed).
func isAbove(path, dir string) bool {
	rel, err := filepath.Rel(path, dir)
	return err == nil && filepath.IsLocal(rel)
}

// isConfigName reports the name of a configuration file.
func isConfigName(name string) bool {
	return strings.HasPrefix(name, ".speccify-lint.y")
}

// configChanged forgets the configurations loaded and lints every folder
// again. The caller holds s.mu.
func (s *server) configChanged() {
	clear(s.configs)
	s.noteChange()
	s.refresh()
	for _, f := range s.folders {
		s.changed(f, 0)
	}
}

// changed records that what folder f's lint reads changed, and lints it
// after delay. The caller holds s.mu.
func (s *server) changed(f *folderState, delay time.Duration) {
	f.gen++
	s.noteChange()
	s.schedule(f, delay)
}
