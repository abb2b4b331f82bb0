package discover

import (
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/speccify/speccify-lint/internal/fserr"
)

// SkillFile is the name of a skill's instructions.
const SkillFile = "SKILL.md"

// skippedDirs are directory names a walk does not enter unless they are named
// on the command line.
var skippedDirs = []string{".git", "node_modules", "vendor", "testdata"}

// Options tunes Discover.
type Options struct {
	// Root is the directory report paths are relative to: the paths named
	// must lie inside it, and a symlink whose target lies outside it is
	// reported. "" is no root: paths are taken as they are, nothing is
	// reported (tests of a single folder).
	Root string
	// Exclude are globs (path.Match syntax) matched against root-relative
	// slash paths and against base names; a match skips a directory or a tool.
	Exclude []string
}

// Discovery is what Discover found, each list sorted by path. It is plain
// data: nothing in it changes once Discover has returned it.
type Discovery struct {
	// Tools are the tool folders: directories that hold a TOOL.md.
	Tools []Tool
	// Skills are the skill folders: directories that hold a SKILL.md under a
	// folder named skills.
	Skills []string
	// Escapes are symbolic links whose target lies outside the root.
	Escapes []SymlinkEscape
	// Unfollowed are the paths named that lead through a symbolic link to
	// a directory, which is not followed, in the order named.
	Unfollowed []Unfollowed
}

// Unfollowed is a path named that leads through a symbolic link to a
// directory: nothing at or under it is checked.
type Unfollowed struct {
	// Path is the path as named; Link the link, as a clean absolute path.
	Path, Link string
}

// Tool is a tool folder and what the walk read of it.
type Tool struct {
	// Dir is the folder, as a clean absolute path.
	Dir string
	// Listing holds the entries the walk read of the folder and of the
	// directories under its fixtures folder, so that listing the folder
	// (Tool.Folder) does not read them again. A nil Listing holds nothing:
	// the folder is then read from disk.
	Listing Listing
}

// ToolDirs are the Dirs of d.Tools, in their order.
func (d *Discovery) ToolDirs() []string {
	dirs := make([]string, len(d.Tools))
	for i, t := range d.Tools {
		dirs[i] = t.Dir
	}
	return dirs
}

// SymlinkEscape is a symbolic link that points outside the root.
type SymlinkEscape struct {
	Path   string
	Target string
	// Dir is true when the target is a directory (which the walk does not
	// enter), false when it is a file.
	Dir bool
}

// Discover finds the tool and skill folders named by paths. A path may be a
// directory (searched recursively), a TOOL.md or SKILL.md, or any file inside
// a tool folder, which stands for its folder. Each path goes through the
// root's Gate first: one outside the root is an error (*OutsideError), one
// that leads through a symbolic link to a directory is not followed (it is
// in Discovery.Unfollowed, and the link in Escapes when it leaves the root),
// as the walk does not follow one below. A path that does not exist is an
// error. The folders found are spelt from the root.
func Discover(paths []string, opt Options) (*Discovery, error) {
	gate := NewGate(opt.Root)
	opt.Root = gate.Root()
	w := newWalker(opt)
	var unfollowed []Unfollowed
	for _, p := range paths {
		named, err := gate.Resolve(p)
		if outside := (*OutsideError)(nil); errors.As(err, &outside) {
			return nil, err
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %w", p, err)
		}
		if named.Link != "" {
			unfollowed = append(unfollowed, Unfollowed{Path: p, Link: named.Link})
			w.escape(named.Link)
			continue
		}
		info, err := os.Stat(named.Path)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", p, fserr.Cause(err))
		}
		if !info.IsDir() {
			if dir, kind := enclosingFolder(named.Path, opt.Root); kind == SpecFile {
				w.tool(dir)
			} else if kind == SkillFile {
				w.skills[dir] = true
			}
			continue
		}
		if err := w.walkRoot(named.Path); err != nil {
			return nil, fmt.Errorf("%s: %w", p, fserr.Cause(err))
		}
	}
	d := &Discovery{Tools: make([]Tool, 0, len(w.tools)), Unfollowed: unfollowed}
	for _, dir := range slices.Sorted(maps.Keys(w.tools)) {
		d.Tools = append(d.Tools, Tool{Dir: dir, Listing: w.tools[dir].sorted()})
	}
	d.Skills = slices.Sorted(maps.Keys(w.skills))
	for _, k := range slices.Sorted(maps.Keys(w.escapes)) {
		d.Escapes = append(d.Escapes, w.escapes[k])
	}
	return d, nil
}

