package lint

import (
	"os"
	"path/filepath"

	"github.com/speccify/speccify-lint/contract"
	"github.com/speccify/speccify-lint/discover"
)

// toolCheck is the state of checking one tool folder: everything parsed once
// and shared by the rules and the example runs.
type toolCheck struct {
	cfg     *Config
	dir     string // the folder as discovered
	rel     string // the folder relative to the root, slash-separated
	specRel string // TOOL.md relative to the root
	spec    *contract.Spec
	folder  *discover.Folder
	// root is the tool folder, open during the static checks: the files
	// read on the tool's behalf are read through it.
	root *os.Root
	// badLinks says, by file name, why an implementation that is a symbolic
	// link is not run: its target leaves the tool folder, or is missing.
	badLinks map[string]badLink
	// startHints explain, by file name, why an implementation that the
	// static checks found wrong will fail to start when it is run.
	startHints map[string]string

	inputs  *schemaField
	outputs *schemaField
	// snapshot is the tool folder after the last example that ran.
	snapshot snapshot

	findings []Finding
}

// schemaField is inputs or outputs: converted, compiled, or why not.
type schemaField struct {
	name   string
	field  *contract.SchemaField
	doc    *contract.JSONDoc // nil when the field is missing or did not convert
	schema *contract.Schema  // nil when it did not compile
	// timedOut are the pointers of the patterns reported for taking too long.
	timedOut []string
}

// place is the TOOL.md place of a JSON pointer into the schema.
func (s *schemaField) place(pointer string) contract.Pos {
	if s.doc == nil {
		return s.field.Key.Span.Start.Pos
	}
	return s.doc.Place(pointer)
}

// report adds a finding of rule at a place in TOOL.md.
func (c *toolCheck) report(r *Rule, pos contract.Pos, key, format string, args ...any) {
	c.reportIn(r, c.specRel, pos, key, format, args...)
}

// reportIn adds a finding of rule at a place in another file of the folder
// (relative to the root).
func (c *toolCheck) reportIn(r *Rule, file string, pos contract.Pos, key, format string, args ...any) {
	if !c.cfg.enabled(r) {
		return
	}
	f := r.finding(file, pos.Line, pos.Column, key, format, args...)
	f.Tool = c.rel
	c.findings = append(c.findings, f)
}

// relPath turns a path into a root-relative slash path.
func relPath(root, p string) string {
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

// fileIn is the root-relative path of a file in the tool folder.
func (c *toolCheck) fileIn(name string) string {
	if c.rel == "." {
		return name
	}
	return c.rel + "/" + name
}

var topOfFile = contract.Pos{Line: 1, Column: 1}
