package discover

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/speccify/speccify-lint/internal/fserr"
)

// Gate is the one check that every path speccify-lint reads, runs or writes
// on behalf of a tool passes: it lies inside the root, and it is reached
// from the root without following a symbolic link to a directory, the rule
// the walk follows (a linked directory is not entered, wherever it points).
//
//   - Resolve takes a path named from outside (the command line today; any
//     new surface, such as a language server or an MCP server, tomorrow) to
//     the place under the root that it names, or says why it names none.
//   - OpenFolder opens a folder under the root for reading or writing, one
//     directory at a time from the root, so that a folder swapped for a
//     link since it was found is not followed.
//
// A new surface that takes paths or acts on tool folders goes through a
// Gate, and so inherits its guarantee.
//
// The zero Gate has no root and checks nothing: it takes paths as they are
// (tests of a single folder); the command line always has a root.
type Gate struct {
	root string // clean and absolute; "" for none
}

// NewGate returns the gate of root, made absolute ("" for no root).
func NewGate(root string) Gate {
	if root == "" {
		return Gate{}
	}
	return Gate{root: absPath(root)}
}

// Root is the gate's root, clean and absolute ("" for none).
func (g Gate) Root() string { return g.root }

// Named is where a path named from outside leads under the root.
type Named struct {
	// Path is the clean absolute path, spelt from the root (the root joined
	// with the path below it), whichever way it was named.
	Path string
	// Link is, when the path leads through a symbolic link to a directory
	// (the path itself being one included), that link, spelt from the root;
	// nothing at or under Path is then read, as the walk does not enter the
	// link. Empty when the way is free of links to directories: the path
	// may then name a file that is itself a link (it stands for its folder).
	Link string
}

// OutsideError is the error of a path that lies outside the root.
type OutsideError struct {
	Path, Root string
}

func (e *OutsideError) Error() string {
	return fmt.Sprintf("%s: outside the root %s", e.Path, e.Root)
}

// LinkError is the error of OpenFolder for a folder reached through a
// symbolic link: Link is the link, relative to the root, slash-separated.
type LinkError struct {
	Link string
}

func (e *LinkError) Error() string {
	return fmt.Sprintf("%s is a symbolic link, which is not followed", e.Link)
}

// errReplaced is the error of OpenFolder for a directory on the way that
// was replaced while it was opened.
var errReplaced = errors.New("a directory on the way was replaced while it was opened")

// Resolve finds where the path p (relative to the working directory, or
// absolute) leads under the root. A ".." in p is taken lexically, before
// anything is looked up, so that it never climbs out of a linked directory.
// p must lie inside the root: spelt below it, or below a directory that is
// the root by another name (a symbolic link to it above it, such as /var
// and /private/var on macOS); otherwise the error is an *OutsideError. Each
// entry on the way from the root is looked up without following it: the
// first that is a symbolic link to a directory (or whose target cannot be
// found, unless it is the last) ends the way, in Named.Link. An entry that
// does not exist is an error.
func (g Gate) Resolve(p string) (Named, error) {
	abs, err := filepath.Abs(p)
	if err != nil {
		return Named{}, err
	}
	if g.root == "" {
		return Named{Path: abs}, nil
	}
	rel, ok := g.below(abs)
	if !ok {
		return Named{}, &OutsideError{Path: p, Root: g.root}
	}
	cur := g.root
	names := splitRel(rel)
	for i, name := range names {
		cur = filepath.Join(cur, name)
		info, err := os.Lstat(cur)
		if err != nil {
			return Named{}, fserr.Cause(err)
		}
		if !isLink(info.Mode()) {
			continue
		}
		if i == len(names)-1 {
			target, err := os.Stat(cur)
			if err != nil {
				return Named{}, fserr.Cause(err)
			}
			if !target.IsDir() {
				break // a link to a file: the file named
			}
		}
		return Named{Path: filepath.Join(g.root, rel), Link: cur}, nil
	}
	return Named{Path: cur}, nil
}

// below is abs relative to the root, when abs lies inside it: spelt below
// it, or below the shallowest directory above abs that is the root (the
// same directory, by os.SameFile).
func (g Gate) below(abs string) (string, bool) {
	if within(abs, g.root) {
		rel, err := filepath.Rel(g.root, abs)
		return rel, err == nil
	}
	root, err := os.Stat(g.root)
	if err != nil {
		return "", false
	}
	vol := filepath.VolumeName(abs)
	dir := vol + string(filepath.Separator)
	for _, name := range splitRel(abs[len(dir):]) {
		if info, err := os.Stat(dir); err == nil && os.SameFile(info, root) {
			rel, err := filepath.Rel(dir, abs)
			return rel, err == nil
		}
		dir = filepath.Join(dir, name)
	}
	if info, err := os.Stat(dir); err == nil && os.SameFile(info, root) {
		return ".", true
	}
	return "", false
}

// isLink reports whether an entry of mode m (from Lstat) is a link the
// gate does not follow: a symbolic link, or on Windows a mount point
// (junction), which Lstat reports as irregular since Go 1.23.
func isLink(m fs.FileMode) bool {
	return m&(fs.ModeSymlink|fs.ModeIrregular) != 0
}

// splitRel splits a clean relative path into its names; "." has none.
func splitRel(rel string) []string {
	if rel == "." || rel == "" {
		return nil
	}
	return strings.Split(rel, string(filepath.Separator))
}

// OpenFolder opens the directory dir, a path under the root as Resolve or
// the walk spell it, as an os.Root: from the root, one directory at a time,
// each looked up without following it and checked, once opened, to be the
// directory looked up (os.SameFile), so that neither a symbolic link on the
// way nor a directory swapped for one since it was found leads elsewhere.
// A link on the way is a *LinkError, even one that stays inside the root;
// a dir outside the root an *OutsideError. The caller closes the Root.
// With no root, OpenFolder opens dir by its path.
func (g Gate) OpenFolder(dir string) (*os.Root, error) {
	if g.root == "" {
		return os.OpenRoot(dir)
	}
	abs := absPath(dir)
	if !within(abs, g.root) {
		return nil, &OutsideError{Path: dir, Root: g.root}
	}
	rel, err := filepath.Rel(g.root, abs)
	if err != nil {
		return nil, err
	}
	r, err := os.OpenRoot(g.root)
	if err != nil {
		return nil, err
	}
	var walked []string
	for _, name := range splitRel(rel) {
		walked = append(walked, name)
		sub, err := openDir(r, name)
		r.Close()
		var link *LinkError
		if errors.As(err, &link) {
			link.Link = strings.Join(walked, "/")
		}
		if err != nil {
			return nil, err
		}
		r = sub
	}
	return r, nil
}

// openDir opens the directory name of r, not following it when it is a
// symbolic link, and checks that what it opened is what it looked up.
func openDir(r *os.Root, name string) (*os.Root, error) {
	info, err := r.Lstat(name)
	if err != nil {
		return nil, fserr.Cause(err)
	}
	if isLink(info.Mode()) {
		return nil, &LinkError{}
	}
	if !info.IsDir() {
		return nil, errors.New("not a directory")
	}
	sub, err := r.OpenRoot(name)
	if err != nil {
		return nil, fserr.Cause(err)
	}
	got, err := sub.Stat(".")
	if err != nil || !os.SameFile(got, info) {
		sub.Close()
		return nil, errReplaced
	}
	return sub, nil
}
