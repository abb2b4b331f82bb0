package lint

import (
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/speccify/speccify-lint/coverage"
	"github.com/speccify/speccify-lint/result"

	"github.com/speccify/speccify-lint/contract"
	"github.com/speccify/speccify-lint/discover"
	"github.com/speccify/speccify-lint/drift"
)

// toolCheck is what the static rules see of one tool folder: the
// contract, the folder listing, and the facts several rules share,
// computed once on first use (the compiled schemas, the files the examples
// name, the implementations' text), so that no rule depends on another
// having run before it. The run and explore rules see it too, through
// their run (the schemas, the folder's paths). What the engine keeps while
// it runs the tool is elsewhere: the findings and the suppression comments
// in toolFindings (lint/reporter.go), the runs' state in toolRun
// (lint/run.go) and explore's in exploration (lint/explore.go).
type toolCheck struct {
	cfg     *Config
	dir     string // the folder as discovered
	rel     string // the folder relative to the root, slash-separated
	specRel string // TOOL.md relative to the root
	// spec is the contract; nil when TOOL.md could not be read (unreadable
	// says why).
	spec       *contract.Spec
	unreadable *unreadable
	folder     *discover.Folder
	// root is the tool folder, open during the static checks: the files
	// read on the tool's behalf are read through it.
	root *os.Root
	// badLinks says, by file name, why an implementation that is a symbolic
	// link is not run: its target leaves the tool folder, or is missing.
	badLinks map[string]discover.BadLink

	// The schemas, loaded by schemas.
	schemasLoaded   bool
	inputs, outputs *schemaField
	// cov is the contract coverage, measured by contractCoverage.
	cov         *coverage.Coverage
	covMeasured bool
	// patterns is the reporter of the rule that reports slow patterns
	// (Rule.slowPatterns): a pattern that takes too long while any rule
	// validates is its finding (see validate).
	patterns reporter
	// plan is whether and how the examples run here, decided by runPlan.
	plan *runPlan
	// fixtureScan is what the examples name, scanned by fixtures.
	fixtureScan *fixtureScan
	// scripts are the implementations' texts, read by readScript during
	// the static checks.
	scripts []scriptText
	// caseCauses and implCauses are the static findings that explain why
	// an example's run fails, by example and by implementation (see
	// lint/cause.go).
	caseCauses map[*contract.Case][]cause
	implCauses map[string][]cause
	// textSum is specSum's, once computed.
	textSum string
	// drift is the comparison with Config.Against, by driftChanges.
	driftLoaded bool
	drift       []drift.Change
}

// unreadable is why a TOOL.md could not be read.
type unreadable struct {
	pos contract.Pos
	msg string
}

// newToolCheck is the context of checking the tool folder dir.
func newToolCheck(cfg *Config, dir string) *toolCheck {
	c := &toolCheck{cfg: cfg, dir: dir, rel: discover.RelPath(cfg.Root, dir)}
	c.specRel = c.fileIn(discover.SpecFile)
	return c
}

// reportProblems reports the parser's problems of the given kinds; the
// repair the parser knows for a problem is the finding's fix when the rule
// offers fixes (Autofix).
func (c *toolCheck) reportProblems(rep reporter, kinds ...contract.ProblemKind) {
	for _, p := range c.spec.Problems {
		if slices.Contains(kinds, p.Kind) {
			r := rep
			if fix := p.Repair; fix != nil && rep.rule.Autofix != result.NoFix {
				r = rep.withFix(repairFix(fix))
			}
			if p.Help != "" {
				r = r.withHelp("%s", p.Help)
			}
			r.report(atLine(p.Pos, p.Span), p.Key, "%s", p.Msg)
		}
	}
}

// repairFix is the fix of a problem the parser knows how to repair
// (contract.Problem.Repair): one edit of the reporter's file.
func repairFix(r *contract.Replacement) result.Fix {
	return result.Fix{Title: r.Title, Edits: []contract.Edit{{Start: r.Span.Start, End: r.Span.End, New: r.New}}}
}

// fields is the frontmatter when it parsed as a mapping of keys, for the
// rules about its fields; nil otherwise (one frontmatter finding is enough).
func (c *toolCheck) fields() *contract.Frontmatter {
	if fm := c.spec.Frontmatter; fm != nil && !fm.Invalid {
		return fm
	}
	return nil
}

// cases are the example cases (contract.Spec.Cases).
func (c *toolCheck) cases() []contract.Case { return c.spec.Cases() }

// effects is the contract's effects line, or "".
func (c *toolCheck) effects() string {
	return strings.TrimSpace(c.spec.Frontmatter.Effects.Value)
}

// values are the texts of requires or platforms entries.
func values(items []contract.String) []string {
	out := make([]string, len(items))
	for i, it := range items {
		out[i] = it.Value
	}
	return out
}

// fileIn is the root-relative path of a file in the tool folder.
func (c *toolCheck) fileIn(name string) string {
	if c.rel == "." {
		return name
	}
	return c.rel + "/" + name
}

func (c *toolCheck) absDir() string {
	if abs, err := filepath.Abs(c.dir); err == nil {
		return abs
	}
	return c.dir
}
