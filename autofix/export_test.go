package autofix

import (
	"bytes"
	"fmt"
)

// CheckPasses checks that the change c of the TOOL.md spec of the tool
// folder tool is what its verified passes made, each pass passing the
// criterion of verify.go when its texts are checked again with check: the
// first pass starts from c.Old, each from where the one before ended, the
// last ends at c.New, and each made exactly its edits.
func CheckPasses(check Checker, tool, spec string, c *Change) error {
	if len(c.passes) == 0 {
		return fmt.Errorf("%s: changed by no verified pass", c.File)
	}
	x := newFixer(&Options{Check: check}, tool, spec)
	text := newRawText(c.Old).text
	for i, p := range c.passes {
		if !bytes.Equal(p.before, text) {
			return fmt.Errorf("%s: pass %d starts from another text than the one before it left", c.File, i+1)
		}
		t := newRawText(p.before)
		if made := t.apply(p.edits, false); !bytes.Equal(made, p.after) {
			return fmt.Errorf("%s: pass %d made %q, not what its edits make, %q", c.File, i+1, p.after, made)
		}
		before, err := x.check(p.before)
		if err != nil {
			return err
		}
		after, err := x.check(p.after)
		if err != nil {
			return err
		}
		if !passes(before, after, p.edits, spec) {
			return fmt.Errorf("%s: pass %d fails the criterion:\n%s\n->\n%s", c.File, i+1, p.before, p.after)
		}
		text = p.after
	}
	if !bytes.Equal(text, newRawText(c.New).text) {
		return fmt.Errorf("%s: the change is not what the last pass made", c.File)
	}
	return nil
}

// PassesRanOut reports whether the change c of a TOOL.md took MaxPasses
// verified passes: the passes may have stopped at the bound with fixes
// left to make (a chain of fixes longer than the bound), so that a second
// run may make more.
func PassesRanOut(c *Change) bool { return len(c.passes) >= MaxPasses }
