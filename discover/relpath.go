package discover

import "path/filepath"

// RelPath is p relative to root, slash-separated: the one spelling of a
// path in findings, reports and messages. A relative p is taken from the
// working directory first. When root is empty, or p has no path relative to
// it (another volume on Windows), it is p's absolute path, slash-separated;
// a p above the root starts with "../".
func RelPath(root, p string) string {
	abs, err := filepath.Abs(p)
	if err != nil {
		return filepath.ToSlash(p)
	}
	if root == "" {
		return filepath.ToSlash(abs)
	}
	rel, err := filepath.Rel(root, abs)
	if err != nil {
		return filepath.ToSlash(abs)
	}
	return filepath.ToSlash(rel)
}