// walker is one Discover walk. A folder is a tool (or skill) folder when the
// walk meets a TOOL.md (SKILL.md) entry in it, of any type: the walk reads
// every directory anyway, so no extra stat is needed. The listings of tool
// folders and of the directories under their fixtures folders are kept with
// the tool, so that Tool.Folder does not read them again.
//
// The subdirectories of a directory with many of them (.agent/tools) are
// walked by one goroutine per CPU, each taking the next subdirectory:
// reading directories is most of a walk's time, and it is system calls that
// the other CPUs can make meanwhile. What is found goes into maps, which
// Discover sorts, so the order of the walk does not show.
type walker struct {
	opt Options

	mu      sync.Mutex // guards what follows, and the listings of the tools
	tools   map[string]*Listing
	skills  map[string]bool
	escapes map[string]SymlinkEscape
}

// parallelDirs is how many subdirectories a directory needs for them to be
// walked in parallel: fewer are not worth waking another CPU for.
const parallelDirs = 16

func newWalker(opt Options) *walker {
	return &walker{
		opt:   opt,
		tools: map[string]*Listing{}, skills: map[string]bool{},
		escapes: map[string]SymlinkEscape{},
	}
}

// walkRoot walks the directory p named on the command line. Walked paths are
// p joined with names; their absolute forms are built alongside from p's,
// without asking for the working directory (two stat calls) each time.
func (w *walker) walkRoot(p string) error {
	info, err := os.Lstat(p)
	if err != nil {
		return err
	}
	if info.Mode()&fs.ModeSymlink != 0 {
		// A symbolic link to a directory is not followed, even on the
		// command line.
		w.escape(p)
		return nil
	}
	entries, err := os.ReadDir(p)
	if err != nil {
		return err
	}
	w.walkEntries(p, absPath(p), entries, nil)
	return nil
}

// walkDir walks a subdirectory.
func (w *walker) walkDir(sub subdir) {
	dir, abs := sub.path, sub.abs
	entries, err := os.ReadDir(dir)
	if err != nil {
		// Unreadable: its entries are unknown, so look for the two files by
		// name; do not go in.
		tool := exists(filepath.Join(dir, SpecFile))
		skill := exists(filepath.Join(dir, SkillFile)) && isSkillDir(abs)
		w.mu.Lock()
		defer w.mu.Unlock()
		if tool {
			w.tool(abs)
		}
		if skill {
			w.skills[abs] = true
		}
		return
	}
	w.walkEntries(dir, abs, entries, sub.owner)
}

// walkEntries handles the entries of the directory dir (absolute form abs)
// and walks its subdirectories. Under a tool's fixtures folder, owner is
// that tool's listing, which keeps dir's entries; elsewhere it is nil.
func (w *walker) walkEntries(dir, abs string, entries []fs.DirEntry, owner *Listing) {
	isTool, isSkill := false, false
	for _, e := range entries {
		switch e.Name() {
		case SpecFile:
			isTool = true
		case SkillFile:
			isSkill = isSkillDir(abs)
		}
	}
	var own *Listing // dir's own listing, when it is a tool folder
	if isTool || isSkill || owner != nil {
		w.mu.Lock()
		if isTool {
			own = w.tool(abs)
			own.add(abs, entries)
		}
		if owner != nil {
			owner.add(abs, entries)
		}
		if isSkill {
			w.skills[abs] = true
		}
		w.mu.Unlock()
	}
	var subs []subdir
	for _, e := range entries {
		name := e.Name()
		if e.Type()&fs.ModeSymlink != 0 {
			w.escape(filepath.Join(dir, name))
			continue
		}
		if !e.IsDir() || slices.Contains(skippedDirs, name) {
			continue
		}
		q := filepath.Join(dir, name)
		if excluded(q, w.opt) {
			continue
		}
		sub := subdir{path: q, abs: filepath.Join(abs, name), owner: owner}
		if owner == nil && isTool && name == FixturesDir {
			sub.owner = own // what is under it is listed with the tool
		}
		subs = append(subs, sub)
	}
	workers := min(runtime.GOMAXPROCS(0), len(subs)/parallelDirs)
	if workers < 2 {
		for _, sub := range subs {
			w.walkDir(sub)
		}
		return
	}
	var next atomic.Int64
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for i := int(next.Add(1) - 1); i < len(subs); i = int(next.Add(1) - 1) {
				w.walkDir(subs[i])
			}
		})
	}
	wg.Wait()
}

