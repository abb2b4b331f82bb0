package lint

import (
	"bytes"
	"path"
	"slices"
	"strings"

	"github.com/speccify/speccify-lint/contract"
	"github.com/speccify/speccify-lint/discover"
)

// checkFixtures checks the files the examples name against the tool folder.
func (c *toolCheck) checkFixtures() {
	if c.spec.Examples == nil || c.folder == nil {
		return
	}
	var named, strs []string
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
					c.report(ruleFixtureOutside, l.Pos, cs.Title,
						"example %q names %q, outside the tool folder; ship the file under fixtures/ and name it relative to the tool folder", cs.Title, s)
					continue
				}
				ref, ok := c.fixtureRef(s)
				if !ok {
					continue
				}
				named = append(named, ref)
				if !isInput {
					continue
				}
				switch err := c.folder.FixtureExists(c.root, ref); {
				case isEscape(err):
					c.report(ruleFixtureOutside, l.Pos, cs.Title,
						"example %q names %q, which leads outside the tool folder through a symbolic link; ship the file itself in the tool folder", cs.Title, s)
				case err != nil && !cs.ExpectsFailure():
					c.report(ruleFixtureMissing, l.Pos, cs.Title,
						"example %q names %q, which is not in the tool folder; add the file (fixtures ship beside TOOL.md) or fix the path", cs.Title, s)
				}
			}
		}
	}
	var impls [][]byte // the implementations, read once a fixture is named by no example
	implsRead := false
	for _, f := range c.folder.Fixtures {
		if strings.HasPrefix(path.Base(f), ".") {
			continue // .gitkeep, .DS_Store: not fixtures
		}
		used := slices.ContainsFunc(named, func(n string) bool { return f == n || n == "." || strings.HasPrefix(f, n+"/") })
		if !used && !implsRead {
			impls, implsRead = c.implementationTexts(), true
		}
		if !used && !slices.ContainsFunc(impls, func(text []byte) bool { return namesFile(text, f) || namesFile(text, path.Base(f)) }) {
			c.reportIn(ruleFixtureUnused, c.fileIn(f), topOfFile, f,
				"fixture %s is named by no example; use it in an example or delete it", f)
		}
	}
}

// implementationTexts reads the tool's implementations, at most
// maxScriptSize bytes of each, through the tool folder's Root.
func (c *toolCheck) implementationTexts() [][]byte {
	var texts [][]byte
	for _, im := range c.folder.Implementations {
		if text, err := readLimited(c.root, im.Name, maxScriptSize); err == nil {
			texts = append(texts, text)
		}
	}
	return texts
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
