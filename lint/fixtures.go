package lint

import (
	"github.com/speccify/speccify-lint/contract"
	"github.com/speccify/speccify-lint/discover"
	"github.com/speccify/speccify-lint/internal/pathref"
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
			strs = pathref.JSONStrings(l.Value, strs[:0])
			for _, s := range strs {
				if isInput && pathref.Outside(s) {
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

// fixtureRef reports whether a string names a file of the tool folder: a
// relative path starting with fixtures/ or with an existing directory.
func (c *toolCheck) fixtureRef(s string) (string, bool) {
	return pathref.InFolder(s, func(dir string) bool { return dir == discover.FixturesDir || c.folder.HasDir(dir) })
}
