package discover

import (
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
)

// Platforms are the platform names an implementation file may start with.
var Platforms = []string{"linux", "macos", "windows"}

// IsPlatform reports whether name is a known platform.
func IsPlatform(name string) bool { return slices.Contains(Platforms, name) }

// SpecFile is the name of a tool contract.
const SpecFile = "TOOL.md"

// FixturesDir is the folder of a tool folder that holds the example fixtures.
const FixturesDir = "fixtures"

// maxFixtures bounds how many fixture files one tool folder lists.
const maxFixtures = 10_000

// ImplFile is one implementation file: <platform>.<ext> beside TOOL.md.
type ImplFile struct {
	Platform string
	// Name is the file name, e.g. "linux.py".
	Name string
	// Ext is the extension with its dot, e.g. ".py".
	Ext string
	// Path is the file's path (folder path joined with Name).
	Path string
	// Mode is the file's mode as listed. A symbolic link is listed too, with
	// fs.ModeSymlink: whether its target may be used (it must stay inside
	// the tool folder) is for the checker to decide, through an os.Root.
	Mode fs.FileMode
}

// Folder is the content of one tool folder that the rules look at.
type Folder struct {
	// Dir is the folder's path as discovered.
	Dir string
	// Implementations are sorted by name.
	Implementations []ImplFile
	// Entries are the names of the folder's direct entries, sorted.
	Entries []string
	// Dirs are the names of its direct subdirectories, sorted.
	Dirs []string
	// Fixtures are the files under fixtures/, as slash paths relative to Dir
	// ("fixtures/Clean.plist"), sorted.
	Fixtures []string
	// FixturesTruncated is true when there were more than maxFixtures files.
	FixturesTruncated bool

	// regular are the Fixtures that were regular files when listed, sorted:
	// FixtureExists answers for them without another stat.
	regular []string
}

// Folder lists the tool folder t.Dir, its implementations and its fixtures,
// taking the entries of a directory from t.Listing where it holds them and
// reading the others from disk. It does not change t.
func (t Tool) Folder() (*Folder, error) {
	return readFolder(t.Dir, func(dir string) ([]fs.DirEntry, error) {
		if entries, ok := t.Listing.Entries(dir); ok {
			return entries, nil
		}
		return os.ReadDir(dir)
	})
}

// Listing holds the directory entries a walk read, by directory, sorted by
// the directories' paths.
type Listing []DirEntries

// DirEntries are the entries of one directory, sorted by name as
// os.ReadDir returns them.
type DirEntries struct {
	// Dir is the directory, as a clean absolute path.
	Dir     string
	Entries []Entry
}

// Entry is one directory entry as a walk listed it: its name and its type
// bits (fs.DirEntry.Type). A listing keeps these rather than the
// fs.DirEntry values os.ReadDir returns, which take about three times the
// memory, because a large tree's listings stay in memory until each tool
// is checked.
type Entry struct {
	Name string
	Type fs.FileMode
}

// listed returns the entries of a directory as a listing keeps them.
func listed(entries []fs.DirEntry) []Entry {
	out := make([]Entry, len(entries))
	for i, e := range entries {
		out[i] = Entry{Name: e.Name(), Type: e.Type()}
	}
	return out
}

// dirEntry is an Entry of the directory dir as an fs.DirEntry: Info
// lstat's it then, as os.ReadDir's entries do.
type dirEntry struct {
	dir string
	Entry
}

func (e *dirEntry) Name() string               { return e.Entry.Name }
func (e *dirEntry) IsDir() bool                { return e.Entry.Type.IsDir() }
func (e *dirEntry) Type() fs.FileMode          { return e.Entry.Type }
func (e *dirEntry) Info() (fs.FileInfo, error) { return os.Lstat(filepath.Join(e.dir, e.Entry.Name)) }

// Entries returns the entries of the directory dir (clean and absolute)
// that l holds.
func (l Listing) Entries(dir string) ([]fs.DirEntry, bool) {
	i, ok := slices.BinarySearchFunc(l, dir, func(d DirEntries, dir string) int { return strings.Compare(d.Dir, dir) })
	if !ok {
		return nil, false
	}
	held := l[i].Entries
	entries, out := make([]dirEntry, len(held)), make([]fs.DirEntry, len(held))
	for k, e := range held {
		entries[k] = dirEntry{dir: dir, Entry: e}
		out[k] = &entries[k]
	}
	return out, true
}

