package discover

import (
	"bytes"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/speccify/speccify-lint/internal/fserr"
)

// ReadLimited reads at most limit bytes of the file name in root, into a
// buffer of the file's size (as contract.ReadText does) rather than one
// io.ReadAll grows from 512 bytes.
func ReadLimited(root *os.Root, name string, limit int) ([]byte, error) {
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

// IsBinary recognises, from the first bytes of a file, executables (ELF,
// Mach-O, PE) and other binary data (a NUL byte).
func IsBinary(head []byte) bool {
	for _, magic := range [][]byte{{0x7f, 'E', 'L', 'F'}, {0xfe, 0xed, 0xfa, 0xce}, {0xfe, 0xed, 0xfa, 0xcf}, {0xce, 0xfa, 0xed, 0xfe}, {0xcf, 0xfa, 0xed, 0xfe}, {0xca, 0xfe, 0xba, 0xbe}, {'M', 'Z'}} {
		if bytes.HasPrefix(head, magic) {
			return true
		}
	}
	return bytes.IndexByte(head, 0) >= 0
}

// IsEscape reports whether an error of an os.Root call is its refusal of a
// path that leaves the Root (the os package does not export that error).
func IsEscape(err error) bool {
	return err != nil && fserr.Cause(err).Error() == "path escapes from parent"
}

// Bounds of CodeFiles: the files of a tool folder's code it lists, and the
// entries of its directories it looks at.
const (
	maxCodeFiles   = 256
	maxCodeEntries = 4096
)

// CodeFiles lists, through the tool folder's root, the files of the tool's
// code: its implementations and every other file of the folder outside
// fixtures/ but TOOL.md (a common.sh that linux.sh sources, a lib/ of
// modules), as slash paths, each directory in name order; a symbolic link
// is listed as a file, for its reader's open through root to judge. whole
// is false (and files nil) when the listing is not complete: a directory
// that cannot be opened or read, more than maxCodeFiles files or
// maxCodeEntries entries.
func CodeFiles(root *os.Root) (files []string, whole bool) {
	entries := 0
	var walk func(dir string) bool
	walk = func(dir string) bool {
		f, err := root.Open(filepath.FromSlash(dir))
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
			case dir == "." && (name == FixturesDir || name == SpecFile):
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
	return files, true
}
