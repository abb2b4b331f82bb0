package discover

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/speccify/speccify-lint/internal/fserr"
)

// BadLink says why an implementation that is a symbolic link is not run,
// and what to do about it.
type BadLink struct {
	// Why completes "linux.sh ...": "is a symbolic link to x, which does
	// not exist".
	Why string
	// Fix is what to do about it.
	Fix string
}

// FollowLinks follows, through root (the tool folder f.Dir opened), the
// implementations that are symbolic links. One whose target is a regular
// file inside the folder (linux.sh -> common.sh, to share a script between
// platforms) becomes an implementation like a file: FollowLinks sets its
// Mode to its target's, and it keeps its own name, which gives its
// platform and its interpreter. The others (a target outside the folder,
// an absolute link, which os.Root does not follow, a missing target) are
// returned by name, with why they are not run; nil when there is none.
func (f *Folder) FollowLinks(root *os.Root) map[string]BadLink {
	var bad map[string]BadLink
	for i := range f.Implementations {
		im := &f.Implementations[i]
		if im.Mode&fs.ModeSymlink == 0 {
			continue
		}
		info, err := root.Stat(im.Name)
		if err == nil && info.Mode().IsRegular() {
			im.Mode = info.Mode()
			continue
		}
		if bad == nil {
			bad = map[string]BadLink{}
		}
		bad[im.Name] = f.whyNotFollowed(root, im.Name, err)
	}
	return bad
}

// whyNotFollowed explains why the link name in the tool folder, whose
// target root.Stat refused with err (or found not regular, err nil), is not
// an implementation.
func (f *Folder) whyNotFollowed(root *os.Root, name string, err error) BadLink {
	target, _ := root.Readlink(name)
	const copyFix = "copy the file into the tool folder or link to one inside it"
	switch {
	case err == nil:
		return BadLink{fmt.Sprintf("is a symbolic link to %s, which is not a regular file", target), "link to a file"}
	case errors.Is(err, fs.ErrNotExist):
		return BadLink{fmt.Sprintf("is a symbolic link to %s, which does not exist", target), copyFix}
	case !IsEscape(err):
		return BadLink{fmt.Sprintf("is a symbolic link to %s, which cannot be read: %v", target, fserr.Cause(err)), copyFix}
	case filepath.IsAbs(target) && holds(f.Dir, target):
		return BadLink{fmt.Sprintf("is a symbolic link by the absolute path %s", target),
			"make it a relative link (speccify-lint follows only relative links that stay inside the tool folder)"}
	case filepath.IsLocal(target):
		return BadLink{fmt.Sprintf("is a symbolic link to %s, which leads outside the tool folder", target), copyFix}
	}
	return BadLink{fmt.Sprintf("is a symbolic link to %s, outside the tool folder", target), copyFix}
}

// holds reports whether the absolute path p lies inside the folder dir,
// however dir is spelt (it may run through a linked directory, as /tmp
// does on macOS).
func holds(dir, p string) bool {
	for _, abs := range []func(string) (string, error){filepath.Abs, filepath.EvalSymlinks} {
		if d, err := abs(dir); err == nil {
			if rel, err := filepath.Rel(d, p); err == nil && filepath.IsLocal(rel) {
				return true
			}
		}
	}
	return false
}
