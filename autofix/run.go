package autofix

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"slices"

	"github.com/speccify/speccify-lint/contract"
	"github.com/speccify/speccify-lint/lint"
	"github.com/speccify/speccify-lint/result"
)

// MaxPasses bounds the passes over one tool folder's fixes: a fix that
// another overlapped, or one that the fixed text proposes, waits for the
// next pass, and a pass that changes nothing ends the loop first.
const MaxPasses = 4

// Checker checks the tool folder tool (relative to the root) statically,
// as the lint did, with its TOOL.md holding text, a normalised text:
// lint.CheckText with the run's configuration. Its error is an internal
// error; the fix is then not made.
type Checker func(tool string, text []byte) (*contract.Spec, result.ToolResult, error)

// CheckWith is the Checker of a lint with cfg (whose Root is the root):
// lint.CheckText.
func CheckWith(cfg lint.Config) Checker {
	return func(tool string, text []byte) (*contract.Spec, result.ToolResult, error) {
		return lint.CheckText(cfg, filepath.Join(cfg.Root, filepath.FromSlash(tool)), text)
	}
}

// Options say which fixes are made and how the text a fix makes is
// checked.
type Options struct {
	// Root is the directory the findings' paths are relative to.
	Root string
	// Unsafe makes the unsafe fixes too.
	Unsafe bool
	// Check checks the TOOL.md a fix makes: every fix of a TOOL.md is
	// verified with it (see verify.go), and the fixes the fixed text
	// proposes are made in the next pass. Without it the fixes are made as
	// the findings carry them, in one pass.
	Check Checker
	// Keep, when set, takes out of a check's result the findings that are
	// not to be fixed: those a baseline records.
	Keep func(*result.ToolResult)
	// Held are the files an editor holds, unsaved, by root-relative
	// slash-separated path: their bytes as they stand there, which a fix of
	// the file is made on instead of the file's on disk. The Change of such
	// a file is only computed (Old, New): Write refuses it, the editor
	// applies it (a language server's code action).
	Held map[string][]byte
}

// Changes computes what the selected fixes of res's findings make of their
// files, without writing: tool folder by tool folder, in passes until a
// pass changes nothing or MaxPasses passes ran. A pass takes the fixes in
// the order of the findings, one that overlaps a fix already taken for its
// file waiting for the next pass (a fix equal to one taken counts as made by
// it); a fix of a TOOL.md is made only when the text it makes passes
// verify; the findings of the next pass are those of the fixed text
// (opt.Check), so that a fix it proposes (a schema a renamed key revealed)
// is made too. Each change holds the file as read and as all passes left
// it, ordered by file: what --fix writes and --diff shows. A file that
// cannot be read, or that changed since it was linted, has no change: the
// errors say why. A result that was interrupted has no change, nor has any
// file when ctx is canceled before every tool folder's passes are done
// (errInterrupted): a fix is made on a whole analysis or not at all.
func Changes(ctx context.Context, res *result.Result, opt Options) ([]*Change, []error) {
	if res.Interrupted {
		return nil, nil
	}
	passes := MaxPasses
	if opt.Check == nil {
		passes = 1
	}
	var changes []*Change
	var errs []error
	for _, t := range toolsWithFixes(res.AllFindings()) {
		if ctx.Err() != nil {
			return nil, []error{errInterrupted}
		}
		x := newFixer(&opt, t.tool, t.spec)
		x.run(t.findings, passes)
		changes = append(changes, x.changes()...)
		errs = append(errs, x.errs...)
	}
	slices.SortFunc(changes, func(a, b *Change) int { return cmp.Compare(a.File, b.File) })
	return changes, errs
}

// errInterrupted is why Changes made no change after ctx was canceled.
var errInterrupted = errors.New("interrupted while the fixes were verified: nothing is fixed")

// Outcome is what Write made.
type Outcome struct {
	// Fixed is how many findings' fixes were made, Files the files they
	// changed or deleted (root-relative, sorted).
	Fixed int
	Files []string
	// Errors say which files were not fixed and why.
	Errors []string
}

