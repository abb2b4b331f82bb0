package runner

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// grants are what a sealed run may use of the file system: everything
// else is denied by the kernel sandbox.
type grants struct {
	// readOnly are the directories a run may read and execute from (and
	// everything under them), readOnlyFiles single files it may read.
	readOnly      []string
	readOnlyFiles []string
	// writableFiles are single files it may read and write (/dev/null).
	writableFiles []string
	// writable are the directories it may read, write and execute in: its
	// workspace (the copy or the tool folder, and its temporary directory).
	writable []string
	// network lets it use TCP and UDP.
	network bool
}

// SystemDirs are the directories every sealed run may read and execute
// from, when they exist: the system's programs, libraries and
// configuration, and the kernel's /sys and /proc/sys. A directory of them
// that holds the repository or the user's home is granted around it (what
// is beside it, not it). /opt is not one (a self-hosted CI runner keeps its
// credentials there), nor is the rest of /proc, whose files show other
// processes' environments: an interpreter installed under /opt is granted
// as a program (see installation).
var SystemDirs = []string{"/bin", "/sbin", "/usr", "/lib", "/lib32", "/lib64", "/libx32", "/etc", "/nix/store", "/sys", "/proc/sys"}

// ProcFiles are the files of /proc a sealed run may read: what programs
// ask of the machine (its processors, memory, load, kernel).
var ProcFiles = []string{"/proc/cpuinfo", "/proc/meminfo", "/proc/stat", "/proc/loadavg", "/proc/version", "/proc/uptime", "/proc/filesystems"}

// NetworkDirs are the directories a sealed run of a tool that requires
// network may also read: where /etc/resolv.conf leads on systemd and
// resolvconf systems.
var NetworkDirs = []string{"/run/systemd/resolve", "/run/resolvconf"}

// Devices are the device files a sealed run may read and write;
// ReadOnlyDevices those it may only read.
var (
	Devices         = []string{"/dev/null", "/dev/zero", "/dev/full"}
	ReadOnlyDevices = []string{"/dev/random", "/dev/urandom"}
)

// grantsFor is what a sealed run with the options opt may use, with the
// directories writable as its workspace.
func grantsFor(opt Options, writable []string) grants {
	hidden := withResolved(append(slices.Clip(opt.Hidden), opt.Repository))
	repo := withResolved([]string{opt.Repository})
	g := grants{writable: writable, network: opt.Network,
		readOnlyFiles: slices.Concat(ReadOnlyDevices, ProcFiles), writableFiles: Devices}
	system := SystemDirs
	if opt.Network {
		system = append(slices.Clip(system), NetworkDirs...)
	}
	for _, dir := range system {
		g.readOnly = append(g.readOnly, around(dir, hidden)...)
	}
	for _, p := range opt.Programs {
		for _, dir := range installation(p) {
			holds := func(h string) bool { return h == dir || within(dir, h) }
			inRepo := func(r string) bool { return within(r, dir) }
			if !slices.ContainsFunc(hidden, holds) && !slices.ContainsFunc(repo, inRepo) {
				g.readOnly = append(g.readOnly, dir)
			}
		}
	}
	slices.Sort(g.readOnly)
	g.readOnly = slices.Compact(g.readOnly)
	return g
}

// installation is what a run of the program at path p (absolute) may read
// and execute: its directory and, for one in a bin, sbin or shims
// directory, the installation above it (/opt/python/3.12/bin/python3:
// /opt/python/3.12, whose lib the interpreter reads; ~/.pyenv/shims/python3:
// ~/.pyenv), for p as named and as its symbolic links resolve.
func installation(p string) []string {
	if !filepath.IsAbs(p) {
		return nil
	}
	paths := []string{filepath.Clean(p)}
	if real, err := filepath.EvalSymlinks(p); err == nil && real != paths[0] {
		paths = append(paths, real)
	}
	var out []string
	for _, q := range paths {
		dir := filepath.Dir(q)
		out = append(out, dir)
		switch filepath.Base(dir) {
		case "bin", "sbin", "shims":
			if prefix := filepath.Dir(dir); prefix != dir {
				out = append(out, prefix)
			}
		}
	}
	return out
}

// around is dir, or, when dir holds one of the hidden paths, what is
// beside them in it: each entry of dir but the one on the way to a hidden
// path, and around that entry in turn. Nothing when dir is hidden itself.
func around(dir string, hidden []string) []string {
	var inside []string
	for _, h := range hidden {
		switch {
		case h == dir:
			return nil
		case within(dir, h):
			inside = append(inside, h)
		}
	}
	if len(inside) == 0 {
		return []string{dir}
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	var out []string
	for _, e := range entries {
		out = append(out, around(filepath.Join(dir, e.Name()), inside)...)
	}
	return out
}

// within reports whether path is below dir (not dir itself).
func within(dir, path string) bool {
	rel, err := filepath.Rel(dir, path)
	return err == nil && rel != "." && filepath.IsLocal(rel) && !strings.HasPrefix(rel, "..")
}

// withResolved is the absolute, clean paths, each also as its symbolic
// links resolve.
func withResolved(paths []string) []string {
	var out []string
	for _, p := range paths {
		if p == "" || !filepath.IsAbs(p) {
			continue
		}
		p = filepath.Clean(p)
		out = append(out, p)
		if real, err := filepath.EvalSymlinks(p); err == nil && real != p {
			out = append(out, real)
		}
	}
	return out
}
