package lint

import (
	"bytes"
	"io"
	"io/fs"
	"maps"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

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
	data, err := readLimited(c.root, name, maxScriptSize+1)
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
	if len(data) > maxScriptSize || isBinary(head) {
		return head, nil
	}
	return head, data
}

// Bounds of codeTexts: the files of a tool folder's code it reads, and the
// entries of its directories it looks at.
const (
	maxCodeFiles   = 256
	maxCodeEntries = 4096
)

// codeTexts are the texts of the tool's code: its implementations and every
// other file of the tool folder outside fixtures/ but TOOL.md (a common.sh
// that linux.sh sources, a lib/ of modules), read through the folder's Root.
// whole is false when some of it could not be read whole: a file that
// cannot be opened (a symbolic link that leaves the folder or leads
// nowhere, a directory through a link), one of more than maxScriptSize
// bytes, more than maxCodeFiles files or maxCodeEntries entries; what the
// code names is then not known.
func (c *toolCheck) codeTexts() (texts [][]byte, whole bool) {
	var files []string
	entries := 0
	var walk func(dir string) bool
	walk = func(dir string) bool {
		f, err := c.root.Open(filepath.FromSlash(dir))
		if err != nil {
			return false
		}
		list, err := f.ReadDir(-1)
		f.Close()
		if err != nil {
			return false
		}
		slices.SortFunc(list, func(a, b fs.DirEntry) int { return strings.Compare(a.Name(), b.Name()) })
		for _, e := range list {
			if entries++; entries > maxCodeEntries {
				return false
			}
			name := path.Join(dir, e.Name())
			switch {
			case dir == "." && (name == discover.FixturesDir || name == discover.SpecFile):
			case e.IsDir():
				if !walk(name) {
					return false
				}
			default:
				files = append(files, name)
			}
		}
		return true
	}
	if !walk(".") || len(files) > maxCodeFiles {
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

// readLimited reads at most limit bytes of the file name in root, into a
// buffer of the file's size (as ReadText does) rather than one io.ReadAll
// grows from 512 bytes.
func readLimited(root *os.Root, name string, limit int) ([]byte, error) {
	f, err := root.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var buf bytes.Buffer
	if info, err := f.Stat(); err == nil && info.Mode().IsRegular() {
		buf.Grow(int(min(info.Size(), int64(limit))) + bytes.MinRead)
	}
	if _, err := buf.ReadFrom(io.LimitReader(f, int64(limit))); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// isBinary recognises executables (ELF, Mach-O, PE) and other binary data.
func isBinary(head []byte) bool {
	for _, magic := range [][]byte{{0x7f, 'E', 'L', 'F'}, {0xfe, 0xed, 0xfa, 0xce}, {0xfe, 0xed, 0xfa, 0xcf}, {0xce, 0xfa, 0xed, 0xfe}, {0xcf, 0xfa, 0xed, 0xfe}, {0xca, 0xfe, 0xba, 0xbe}, {'M', 'Z'}} {
		if bytes.HasPrefix(head, magic) {
			return true
		}
	}
	return bytes.IndexByte(head, 0) >= 0
}
