package lint

import (
	"bytes"
	"path"
	"slices"
	"strings"

	"github.com/speccify/speccify-lint/contract"
	"github.com/speccify/speccify-lint/discover"
)

// fixtureScan is what the examples name of the tool folder, for the
// fixture rules.
type fixtureScan struct {
	// named are the files and directories of the folder the examples'
	// inputs and expected outputs name, cleaned.
	named []string
	// bad are the input strings that name a path outside the folder, or a
	// file of the folder that is not there.
	bad []badPath
	// present are the input strings that name a file (or directory) of
	// the folder that is there, in document order.
	present []namedPath
}

// namedPath is an input string that names a file of the tool folder.
type namedPath struct {
	cs   *contract.Case
	line *contract.ExampleLine
	s    string // the string as written
	ref  string // the path it names, cleaned, relative to the folder
}

// badPath is an input string that names a path outside the tool folder or a
// file that is not in it.
type badPath struct {
	cs   *contract.Case
	line *contract.ExampleLine
	s    string // the string as written
	// outside: the path is absolute, home relative or has a .. segment.
	outside bool
	// err is why the file it names is not in the folder (when not outside).
	err error
}

// fixtures scans, once per tool, the strings of the examples that name
// paths.
func (c *toolCheck) fixtures() *fixtureScan {
	if c.fixtureScan != nil || c.spec.Examples == nil || c.folder == nil {
		return c.fixtureScan
	}
	c.fixtureScan = &fixtureScan{}
	var strs []string
	for i := range c.spec.Examples.Cases {
		cs := &c.spec.Examples.Cases[i]
		for _, l := range []*contract.ExampleLine{cs.Input, cs.Output} {
			if l == nil || l.Value == nil {
				continue
			}
			isInput := l == cs.Input
			strs = jsonStrings(l.Value, strs[:0])
			for _, s := range strs {
				if isInput && namesOutside(s) {
					c.fixtureScan.bad = append(c.fixtureScan.bad, badPath{cs: cs, line: l, s: s, outside: true})
					continue
				}
				ref, ok := c.fixtureRef(s)
				if !ok {
					continue
				}
				c.fixtureScan.named = append(c.fixtureScan.named, ref)
				if !isInput {
					continue
				}
				if err := c.folder.FixtureExists(c.root, ref); err != nil {
					c.fixtureScan.bad = append(c.fixtureScan.bad, badPath{cs: cs, line: l, s: s, err: err})
				} else {
					c.fixtureScan.present = append(c.fixtureScan.present, namedPath{cs: cs, line: l, s: s, ref: ref})
				}
			}
		}
	}
	return c.fixtureScan
}

// namesFile reports whether a text holds name as a whole file name: not
// part of a longer one (a.json in data.json or a.json.bak).
func namesFile(text []byte, name string) bool {
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

// fixtureRef reports whether a string names a file of the tool folder: a
// relative path starting with fixtures/ or with an existing directory.
func (c *toolCheck) fixtureRef(s string) (string, bool) {
	if !looksLikePath(s) || strings.HasPrefix(s, "/") {
		return "", false
	}
	clean := path.Clean(s)
	first, _, _ := strings.Cut(clean, "/")
	if first == discover.FixturesDir || (first != "." && first != ".." && c.folder.HasDir(first)) {
		return clean, true
	}
	return "", false
}

// namesOutside reports a path that leaves the tool folder: absolute, home
// relative, or with a ".." segment.
func namesOutside(s string) bool {
	if !looksLikePath(s) {
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

// looksLikePath: a single line, not a URL, of a sane length.
func looksLikePath(s string) bool {
	return s != "" && len(s) < 4096 && !strings.ContainsAny(s, "\n\r\t") && !strings.Contains(s, "://")
}

// jsonStrings collects every string value of a JSON value.
func jsonStrings(v any, out []string) []string {
	switch v := v.(type) {
	case string:
		out = append(out, v)
	case []any:
		for _, item := range v {
			out = jsonStrings(item, out)
		}
	case map[string]any:
		var small [8]string // the keys of a small object need no allocation
		keys := small[:0]
		for k := range v {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		for _, k := range keys {
			out = jsonStrings(v[k], out)
		}
	}
	return out
}
