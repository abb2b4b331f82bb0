package lsp

import (
	"context"
	"io/fs"
	"regexp"
	"slices"
	"strings"

	"go.lsp.dev/protocol"

	"github.com/speccify/speccify-lint/contract"
	"github.com/speccify/speccify-lint/discover"
)

// maxFixtures bounds the fixture paths completion lists.
const maxFixtures = 1000

// jsonTypes are the values of a JSON Schema type.
var jsonTypes = []string{"object", "array", "string", "number", "integer", "boolean", "null"}

var (
	// typeValueRE: the cursor is on the value of a type keyword, a name or
	// a list of names being typed.
	typeValueRE = regexp.MustCompile(`(^|[\s{,])type\s*:\s*(\[[\w\s,]*)?\w*$`)
	// flowKeyRE: a key being typed in a flow mapping ({type: object, ...).
	flowKeyRE = regexp.MustCompile(`[{,]\s*[\w$]*$`)
	// blockKeyStartRE: a key being typed at the start of a block entry.
	blockKeyStartRE = regexp.MustCompile(`^\s+(-\s+)?[\w$]*$`)
	// platformValueRE: a platform being typed after platforms: or in its
	// list.
	platformValueRE = regexp.MustCompile(`^(platforms\s*:\s*\[?([\w\s,]*)|\s*-\s*)\w*$`)
	// topKeyStartRE: a top-level key being typed.
	topKeyStartRE = regexp.MustCompile(`^[\w-]*$`)
)

// completion offers, in a TOOL.md: the frontmatter keys not yet there, the
// platforms inside platforms, the type names after type: and the JSON
// Schema keywords as keys inside inputs and outputs (not where names are
// keys, under properties), and the files of the tool's fixtures folder
// inside a string of an input: line.
func (s *server) completion(_ context.Context, p *protocol.CompletionParams) (any, error) {
	items := []protocol.CompletionItem{}
	list := &protocol.CompletionList{Items: items}
	res, doc := s.documentLint(p.TextDocument.URI)
	if doc == nil || res.folder.kind != toolFolder || doc.name != discover.SpecFile {
		return list, nil
	}
	x := doc.index()
	off := x.offset(p.Position, s.utf8)
	pos := x.position(off, true)
	pl := newPlace(x, int(pos.Line), int(pos.Character))
	before := pl.before()
	switch {
	case pl.inFrontmatter() && topKeyStartRE.MatchString(before):
		present := pl.keys()
		w, _, _ := pl.word()
		for _, k := range contract.KnownFields {
			if present[k] && k != w {
				continue
			}
			items = append(items, protocol.CompletionItem{
				Label: k, Kind: protocol.CompletionItemKindProperty, InsertText: protocol.NewOptional(k + ": "),
				Documentation: &protocol.MarkupContent{Kind: protocol.MarkupKindMarkdown, Value: contract.FieldDocs[k]},
			})
		}
	case pl.inFrontmatter() && pl.topKey() == "platforms" && platformValueRE.MatchString(before):
		for _, v := range discover.Platforms {
			items = append(items, protocol.CompletionItem{Label: v, Kind: protocol.CompletionItemKindEnumMember,
				Detail: protocol.NewOptional("platform: its implementation is " + v + ".<ext>")})
		}
	case pl.inFrontmatter() && (pl.topKey() == "inputs" || pl.topKey() == "outputs"):
		items = schemaItems(pl, before)
	case pl.exampleLine() == "input":
		if start, ok := pl.openString(); ok {
			items = s.fixtureItems(res, x, pl, start)
		}
	}
	list.Items = items
	return list, nil
}

// schemaItems are the completions inside a schema: type names after type:,
// keywords where a key of a schema is typed.
func schemaItems(pl place, before string) []protocol.CompletionItem {
	items := []protocol.CompletionItem{}
	if typeValueRE.MatchString(before) {
		for _, t := range jsonTypes {
			items = append(items, protocol.CompletionItem{Label: t, Kind: protocol.CompletionItemKindValue, Detail: protocol.NewOptional("JSON Schema type")})
		}
		return items
	}
	block := blockKeyStartRE.MatchString(before) && pl.line > 0
	flow := flowKeyRE.MatchString(before)
	if !block && !flow {
		return items
	}
	if block && contract.IsNameMapKeyword(pl.parentKey()) {
		return items // a name (of a property, a definition) is typed here
	}
	for _, k := range contract.SchemaKeywords() {
		items = append(items, protocol.CompletionItem{Label: k, Kind: protocol.CompletionItemKindKeyword,
			InsertText: protocol.NewOptional(k + ": "), Detail: protocol.NewOptional("JSON Schema keyword")})
	}
	return items
}

// fixtureItems are the files under the tool folder's fixtures/, read
// through the gate (a linked directory is not entered), as paths relative
// to the folder; each replaces the string's text typed so far.
func (s *server) fixtureItems(res *folderLint, x *lineIndex, pl place, start int) []protocol.CompletionItem {
	items := []protocol.CompletionItem{}
	r, err := discover.NewGate(res.folder.root).OpenFolder(res.folder.dir)
	if err != nil {
		return items
	}
	defer r.Close()
	var paths []string
	_ = fs.WalkDir(r.FS(), discover.FixturesDir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || len(paths) >= maxFixtures {
			return fs.SkipDir
		}
		if d.Type().IsRegular() {
			paths = append(paths, path)
		}
		return nil
	})
	slices.Sort(paths)
	lineStart := x.start(pl.line)
	rng := protocol.Range{Start: x.position(lineStart+start, s.utf8), End: x.position(lineStart+pl.col, s.utf8)}
	typed := pl.text[start:pl.col]
	for _, path := range paths {
		if !strings.HasPrefix(path, typed) {
			continue
		}
		items = append(items, protocol.CompletionItem{Label: path, Kind: protocol.CompletionItemKindFile,
			FilterText: protocol.NewOptional(path), TextEdit: &protocol.TextEdit{Range: rng, NewText: path}})
	}
	return items
}
