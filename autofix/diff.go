package autofix

import (
	"fmt"
	"io"
	"io/fs"
	"strings"

	udiff "github.com/aymanbagabas/go-udiff"
)

// WriteDiff writes the changes as git-style unified diffs, one per file in
// the order given, with the root-relative paths behind a/ and b/ (git apply
// and patch -p1 take them); a deletion is a "deleted file mode" diff to
// /dev/null. Paths are written as git writes them (gitPath), so that git
// apply reads every name back and no name can start a header of its own.
func WriteDiff(w io.Writer, changes []*Change) error {
	for _, c := range changes {
		from, to := gitPath("a/"+c.File), gitPath("b/"+c.File)
		old, new := string(c.Old), string(c.New)
		if _, err := fmt.Fprintf(w, "diff --git %s %s\n", from, to); err != nil {
			return err
		}
		if c.Delete {
			new, to = "", "/dev/null"
			if _, err := fmt.Fprintf(w, "deleted file mode %s\n", gitMode(c.Mode())); err != nil {
				return err
			}
		}
		if _, err := io.WriteString(w, udiff.Unified(fileLabel(from), fileLabel(to), old, new)); err != nil {
			return err
		}
	}
	return nil
}

// gitPath is a path as git writes it in a diff's headers (core.quotePath,
// on by default): as it is, unless it holds a byte that needs quoting (a
// control character, DEL, a double quote, a backslash, or any byte of a
// non-ASCII character); then in double quotes, with C escapes (\t, \n,
// \", \\, ...) and three-digit octal escapes for the other bytes (git's
// quote_c_style).
func gitPath(p string) string {
	if !strings.ContainsFunc(p, func(r rune) bool { return r < 0x20 || r >= 0x7f || r == '"' || r == '\\' }) {
		return p
	}
	var b strings.Builder
	b.WriteByte('"')
	for i := 0; i < len(p); i++ {
		switch c := p[i]; c {
		case '\a':
			b.WriteString(`\a`)
		case '\b':
			b.WriteString(`\b`)
		case '\t':
			b.WriteString(`\t`)
		case '\n':
			b.WriteString(`\n`)
		case '\v':
			b.WriteString(`\v`)
		case '\f':
			b.WriteString(`\f`)
		case '\r':
			b.WriteString(`\r`)
		case '"':
			b.WriteString(`\"`)
		case '\\':
			b.WriteString(`\\`)
		default:
			if c < 0x20 || c >= 0x7f {
				fmt.Fprintf(&b, `\%03o`, c)
			} else {
				b.WriteByte(c)
			}
		}
	}
	b.WriteByte('"')
	return b.String()
}

// fileLabel is a --- or +++ line's path as git writes it: followed by a
// tab when it holds a space, so that patch does not take the rest of the
// name for a date.
func fileLabel(p string) string {
	if strings.Contains(p, " ") {
		return p + "\t"
	}
	return p
}

// gitMode is the mode git records for a regular file: executable or not.
func gitMode(m fs.FileMode) string {
	if m&0o111 != 0 {
		return "100755"
	}
	return "100644"
}
