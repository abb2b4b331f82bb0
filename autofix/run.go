package autofix

import (
	"slices"

	"github.com/speccify/speccify-lint/lint"
)

// MaxPasses bounds the passes of Run: a fix that another overlapped waits
// for the next pass, and a pass that changes nothing ends the loop first.
const MaxPasses = 4

// Outcome is what Run did.
type Outcome struct {
	// Fixed is how many findings' fixes were made, Files the files they
	// changed or deleted (root-relative, sorted).
	Fixed int
	Files []string
	// Errors say which files were not fixed and why, each once.
	Errors []string
	// Last is the result of the last lint when it found nothing more to fix
	// (the tree as it is now); nil when the passes ran out first.
	Last *lint.Result
}

// Run lints (lintOnce), makes the changes of the selected fixes, and lints
// and fixes again, until a pass has nothing to change or MaxPasses passes
// ran; a lint that was interrupted ends it. lintOnce's error ends it too.
func Run(root string, unsafe bool, lintOnce func() (*lint.Result, error)) (Outcome, error) {
	var out Outcome
	for range MaxPasses {
		res, err := lintOnce()
		if err != nil {
			return out, err
		}
		changes, errs := Plan(root, res.AllFindings(), unsafe)
		for _, e := range errs {
			out.addError(e.Error())
		}
		made := 0
		for _, c := range changes {
			if err := c.Write(); err != nil {
				out.addError(err.Error())
				continue
			}
			made++
			out.Fixed += c.Fixes
			if !slices.Contains(out.Files, c.File) {
				out.Files = append(out.Files, c.File)
			}
		}
		if made == 0 || res.Interrupted {
			out.Last = res
			if made > 0 {
				out.Last = nil
			}
			break
		}
	}
	slices.Sort(out.Files)
	return out, nil
}

func (o *Outcome) addError(msg string) {
	if !slices.Contains(o.Errors, msg) {
		o.Errors = append(o.Errors, msg)
	}
}
