package runner

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"time"

	"github.com/speccify/speccify-lint/discover"
)

// copyTree copies the tool folder src into dst, an empty directory: its
// directories, regular files (cloned where the file system can, never
// hard-linked) and the symbolic links that the gate follows (relative,
// staying inside the folder), with their modes and modification times. It
// leaves out what the runs may not use: the content of another tool's
// folder below it (its directory is copied empty, as a snapshot records
// it), links that leave the folder, and special files.
func copyTree(src, dst *os.Root) error {
	return copyDir(src, dst, ".", true)
}

// copyDir copies the directory dir of src (made already in dst) and what
// is in it. top is true for the tool folder itself, whose TOOL.md is its
// own.
func copyDir(src, dst *os.Root, dir string, top bool) error {
	f, err := src.Open(dir)
	if err != nil {
		return err
	}
	entries, err := f.ReadDir(-1)
	_ = f.Close()
	if err != nil {
		return err
	}
	if !top {
		for _, e := range entries {
			if e.Name() == discover.SpecFile {
				return nil // another tool's folder
			}
		}
	}
	for _, e := range entries {
		name := e.Name()
		if dir != "." {
			name = dir + "/" + name
		}
		info, err := e.Info()
		if err != nil {
			continue // gone since the listing
		}
		if err := copyEntry(src, dst, name, info); err != nil {
			return err
		}
	}
	return nil
}

// copyEntry copies the entry name of src, whose Lstat is info.
func copyEntry(src, dst *os.Root, name string, info fs.FileInfo) error {
	switch mode := info.Mode(); {
	case mode.IsDir():
		if err := dst.Mkdir(name, 0o700); err != nil {
			return err
		}
		if err := copyDir(src, dst, name, false); err != nil {
			return err
		}
		return keepModeAndTime(dst, name, info)
	case mode.IsRegular():
		return copyFile(src, dst, name, info)
	case mode&fs.ModeSymlink != 0:
		target, err := src.Readlink(name)
		if err != nil {
			return nil // gone, or no link any more
		}
		if _, err := src.Stat(name); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return nil // absolute, or leaving the folder: the gate does not follow it
		}
		return dst.Symlink(target, name)
	}
	return nil // a device, socket or named pipe
}

// smallFile is the size up to which copyFile reads a file whole and writes
// it, which costs fewer system calls than a copy loop.
const smallFile = 1 << 20

// copyFile copies the regular file name, and gives the copy the
// original's permission bits and modification time through its open file.
func copyFile(src, dst *os.Root, name string, info fs.FileInfo) error {
	in, err := src.OpenFile(name, os.O_RDONLY, 0)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil // gone since the listing
		}
		return err
	}
	defer in.Close()
	out, err := dst.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return err
	}
	err = fill(out, in, info.Size())
	if err == nil {
		err = out.Chmod(info.Mode().Perm())
	}
	if err == nil {
		err = setModTime(dst, name, out, info.ModTime())
	}
	if cerr := out.Close(); err == nil {
		err = cerr
	}
	return err
}

// fill writes the content of in, of size bytes when it was listed, to out:
// cloned where the file system can, else read whole and written when it is
// small, else copied.
func fill(out, in *os.File, size int64) error {
	if cloneFile(out, in) {
		return nil
	}
	if size <= smallFile {
		b, err := io.ReadAll(io.LimitReader(in, smallFile+1))
		if err != nil {
			return err
		}
		if _, err := out.Write(b); err != nil {
			return err
		}
		if int64(len(b)) <= smallFile {
			return nil
		}
	}
	_, err := io.Copy(out, in)
	return err
}

// keepModeAndTime gives the copy name the permission bits and the
// modification time of info, the original's.
func keepModeAndTime(dst *os.Root, name string, info fs.FileInfo) error {
	if err := dst.Chmod(name, info.Mode().Perm()); err != nil {
		return err
	}
	return dst.Chtimes(name, time.Time{}, info.ModTime())
}

// clearDir removes everything in the directory root, making directories
// writable first where a run took that away.
func clearDir(root *os.Root) error {
	f, err := root.Open(".")
	if err != nil {
		return err
	}
	names, err := f.Readdirnames(-1)
	_ = f.Close()
	if err != nil {
		return err
	}
	for _, name := range names {
		if err := removeAll(root, name); err != nil {
			return err
		}
	}
	return nil
}

// removeAll removes name in root and what is in it, making directories
// writable first where a run took that away.
func removeAll(root *os.Root, name string) error {
	err := root.RemoveAll(name)
	if err == nil {
		return nil
	}
	makeWritable(root, name)
	return root.RemoveAll(name)
}

// makeWritable gives the owner every right on the directory name and the
// directories in it (never following a symbolic link).
func makeWritable(root *os.Root, name string) {
	info, err := root.Lstat(name)
	if err != nil || !info.IsDir() {
		return
	}
	_ = root.Chmod(name, 0o700)
	f, err := root.Open(name)
	if err != nil {
		return
	}
	entries, _ := f.ReadDir(-1)
	_ = f.Close()
	for _, e := range entries {
		if e.IsDir() {
			makeWritable(root, name+"/"+e.Name())
		}
	}
}