// Write makes the changes (Change.Write) and says what it made.
func Write(changes []*Change) Outcome {
	var out Outcome
	for _, c := range changes {
		if err := c.Write(); err != nil {
			out.Errors = append(out.Errors, err.Error())
			continue
		}
		out.Fixed += c.Fixes
		out.Files = append(out.Files, c.File)
	}
	slices.Sort(out.Files)
	return out
}

// toolFixes are the findings of one tool folder that carry a fix.
type toolFixes struct {
	tool     string // the folder, root-relative
	spec     string // its TOOL.md, root-relative
	findings []result.Finding
}

// toolsWithFixes groups the findings that carry a fix by tool folder, in
// the order of their first finding.
func toolsWithFixes(findings []result.Finding) []*toolFixes {
	var out []*toolFixes
	byTool := map[string]*toolFixes{}
	for _, f := range findings {
		if f.Fix == nil {
			continue
		}
		t := byTool[f.Tool]
		if t == nil {
			t = &toolFixes{tool: f.Tool, spec: specOf(f.Tool)}
			byTool[f.Tool] = t
			out = append(out, t)
		}
		t.findings = append(t.findings, f)
	}
	return out
}

// specOf is the TOOL.md of the tool folder tool (root-relative).
func specOf(tool string) string {
	if tool == "." {
		return "TOOL.md"
	}
	return tool + "/TOOL.md"
}

// fixer makes the fixes of one tool folder, pass after pass, in memory.
type fixer struct {
	opt  *Options
	tool string
	spec string // the folder's TOOL.md, root-relative
	// files are the files a fix was taken for, by root-relative path, in
	// the order they were first met.
	files map[string]*fileFix
	order []string
	// checked is the check of the folder's TOOL.md as it is now (as read,
	// then as the last pass left it), once a fix of it was verified.
	checked *textCheck
	errs    []error
}

// fileFix is one file as the passes change it.
type fileFix struct {
	c *Change
	// text is the file's bytes as the passes left them (c.Old at first)
	// and their normalised text.
	text *rawText
	// frozen: the file takes no more fixes (it is deleted, converted, or
	// it is not the TOOL.md, whose fixes the findings of the next pass
	// would compute on its bytes as read).
	frozen bool
	err    error
}

func newFixer(opt *Options, tool, spec string) *fixer {
	return &fixer{opt: opt, tool: tool, spec: spec, files: map[string]*fileFix{}}
}

// file is the state of file, read on first use.
func (x *fixer) file(file string) *fileFix {
	if ff, ok := x.files[file]; ok {
		return ff
	}
	ff := &fileFix{}
	var err error
	if data, ok := x.opt.Held[file]; ok {
		ff.c, ff.text = &Change{File: file, Old: data, held: true}, newRawText(data)
		if _, in := inFolder(x.tool, file); !in {
			err = fmt.Errorf("%s: not fixed: the file is outside its tool folder %s", file, x.tool)
		} else if len(data) > maxFileSize {
			err = fmt.Errorf("%s: not fixed: it is larger than the %d MiB a fix edits", file, maxFileSize>>20)
		}
	} else {
		ff.c, ff.text, err = read(x.opt.Root, x.tool, file)
	}
	if err != nil {
		ff.err = err
		x.errs = append(x.errs, err)
	}
	x.files[file] = ff
	x.order = append(x.order, file)
	return ff
}

// fail records why file is not fixed; it takes no more fixes.
func (x *fixer) fail(ff *fileFix, err error) {
	if ff.err == nil {
		ff.err = err
		x.errs = append(x.errs, err)
	}
}

// changes are the files the passes changed, with what they made of them.
func (x *fixer) changes() []*Change {
	var out []*Change
	for _, file := range x.order {
		ff := x.files[file]
		if ff.err == nil && ff.c.Fixes > 0 && (ff.c.Delete || !bytes.Equal(ff.c.New, ff.c.Old)) {
			out = append(out, ff.c)
		}
	}
	return out
}

