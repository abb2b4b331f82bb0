package contract

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
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	f := &Folder{Dir: dir}
	for _, e := range entries {
		f.Entries = append(f.Entries, e.Name())
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
	f.Fixtures, f.regular, f.FixturesTruncated = listFixtures(dir)
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

func listFixtures(dir string) (all, regular []string, truncated bool) {
	root := filepath.Join(dir, FixturesDir)
	_ = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if d.IsDir() {
			return nil
		}
		if len(all) >= maxFixtures {
			truncated = true
			return filepath.SkipAll
		}
		rel, err := filepath.Rel(dir, p)
		if err == nil {
			all = append(all, filepath.ToSlash(rel))
			if d.Type().IsRegular() {
				regular = append(regular, filepath.ToSlash(rel))
			}
		}
		return nil
	})
	slices.Sort(all)
	slices.Sort(regular)
	return all, regular, truncated
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
