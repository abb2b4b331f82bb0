package lsp

import (
	"context"
	"path/filepath"
	"slices"
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

// fileChange is one change to a file the client tells of: a document
// opened, edited or saved, or a file changed on disk. Every one takes the
// same path, didModifyFiles (as gopls's didModifyFiles does).
type fileChange struct {
	kind    changeKind
	uri     uri.URI
	version int32
	// text is the document's text: an opened one's, a saved one's when the
	// client sends it (nil when it does not).
	text *string
	// edits are an edited document's changes, in order.
	edits []protocol.TextDocumentContentChangeEvent
}

// changeKind says what changed in a fileChange.
type changeKind int

const (
	opened changeKind = iota
	edited
	saved
	onDisk
)

func (s *server) didOpen(_ context.Context, p *protocol.DidOpenTextDocumentParams) {
	item := p.TextDocument
	s.didModifyFiles([]fileChange{{kind: opened, uri: item.URI, version: item.Version, text: &item.Text}})
}

func (s *server) didChange(_ context.Context, p *protocol.DidChangeTextDocumentParams) {
	s.didModifyFiles([]fileChange{{kind: edited, uri: p.TextDocument.URI, version: p.TextDocument.Version, edits: p.ContentChanges}})
}

func (s *server) didSave(_ context.Context, p *protocol.DidSaveTextDocumentParams) {
	s.didModifyFiles([]fileChange{{kind: saved, uri: p.TextDocument.URI, text: p.Text}})
}

// didChangeWatchedFiles lints again the folders that hold, or lie under, a
// file that changed on disk (a fixture added, an implementation renamed).
func (s *server) didChangeWatchedFiles(_ context.Context, p *protocol.DidChangeWatchedFilesParams) {
	changes := make([]fileChange, 0, len(p.Changes))
	for _, ev := range p.Changes {
		changes = append(changes, fileChange{kind: onDisk, uri: ev.URI})
	}
	s.didModifyFiles(changes)
}

// didModifyFiles applies changes to the open documents, then lints again
// what each one touches: the folder of an opened, edited (after
// Options.Debounce) or saved document; every folder that holds or lies
// under a file changed on disk; every folder when a configuration file is
// saved or changes on disk.
func (s *server) didModifyFiles(changes []fileChange) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if slices.ContainsFunc(changes, func(c fileChange) bool { return c.kind == onDisk }) {
		// A saved file of a folder with no open document changed too: what
		// workspace/diagnostic reports.
		s.noteChange()
		s.refresh()
	}
	for _, c := range changes {
		if c.kind == onDisk {
			s.changedOnDisk(c.uri)
			continue
		}
		d := s.applyChange(c)
		switch {
		case d == nil:
		case c.kind == saved && d.uri.IsFile() && isConfigName(filepath.Base(d.uri.FsPath())):
			s.configChanged()
		case d.folder != nil && c.kind == edited:
			s.changed(d.folder, s.opt.Debounce)
		case d.folder != nil:
			s.changed(d.folder, 0)
		}
	}
}

// applyChange applies the change c of a document to the documents and
// returns the document; nil when c is of a document that is not open. The
// caller holds s.mu.
func (s *server) applyChange(c fileChange) *document {
	if c.kind == opened {
		d := &document{uri: c.uri, version: c.version, text: *c.text}
		if old := s.docs[c.uri]; old != nil && old.folder != nil {
			old.folder.gen++
		}
		s.docs[c.uri] = d
		s.locate(d)
		return d
	}
	d := s.docs[c.uri]
	if d == nil {
		return nil
	}
	switch c.kind {
	case edited:
		for _, ch := range c.edits {
			d.edit(ch, s.utf8)
		}
		d.version = c.version
	case saved:
		if c.text != nil && *c.text != d.text {
			d.text, d.lines = *c.text, nil
		}
	}
	return d
}

// edit applies one change of the editor to d's text, its range counted in
// UTF-8 bytes or UTF-16 code units.
func (d *document) edit(ch protocol.TextDocumentContentChangeEvent, utf8Columns bool) {
	switch c := ch.(type) {
	case *protocol.TextDocumentContentChangeWholeDocument:
		d.text = c.Text
	case *protocol.TextDocumentContentChangePartial:
		x := d.index()
		start, end := x.offset(c.Range.Start, utf8Columns), x.offset(c.Range.End, utf8Columns)
		if end < start {
			start, end = end, start
		}
		d.text = d.text[:start] + c.Text + d.text[end:]
	}
	d.lines = nil
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

// changedOnDisk lints again the folders that hold, or lie under, the file
// at u, which changed on disk; every folder when it is a configuration
// file. The caller holds s.mu.
func (s *server) changedOnDisk(u uri.URI) {
	if !u.IsFile() {
		return
	}
	path, err := filepath.Abs(u.FsPath())
	if err != nil {
		return
	}
	if isConfigName(filepath.Base(path)) {
		s.configChanged()
		return
	}
	for _, f := range s.folders {
		if rel, err := filepath.Rel(f.dir, path); err == nil && (filepath.IsLocal(rel) || isAbove(path, f.dir)) {
			s.changed(f, 0)
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