// subdir is a directory to walk: its path, its absolute form, and the
// listing that keeps its entries (under a tool's fixtures folder), if any.
type subdir struct {
	path, abs string
	owner     *Listing
}

// tool records the tool folder abs and returns its listing; w.mu is held.
func (w *walker) tool(abs string) *Listing {
	l := w.tools[abs]
	if l == nil {
		l = &Listing{}
		w.tools[abs] = l
	}
	return l
}

// escape records the symbolic link q when its target lies outside the root.
func (w *walker) escape(q string) {
	if esc, ok := escapingLink(q, w.opt.Root); ok {
		w.mu.Lock()
		defer w.mu.Unlock()
		w.escapes[q] = esc
	}
}

// enclosingFolder finds the tool folder (or skill folder) the file (a clean
// absolute path) belongs to: the nearest directory at or above the file's
// that holds a TOOL.md, not above root when the file is inside root.
func enclosingFolder(file, root string) (dir, kind string) {
	if filepath.Base(file) == SkillFile && isSkillDir(filepath.Dir(file)) {
		return filepath.Dir(file), SkillFile
	}
	inRoot := root != "" && within(file, root)
	for dir := filepath.Dir(file); ; dir = filepath.Dir(dir) {
		if exists(filepath.Join(dir, SpecFile)) {
			return dir, SpecFile
		}
		parent := filepath.Dir(dir)
		if parent == dir || (inRoot && dir == root) {
			return "", ""
		}
	}
}

func isSkillDir(dir string) bool {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return false
	}
	return filepath.Base(filepath.Dir(abs)) == "skills"
}

// Excluded reports whether a walk of opt.Root (a lint with no path named)
// skips the directory dir, a path under the root: dir, or a directory
// between the root and it, matches an Exclude glob, as the walk matches
// each directory it meets. A dir outside the root is not excluded.
func Excluded(dir string, opt Options) bool {
	if len(opt.Exclude) == 0 || opt.Root == "" {
		return false
	}
	root := absPath(opt.Root)
	rel, err := filepath.Rel(root, absPath(dir))
	if err != nil || rel == "." || !filepath.IsLocal(rel) {
		return false
	}
	opt.Root = root
	p := root
	for _, name := range strings.Split(rel, string(filepath.Separator)) {
		p = filepath.Join(p, name)
		if excluded(p, opt) {
			return true
		}
	}
	return false
}

// excluded reports whether a walked directory matches an --exclude glob.
func excluded(p string, opt Options) bool {
	if len(opt.Exclude) == 0 {
		return false
	}
	rel := p
	if opt.Root != "" {
		if abs, err := filepath.Abs(p); err == nil {
			if r, err := filepath.Rel(opt.Root, abs); err == nil {
				rel = r
			}
		}
	}
	rel = filepath.ToSlash(rel)
	base := path.Base(rel)
	for _, g := range opt.Exclude {
		g = strings.TrimSuffix(filepath.ToSlash(g), "/")
		if ok, _ := path.Match(g, rel); ok {
			return true
		}
		if ok, _ := path.Match(g, base); ok {
			return true
		}
		if strings.HasPrefix(rel, strings.TrimPrefix(g, "./")+"/") {
			return true
		}
	}
	return false
}

// escapingLink reports a symbolic link whose target lies outside root.
func escapingLink(link, root string) (SymlinkEscape, bool) {
	if root == "" {
		return SymlinkEscape{}, false
	}
	target, err := filepath.EvalSymlinks(link)
	if err != nil {
		return SymlinkEscape{}, false // dangling: nothing is read through it
	}
	absTarget, err := filepath.Abs(target)
	if err != nil {
		return SymlinkEscape{}, false
	}
	absRoot, err := filepath.EvalSymlinks(root)
	if err != nil {
		absRoot = root
	}
	if within(absTarget, absRoot) {
		return SymlinkEscape{}, false
	}
	raw, _ := os.Readlink(link)
	info, err := os.Stat(target)
	return SymlinkEscape{Path: link, Target: raw, Dir: err == nil && info.IsDir()}, true
}

// within reports whether p is dir or inside it (both absolute and clean).
func within(p, dir string) bool {
	rel, err := filepath.Rel(dir, p)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) && !filepath.IsAbs(rel)
}

// absPath is the clean absolute form of p: the key under which a folder is
// found once however it was spelt on the command line.
func absPath(p string) string {
	if abs, err := filepath.Abs(p); err == nil {
		return abs
	}
	return filepath.Clean(p)
}

func exists(p string) bool {
	_, err := os.Lstat(p)
	return err == nil
}
