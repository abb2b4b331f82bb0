package lint

import (
	"bytes"
	"io"
	"os"
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

// implementationTexts are the tool's implementations, at most maxScriptSize
// bytes of each.
func (c *toolCheck) implementationTexts() [][]byte {
	var texts [][]byte
	for _, im := range c.folder.Implementations {
		if data, err := c.readScript(im.Name); err == nil {
			texts = append(texts, data[:min(len(data), maxScriptSize)])
		}
	}
	return texts
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
