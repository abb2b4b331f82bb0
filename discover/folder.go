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
	// Mode is the file's mode.
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

// ReadFolder lists a tool folder: its implementations and its fixtures.
func ReadFolder(dir string) (*Folder, error) {
	return readFolder(dir, os.ReadDir)
}

// Folder lists the tool folder dir (one of d.Tools) like ReadFolder, from the
// directory entries the walk read where it can. Those are used once and then
// let go, so that a large tree's listings do not stay in memory until the
// end: a second call for a folder reads it from disk. It is safe to call
// Folder from several goroutines.
func (d *Discovery) Folder(dir string) (*Folder, error) {
	return readFolder(dir, func(name string) ([]fs.DirEntry, error) {
		if d.listings != nil {
			if entries, ok := d.listings.LoadAndDelete(name); ok {
				return entries.([]fs.DirEntry), nil
			}
		}
		return os.ReadDir(name)
	})
}

// Prune lets go of the walk's listings of folders that are no longer among
// d.Tools, which sharding or --changed-since narrowed: in a large tree they
// would stay in memory for nothing. Folder reads such a folder from disk if
// it is asked for after all.
func (d *Discovery) Prune() {
	if d.listings == nil {
		return
	}
	keep := make(map[string]bool, len(d.Tools))
	for _, t := range d.Tools {
		keep[t] = true
	}
	d.listings.Range(func(key, _ any) bool {
		// A listing is of a tool folder or of a directory under its
		// fixtures folder.
		dir := key.(string)
		for ; !keep[dir]; dir = filepath.Dir(dir) {
			if filepath.Dir(dir) == dir {
				d.listings.Delete(key)
				break
			}
		}
		return true
	})
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
		if !e.Type().IsRegular() {
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
// (as a file or a directory) without leaving the folder.
func (f *Folder) FixtureExists(rel string) bool {
	rel = path.Clean(rel)
	if rel == ".." || strings.HasPrefix(rel, "../") || path.IsAbs(rel) {
		return false
	}
	if _, ok := slices.BinarySearch(f.regular, rel); ok {
		return true // listed by ReadFolder: no need to stat it again
	}
	_, err := os.Stat(filepath.Join(f.Dir, filepath.FromSlash(rel)))
	return err == nil
}
