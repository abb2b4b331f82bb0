package discover

import (
	"os"
	"path/filepath"
	"sync"
)

// FolderOpener opens folders under a gate's root as Gate.OpenFolder does,
// keeping open the parent directory of the last folder it opened (itself
// opened by Gate.OpenFolder), so that opening the next folder of the same
// directory (the next tool of .agent/tools) looks up that folder alone
// instead of every directory from the root: a static lint of a large tree
// makes about a dozen system calls fewer per tool.
//
// The folder is looked up and checked as OpenFolder checks each directory
// on its way (not followed when it is a symbolic link, and the directory
// opened is the one looked up); an error is OpenFolder's own, as OpenFolder
// is asked again for it. What the kept parent changes is when the
// directories above the folder are checked: once for all the folders of
// the parent, not once for each. That is what a single OpenFolder call
// does for the time it walks down, made longer; it is meant for a run in
// which nothing else changes the tree meanwhile (a static lint runs no
// implementation). An opener is safe for concurrent use; Close closes the
// kept parent.
type FolderOpener struct {
	gate   Gate
	mu     sync.Mutex
	parent string   // the kept parent, clean and absolute; "" for none
	root   *os.Root // parent opened through the gate
}

// NewFolderOpener returns an opener of folders under g's root.
func (g Gate) NewFolderOpener() *FolderOpener { return &FolderOpener{gate: g} }

// Open opens the directory dir as Gate.OpenFolder does; the caller closes
// the Root.
func (o *FolderOpener) Open(dir string) (*os.Root, error) {
	g := o.gate
	if g.root == "" {
		return g.OpenFolder(dir)
	}
	abs := absPath(dir)
	parent := filepath.Dir(abs)
	if abs == g.root || !within(parent, g.root) {
		return g.OpenFolder(dir)
	}
	if r := o.openIn(parent, filepath.Base(abs)); r != nil {
		return r, nil
	}
	return g.OpenFolder(dir) // the error, as OpenFolder tells it
}

// openIn opens the directory name of parent through the kept parent,
// opening parent through the gate first when it is not the one kept; nil
// when either fails.
func (o *FolderOpener) openIn(parent, name string) *os.Root {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.parent != parent {
		if o.root != nil {
			o.root.Close()
			o.parent, o.root = "", nil
		}
		r, err := o.gate.OpenFolder(parent)
		if err != nil {
			return nil
		}
		o.parent, o.root = parent, r
	}
	sub, err := openDir(o.root, name)
	if err != nil {
		return nil
	}
	return sub
}

// Close closes the kept parent directory.
func (o *FolderOpener) Close() error {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.root == nil {
		return nil
	}
	err := o.root.Close()
	o.parent, o.root = "", nil
	return err
}
