package lint

import (
	"maps"
	"path/filepath"
	"slices"

	"github.com/speccify/speccify-lint/discover"
)

// maxScriptSize bounds how much of an implementation the rules read.
const maxScriptSize = 1 << 20

// scriptText is an implementation's text as readScript read it.
type scriptText struct {
	name string
	data []byte
	err  error
}

// readScript reads the implementation name through the tool folder's Root,
// at most maxScriptSize+1 bytes (one more tells a script too large to scan),
// once per tool for the rules that look into it.
func (c *toolCheck) readScript(name string) ([]byte, error) {
	for _, t := range c.scripts { // a few implementations: no map
		if t.name == name {
			return t.data, t.err
		}
	}
	data, err := discover.ReadLimited(c.root, name, maxScriptSize+1)
	c.scripts = append(c.scripts, scriptText{name, data, err})
	return data, err
}

// holdScripts makes files (by slash-separated name inside the folder) the
// texts readScript gives for those names, as readScript would have read
// them: at most maxScriptSize+1 bytes. The names are sorted, so that which of
// two spellings of one name wins does not depend on the map's order.
func (c *toolCheck) holdScripts(files map[string][]byte) {
	for _, name := range slices.Sorted(maps.Keys(files)) {
		data := files[name]
		c.scripts = append(c.scripts, scriptText{filepath.FromSlash(name), data[:min(len(data), maxScriptSize+1)], nil})
	}
}

// readHead is the first bytes of the implementation name, and its whole
// text when it is a script of reasonable size.
func (c *toolCheck) readHead(name string) (head, script []byte) {
	data, err := c.readScript(name)
	if err != nil {
		return nil, nil
	}
	head = data[:min(len(data), 512)]
	if len(data) > maxScriptSize || discover.IsBinary(head) {
		return head, nil
	}
	return head, data
}

// codeTexts are the texts of the tool's code (discover.CodeFiles): its
// implementations and every other file of the tool folder outside
// fixtures/ but TOOL.md, read through the folder's Root. whole is false
// when some of it could not be read whole: the listing is not complete, a
// file cannot be read (a symbolic link that leaves the folder or leads
// nowhere, a directory through a link), one has more than maxScriptSize
// bytes; what the code names is then not known.
func (c *toolCheck) codeTexts() (texts [][]byte, whole bool) {
	files, whole := discover.CodeFiles(c.root)
	if !whole {
		return nil, false
	}
	for _, name := range files {
		data, err := c.readScript(filepath.FromSlash(name))
		if err != nil || len(data) > maxScriptSize {
			return nil, false
		}
		texts = append(texts, data)
	}
	return texts, true
}
