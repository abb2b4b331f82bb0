// Package pathref tells which strings name a file: a string of an example's
// JSON that names a path of the tool folder or one outside it, and a text
// (a script, an example's line) that names a file by its name. It reads
// text only; whether the file is there is the caller's to ask (the
// fixture rules ask discover.Folder).
package pathref

import (
	"bytes"
	"path"
	"slices"
	"strings"
)

// NamesFile reports whether text holds name as a whole file name: not part
// of a longer one (a.json in data.json or a.json.bak).
func NamesFile(text []byte, name string) bool {
	for i := 0; i+len(name) <= len(text); {
		j := bytes.Index(text[i:], []byte(name))
		if j < 0 {
			return false
		}
		start, end := i+j, i+j+len(name)
		if (start == 0 || !isNameByte(text[start-1])) && (end == len(text) || !isNameByte(text[end])) {
			return true
		}
		i = start + 1
	}
	return false
}

// isNameByte reports whether b continues a file name: a letter, a digit, or
// one of _ - . (a byte of a non-ASCII character counts as a letter).
func isNameByte(b byte) bool {
	return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9' || b == '_' || b == '-' || b == '.' || b >= 0x80
}

// InFolder reports whether s names a file of a folder, and which: a
// relative path whose first segment is a directory of the folder (isDir
// says which are; "." and ".." never are), cleaned (path.Clean).
func InFolder(s string, isDir func(name string) bool) (string, bool) {
	if !LooksLikePath(s) || strings.HasPrefix(s, "/") {
		return "", false
	}
	clean := path.Clean(s)
	first, _, _ := strings.Cut(clean, "/")
	if first != "." && first != ".." && isDir(first) {
		return clean, true
	}
	return "", false
}

// Outside reports whether s names a path that leaves the folder it is
// read in: absolute (/x, C:\x, C:/x, but not // nor /), home relative
// (~/x), or with a ".." segment (slash or backslash separated).
func Outside(s string) bool {
	if !LooksLikePath(s) {
		return false
	}
	if (strings.HasPrefix(s, "/") && len(s) > 1 && !strings.HasPrefix(s, "//")) || strings.HasPrefix(s, "~/") ||
		(len(s) > 2 && s[1] == ':' && (s[2] == '\\' || s[2] == '/')) {
		return true
	}
	for s != "" {
		i := strings.IndexAny(s, `/\`)
		if i < 0 {
			return s == ".."
		}
		if s[:i] == ".." {
			return true
		}
		s = s[i+1:]
	}
	return false
}

// LooksLikePath reports whether s may be a path: not empty, a single line
// without tabs, not a URL (no "://"), shorter than 4096 bytes.
func LooksLikePath(s string) bool {
	return s != "" && len(s) < 4096 && !strings.ContainsAny(s, "\n\r\t") && !strings.Contains(s, "://")
}

// JSONStrings appends to out every string value (not key) of the JSON
// value v (as encoding/json decodes into any), depth first, an object's
// values in the order of their keys, and returns the extended slice.
func JSONStrings(v any, out []string) []string {
	switch v := v.(type) {
	case string:
		out = append(out, v)
	case []any:
		for _, item := range v {
			out = JSONStrings(item, out)
		}
	case map[string]any:
		var small [8]string // the keys of a small object need no allocation
		keys := small[:0]
		for k := range v {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		for _, k := range keys {
			out = JSONStrings(v[k], out)
		}
	}
	return out
}
