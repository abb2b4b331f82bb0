package contract

import (
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/speccify/speccify-lint/internal/fserr"
	"github.com/speccify/speccify-lint/internal/jsonexact"
)

// folderLoader loads relative $ref targets from JSON files inside the tool
// folder, and nothing else. Every file is read by read: on disk through
// the tool folder's os.Root (readSchemaFile), so that no "..", absolute
// path or symbolic link (a symlinked directory in the middle of the path
// included) reaches outside it; at a git revision from its tree. dir is
// the folder's absolute path, which the library's file:// addresses start
// with. docs keeps each document read by its address, for Schema.Keyword.
type folderLoader struct {
	read func(name string) ([]byte, error)
	dir  string
	docs map[string]any
}

// refFileError says why the file a $ref names was not read, in words that
// name it by its slash path in the tool folder and quote nothing of it.
type refFileError struct {
	// Name is the file's slash path relative to the tool folder.
	Name string
	// Why completes "$ref ... " (e.g. "leaves the tool folder through the
	// symlink shared").
	Why string
}

func (e *refFileError) Error() string { return e.Name + " " + e.Why }

func (l *folderLoader) Load(u string) (any, error) {
	p, err := (jsonschema.FileLoader{}).ToFile(u)
	if err != nil {
		return nil, fmt.Errorf("%s is not fetched: only files inside the tool folder are read", u)
	}
	rel, err := filepath.Rel(l.dir, p)
	if err != nil {
		rel = p
	}
	if !filepath.IsLocal(rel) {
		return nil, &refFileError{Name: filepath.ToSlash(rel), Why: "is outside the tool folder and is not read" + copyHint}
	}
	name := filepath.ToSlash(rel)
	if l.read == nil {
		return nil, &refFileError{Name: name, Why: "is not read: there is no tool folder"}
	}
	data, err := l.read(name)
	if err != nil {
		return nil, err
	}
	v, err := jsonexact.Parse(data)
	if err != nil {
		return nil, &refFileError{Name: name, Why: "names a file that is not JSON: " + err.Error()}
	}
	l.docs[u] = v
	return v, nil
}

// readSchemaFile reads the text file at the slash path name inside root,
// as readTextIn does, but following a symbolic link at its end while it
// stays inside root. A link that leaves root is named in the error.
func readSchemaFile(root *os.Root, name string) ([]byte, error) {
	data, err := readText(name, filepath.FromSlash(name), root.Stat, root.Open, maxSchemaFileSize)
	var fe *FileError
	switch {
	case errors.As(err, &fe):
		return nil, &refFileError{Name: name, Why: fmt.Sprintf("names %s, which %s", name, fe.Msg)}
	case err != nil:
		return nil, refOpenError(root, name, err)
	}
	return data, nil
}

// refOpenError explains why root could not open name: through which
// symbolic link it leaves the folder, or that it is not there.
func refOpenError(root *os.Root, name string, err error) error {
	if link := leavingLink(root, name); link != "" {
		return &refFileError{Name: name, Why: "leaves the tool folder through the symlink " + link + " and is not read" + copyHint}
	}
	if errors.Is(err, fs.ErrNotExist) {
		return &refFileError{Name: name, Why: "names no file in the tool folder"}
	}
	return &refFileError{Name: name, Why: "cannot be read: " + fserr.Cause(err).Error()}
}

// copyHint ends the message of a $ref that leaves the tool folder.
const copyHint = "; copy the schema into the tool folder or under $defs"

// maxLinkHops bounds the symbolic links leavingLink follows for one path,
// as the kernel bounds them (ELOOP).
const maxLinkHops = 40

// leavingLink returns the slash path, relative to root, of the symbolic
// link through which the slash path name leaves root, or "" if no link takes
// it out. It only explains: os.Root is what keeps reads inside.
func leavingLink(root *os.Root, name string) string {
	hops := 0
	_, link := resolveLinks(root, "", name, &hops)
	return link
}

// resolveLinks resolves the slash path rest against the link-free slash
// path dir inside root, following the symbolic links inside root. It
// returns the resolved path, or the link that leaves root (or loops) and "".
func resolveLinks(root *os.Root, dir, rest string, hops *int) (resolved, link string) {
	cur := dir
	for _, elem := range strings.Split(rest, "/") {
		if elem == "" || elem == "." {
			continue
		}
		next := path.Join(cur, elem)
		if !filepath.IsLocal(filepath.FromSlash(next)) {
			return "", "" // leaves by "..", not through a link
		}
		info, err := root.Lstat(filepath.FromSlash(next))
		if err != nil || info.Mode()&fs.ModeSymlink == 0 {
			cur = next
			continue
		}
		target, err := root.Readlink(filepath.FromSlash(next))
		if err != nil {
			return "", ""
		}
		*hops++
		target = filepath.ToSlash(target)
		if *hops > maxLinkHops || path.IsAbs(target) || filepath.IsAbs(target) || filepath.VolumeName(target) != "" {
			return "", next
		}
		inside := path.Join(cur, target)
		if !filepath.IsLocal(filepath.FromSlash(inside)) {
			return "", next
		}
		sub, link := resolveLinks(root, cur, target, hops)
		if link != "" {
			return "", link
		}
		cur = sub
	}
	return cur, ""
}

// refAt is a reference keyword of a schema document.
type refAt struct {
	// Pointer is the JSON pointer of the keyword, e.g. "/properties/x/$ref".
	Pointer string
	// Keyword is $ref, $dynamicRef or $recursiveRef; Ref is its value.
	Keyword, Ref string
}

// refsTo returns the reference keywords in the schema value v, whose
// document is at loc, that resolve to target: a document, or with fragment
// set a place in one. They come in the order of the keys at every level.
// $id is not followed: a $ref under one is not found.
func refsTo(v any, loc, target string, fragment bool) []refAt {
	base, err := url.Parse(loc)
	if err != nil {
		return nil
	}
	want, err := url.Parse(target)
	if err != nil {
		return nil
	}
	var out []refAt
	walkRefs(v, "", func(at, k, ref string) {
		u, err := url.Parse(ref)
		if err != nil || (!fragment && strings.HasPrefix(ref, "#")) {
			return
		}
		abs := base.ResolveReference(u)
		if !fragment {
			abs.Fragment, abs.RawFragment = "", ""
		}
		if abs.String() == want.String() {
			out = append(out, refAt{Pointer: at + "/" + escapePointer(k), Keyword: k, Ref: ref})
		}
	})
	return out
}