// add appends the entries of dir to the listing being built.
func (l *Listing) add(dir string, entries []fs.DirEntry) {
	*l = append(*l, DirEntries{Dir: dir, Entries: listed(entries)})
}

// sorted sorts the listing built by a walk, each directory once (a walk
// may meet a directory twice when the command line names it twice), and
// returns it; an empty listing is nil.
func (l *Listing) sorted() Listing {
	if l == nil || len(*l) == 0 {
		return nil
	}
	byDir := func(a, b DirEntries) int { return strings.Compare(a.Dir, b.Dir) }
	slices.SortStableFunc(*l, byDir)
	return slices.CompactFunc(*l, func(a, b DirEntries) bool { return a.Dir == b.Dir })
}

// dirReader lists a directory, sorted by name, as os.ReadDir does.
type dirReader func(dir string) ([]fs.DirEntry, error)

func readFolder(dir string, readDir dirReader) (*Folder, error) {
	entries, err := readDir(dir)
	if err != nil {
		return nil, err
	}
	f := &Folder{Dir: dir}
	var fixtures fs.DirEntry
	for _, e := range entries {
		f.Entries = append(f.Entries, e.Name())
		if e.Name() == FixturesDir {
			fixtures = e
		}
		if e.IsDir() {
			f.Dirs = append(f.Dirs, e.Name())
			continue
		}
		if !e.Type().IsRegular() && e.Type()&fs.ModeSymlink == 0 {
			continue
		}
		stem, ext, ok := strings.Cut(e.Name(), ".")
		if !ok || ext == "" || !IsPlatform(stem) {
			continue
		}
		info, err := e.Info()
		if err != nil {
			continue
		}
		f.Implementations = append(f.Implementations, ImplFile{
			Platform: stem, Name: e.Name(), Ext: "." + ext, Path: filepath.Join(dir, e.Name()), Mode: info.Mode(),
		})
	}
	if fixtures != nil {
		l := fixtureLister{dir: dir, readDir: readDir}
		l.add(FixturesDir, fixtures)
		slices.Sort(l.all)
		slices.Sort(l.regular)
		f.Fixtures, f.regular, f.FixturesTruncated = l.all, l.regular, l.truncated
	}
	return f, nil
}

// ImplementationsFor returns the implementations for a platform.
func (f *Folder) ImplementationsFor(platform string) []ImplFile {
	var out []ImplFile
	for _, im := range f.Implementations {
		if im.Platform == platform {
			out = append(out, im)
		}
	}
	return out
}

// HasDir reports whether the folder has a direct subdirectory name.
func (f *Folder) HasDir(name string) bool {
	_, ok := slices.BinarySearch(f.Dirs, name)
	return ok
}

// fixtureLister lists the files under a tool folder's fixtures folder, depth
// first in name order, at most maxFixtures of them. A fixtures entry that is
// not a directory is itself listed; unreadable directories are skipped.
type fixtureLister struct {
	dir          string
	readDir      dirReader
	all, regular []string // slash paths relative to dir
	truncated    bool
}

// add lists the entry e at the slash path rel (relative to the tool folder)
// and, for a directory, everything under it. It returns false once the
// listing is full.
func (l *fixtureLister) add(rel string, e fs.DirEntry) bool {
	if e.IsDir() {
		entries, err := l.readDir(filepath.Join(l.dir, filepath.FromSlash(rel)))
		if err != nil {
			return true
		}
		for _, sub := range entries {
			if !l.add(rel+"/"+sub.Name(), sub) {
				return false
			}
		}
		return true
	}
	if len(l.all) >= maxFixtures {
		l.truncated = true
		return false
	}
	l.all = append(l.all, rel)
	if e.Type().IsRegular() {
		l.regular = append(l.regular, rel)
	}
	return true
}

// FixtureExists reports whether a slash path relative to the folder exists
// (as a file or a directory) without leaving the folder. It is looked up
// through root, an os.Root of the folder, so that a symbolic link on the way
// is followed only while it stays inside the folder; the error says why not
// (os.Root's error for a path that leaves it, fs.ErrNotExist, ...).
func (f *Folder) FixtureExists(root *os.Root, rel string) error {
	rel = path.Clean(rel)
	if rel == ".." || strings.HasPrefix(rel, "../") || path.IsAbs(rel) {
		return fs.ErrNotExist
	}
	if _, ok := slices.BinarySearch(f.regular, rel); ok {
		return nil // listed with the folder: no need to stat it again
	}
	_, err := root.Stat(filepath.FromSlash(rel))
	return err
}