// taken are the fixes one pass takes for one file, in the order of their
// findings, and for each how many findings carry an equal fix.
type taken struct {
	fixes  []*result.Fix
	counts []int
}

// run makes the fixes of findings, the tool's findings as the lint gave
// them, in at most passes passes.
func (x *fixer) run(findings []result.Finding, passes int) {
	for range passes {
		byFile := x.take(findings)
		specChanged, changed := false, false
		for _, file := range x.order {
			if t := byFile[file]; t != nil && x.make(file, t) {
				changed = true
				specChanged = specChanged || file == x.spec
			}
		}
		if !changed || !specChanged || x.checked == nil {
			return
		}
		tr := x.checked.tr
		tr.Findings = slices.Clone(tr.Findings)
		if x.opt.Keep != nil {
			x.opt.Keep(&tr)
		}
		findings = tr.Findings
	}
}

// take selects the fixes of one pass, by file: selected (Selected), not
// overlapping a fix taken before them, fitting the file's text.
func (x *fixer) take(findings []result.Finding) map[string]*taken {
	byFile := map[string]*taken{}
	for i := range findings {
		fix := findings[i].Fix
		if !Selected(fix, x.opt.Unsafe) {
			continue
		}
		ff := x.file(fix.File)
		if ff.err != nil || ff.frozen {
			continue
		}
		t := byFile[fix.File]
		if t == nil {
			t = &taken{}
			byFile[fix.File] = t
		}
		if j := slices.IndexFunc(t.fixes, func(g *result.Fix) bool { return sameFix(g, fix) }); j >= 0 {
			t.counts[j]++
			continue
		}
		if !fits(t.fixes, fix) {
			continue
		}
		if err := ff.text.checkSum(fix.Sum); err != nil {
			x.fail(ff, fmt.Errorf("%s: not fixed: %w", fix.File, err))
			continue
		}
		if err := ff.text.checkEdits(fix.Edits); err != nil {
			x.fail(ff, fmt.Errorf("%s: not fixed: %w", fix.File, err))
			continue
		}
		t.fixes = append(t.fixes, fix)
		t.counts = append(t.counts, 1)
	}
	return byFile
}

// make makes the fixes t took for file, those of the TOOL.md verified
// first, and reports whether the file changed.
func (x *fixer) make(file string, t *taken) bool {
	ff := x.files[file]
	if ff.err != nil {
		return false
	}
	keep := make([]bool, len(t.fixes))
	for i := range keep {
		keep[i] = true
	}
	var after *textCheck
	if file == x.spec && x.opt.Check != nil && !slices.ContainsFunc(t.fixes, wholeFile) {
		keep, after = x.verify(ff, t.fixes)
	}
	var edits []contract.Edit
	toLF, made := false, 0
	before := ff.text.text
	for i, f := range t.fixes {
		if !keep[i] {
			continue
		}
		made += t.counts[i]
		if f.Delete {
			ff.c.Delete, ff.frozen = true, true
			ff.c.Fixes += made
			return true
		}
		edits = append(edits, f.Edits...)
		toLF = toLF || f.ToLF
	}
	if made == 0 {
		return false
	}
	sortEdits(edits)
	raw := ff.text.apply(edits, toLF)
	if bytes.Equal(raw, ff.text.raw) {
		return false
	}
	ff.c.New = raw
	ff.c.Fixes += made
	ff.text = newRawText(raw)
	ff.frozen = file != x.spec || toLF
	if after != nil {
		x.checked = after // the check of the text as it is now
		ff.c.passes = append(ff.c.passes, pass{before: before, after: after.text, edits: edits})
	}
	return true
}

// wholeFile reports a fix that deletes its file or converts its line
// endings.
func wholeFile(f *result.Fix) bool { return f.Delete || f.ToLF }

// sortEdits sorts edits by place.
func sortEdits(edits []contract.Edit) {
	slices.SortStableFunc(edits, func(a, b contract.Edit) int {
		return cmp.Or(cmp.Compare(a.Start.Offset, b.Start.Offset), cmp.Compare(a.End.Offset, b.End.Offset))
	})
}
