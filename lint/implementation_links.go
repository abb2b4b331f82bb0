package lint

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"

	"github.com/speccify/speccify-lint/internal/fserr"
)

// badLink says why an implementation that is a symbolic link is not run,
// and what to do about it.
type badLink struct {
	why string // completes "linux.sh ..."
	fix string
}

// followImplementationLinks follows, through the tool folder's Root, the
// implementations that are symbolic links. One whose target is a regular
// file inside the folder (linux.sh -> common.sh, to share a script between
// platforms) is an implementation like a file, with its target's mode: it
// keeps its own name, which gives its platform and its interpreter. The
// others (a target outside the folder, an absolute link, which os.Root does
// not follow, a missing target) are recorded in badLinks and are not run.
func (c *toolCheck) followImplementationLinks() {
	for i := range c.folder.Implementations {
		im := &c.folder.Implementations[i]
		if im.Mode&fs.ModeSymlink == 0 {
			continue
		}
		info, err := c.root.Stat(im.Name)
		if err == nil && info.Mode().IsRegular() {
			im.Mode = info.Mode()
			continue
		}
		if c.badLinks == nil {
			c.badLinks = map[string]badLink{}
		}
		c.badLinks[im.Name] = c.whyNotFollowed(im.Name, info, err)
	}
}

// whyNotFollowed explains why the link name in the tool folder, whose
// target root.Stat gave as info and err, is not an implementation.
func (c *toolCheck) whyNotFollowed(name string, info fs.FileInfo, err error) badLink {
	target, _ := c.root.Readlink(name)
	const copyFix = "copy the file into the tool folder or link to one inside it"
	switch {
	case err == nil:
		return badLink{fmt.Sprintf("is a symbolic link to %s, which is not a regular file", target), "link to a file"}
	case errors.Is(err, fs.ErrNotExist):
		return badLink{fmt.Sprintf("is a symbolic link to %s, which does not exist", target), copyFix}
	case !isEscape(err):
		return badLink{fmt.Sprintf("is a symbolic link to %s, which cannot be read: %v", target, fserr.Cause(err)), copyFix}
	case filepath.IsAbs(target) && c.holds(target):
		return badLink{fmt.Sprintf("is a symbolic link by the absolute path %s", target),
			"make it a relative link (speccify-lint follows only relative links that stay inside the tool folder)"}
	case filepath.IsLocal(target):
		return badLink{fmt.Sprintf("is a symbolic link to %s, which leads outside the tool folder", target), copyFix}
	}
	return badLink{fmt.Sprintf("is a symbolic link to %s, outside the tool folder", target), copyFix}
}

// holds reports whether the absolute path p lies inside the tool folder,
// however the folder's path is spelt (it may run through a linked directory,
// as /tmp does on macOS).
func (c *toolCheck) holds(p string) bool {
	for _, dir := range []func(string) (string, error){filepath.Abs, filepath.EvalSymlinks} {
		if d, err := dir(c.dir); err == nil {
			if rel, err := filepath.Rel(d, p); err == nil && filepath.IsLocal(rel) {
				return true
			}
		}
	}
	return false
}

// isEscape reports whether an error of an os.Root call is its refusal of a
// path that leaves the Root (the os package does not export that error).
func isEscape(err error) bool {
	return err != nil && fserr.Cause(err).Error() == "path escapes from parent"
}
