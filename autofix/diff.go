package autofix

import (
	"fmt"
	"io"
	"io/fs"

	udiff "github.com/aymanbagabas/go-udiff"
)

// WriteDiff writes the changes as git-style unified diffs, one per file in
// the order given, with the root-relative paths behind a/ and b/ (git apply
// and patch -p1 take them); a deletion is a "deleted file mode" diff to
// /dev/null.
func WriteDiff(w io.Writer, changes []*Change) error {
	for _, c := range changes {
		old, new, to := string(c.Old), string(c.New), "b/"+c.File
		if _, err := fmt.Fprintf(w, "diff --git a/%s b/%s\n", c.File, c.File); err != nil {
			return err
		}
		if c.Delete {
			new, to = "", "/dev/null"
			if _, err := fmt.Fprintf(w, "deleted file mode %s\n", gitMode(c.Mode())); err != nil {
				return err
			}
		}
		if _, err := io.WriteString(w, udiff.Unified("a/"+c.File, to, old, new)); err != nil {
			return err
		}
	}
	return nil
}

// gitMode is the mode git records for a regular file: executable or not.
func gitMode(m fs.FileMode) string {
	if m&0o111 != 0 {
		return "100755"
	}
	return "100644"
}
