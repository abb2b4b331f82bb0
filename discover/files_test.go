package discover

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"testing"
)

// TestReadLimited: a file is read whole up to the limit, and cut at it.
func TestReadLimited(t *testing.T) {
	dir := t.TempDir()
	root, err := os.OpenRoot(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer root.Close()
	for _, size := range []int{0, 1, 511, 512, 513, 4095, 4096, 4097, 10000} {
		content := bytes.Repeat([]byte("abcdefg\n"), size/8+1)[:size]
		path := filepath.Join(dir, "f")
		if err := os.WriteFile(path, content, 0o644); err != nil {
			t.Fatal(err)
		}
		for _, limit := range []int{1, 512, 4096, 4097, 1 << 20} {
			got, err := ReadLimited(root, "f", limit)
			if want := content[:min(size, limit)]; err != nil || !bytes.Equal(got, want) {
				t.Errorf("size %d, limit %d: read %d bytes, err %v; want %d bytes", size, limit, len(got), err, len(want))
			}
		}
	}
	if err := os.Mkdir(filepath.Join(dir, "d"), 0o755); err != nil {
		t.Fatal(err)
	}
	if _, err := ReadLimited(root, "d", 10); err == nil {
		t.Error("reading a directory: no error")
	}
	if _, err := ReadLimited(root, "missing", 10); err == nil {
		t.Error("reading a missing file: no error")
	}
}

// TestIsBinary: the magic numbers of ELF, Mach-O (both byte orders, 32 and
// 64 bits, universal) and PE, and a NUL byte anywhere, are binary; a
// script, even one that names ELF later, is not.
func TestIsBinary(t *testing.T) {
	for _, tt := range []struct {
		head string
		want bool
	}{
		{"\x7fELF\x02\x01", true}, {"\xfe\xed\xfa\xce", true}, {"\xfe\xed\xfa\xcf", true}, {"\xce\xfa\xed\xfe", true},
		{"\xcf\xfa\xed\xfe", true}, {"\xca\xfe\xba\xbe", true}, {"MZ\x90\x00", true}, {"#!/bin/sh\necho \x00\n", true},
		{"#!/bin/sh\necho ELF MZ\n", false}, {"", false}, {"M", false}, {"\x7fEL", false}, {"héllo\n", false},
	} {
		if got := IsBinary([]byte(tt.head)); got != tt.want {
			t.Errorf("IsBinary(%q) = %v, want %v", tt.head, got, tt.want)
		}
	}
}

// TestIsEscape: an os.Root's refusal of a path that leaves it is an
// escape; a missing file, another error, or none is not.
func TestIsEscape(t *testing.T) {
	root, err := os.OpenRoot(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer root.Close()
	_, escape := root.Open("../x")
	_, missing := root.Open("missing")
	if !IsEscape(escape) {
		t.Errorf("IsEscape(%v) = false", escape)
	}
	for _, err := range []error{missing, nil, os.ErrPermission} {
		if IsEscape(err) {
			t.Errorf("IsEscape(%v) = true", err)
		}
	}
}

// TestCodeFiles: every file of the folder but TOOL.md and fixtures/ (only
// at the top: a nested fixtures/ or TOOL.md is code), in name order,
// through subdirectories; past maxCodeFiles files or maxCodeEntries
// entries, the listing is not whole. A symbolic link is listed as a file,
// for its reader's open through the Root to judge.
func TestCodeFiles(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"TOOL.md", "linux.sh", "fixtures/a.json", "lib/b.sh", "lib/a.sh", "lib/fixtures/c", "lib/TOOL.md", "common.sh"} {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	list := func() ([]string, bool) {
		root, err := os.OpenRoot(dir)
		if err != nil {
			t.Fatal(err)
		}
		defer root.Close()
		return CodeFiles(root)
	}
	files, whole := list()
	if want := []string{"common.sh", "lib/TOOL.md", "lib/a.sh", "lib/b.sh", "lib/fixtures/c", "linux.sh"}; !whole || !slices.Equal(files, want) {
		t.Errorf("CodeFiles = %q, %v; want %q, true", files, whole, want)
	}
	for i := range maxCodeFiles {
		if err := os.WriteFile(filepath.Join(dir, "lib", fmt.Sprintf("f%03d", i)), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if files, whole := list(); whole || files != nil {
		t.Errorf("%d files and more: %d files, whole %v", maxCodeFiles, len(files), whole)
	}
	if runtime.GOOS != "windows" {
		if err := os.RemoveAll(filepath.Join(dir, "lib")); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(t.TempDir(), filepath.Join(dir, "out")); err != nil {
			t.Fatal(err)
		}
		if files, whole := list(); !whole || !slices.Equal(files, []string{"common.sh", "linux.sh", "out"}) {
			t.Errorf("a link to a directory outside the folder: %q, whole %v", files, whole)
		}
	}
}
