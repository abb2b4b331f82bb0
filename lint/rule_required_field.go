package lint

import (
	"bytes"
	"path/filepath"
	"slices"
	"unicode/utf8"

	"github.com/speccify/speccify-lint/contract"
	"github.com/speccify/speccify-lint/internal/suggest"
	"github.com/speccify/speccify-lint/result"
)

var ruleRequiredField = &Rule{ID: "required-field", Severity: result.SeverityError, Category: "contract",
	Title: "a required frontmatter field is missing or empty",
	Doc: "Every contract declares `name`, `description`, `inputs`, `outputs`, `effects` and `requires`. " +
		"`effects` and `requires` are one line each so that a reviewer knows what a run can touch and what must be " +
		"installed; `requires: []` declares that nothing is needed and counts as present. The fix (safe: a tool is " +
		"called by its folder's name already) writes a missing or empty `name` as the folder's name: a missing one " +
		"as the frontmatter's first entry, in its style (a line at the indentation of its keys, its value aligned " +
		"with theirs when they are aligned, or the first entry " +
		"of a flow mapping), an empty one after its colon. There is none when the folder's name is no good name " +
		"(see name), when an entry of the frontmatter has a YAML error (it may hold the key), or when the value is " +
		"written through an alias, anchor or tag; the other fields need the author's words. A missing field that an " +
		"unknown key surely means (`efects:`) is reported once, at that key, by unknown-field, with the rename.",
	Example: "---\nname: check-keys\ndescription: Lists keys.\n---",
	Fix:     "---\nname: check-keys\ndescription: Lists keys.\ninputs: {type: object}\noutputs: {type: object, required: [ok], properties: {ok: {type: boolean}}}\neffects: none\nrequires: []\n---",
	Autofix: result.SafeFix,
	static:  checkRequiredField}

// requiredFields must be present and not empty.
var requiredFields = []string{"name", "description", "inputs", "outputs", "effects", "requires"}

// checkRequiredField reports the required fields that are missing or empty.
func checkRequiredField(c *toolCheck, rep reporter) {
	fm := c.fields()
	if fm == nil || fm.Truncated {
		return // a key not read may still be in the file
	}
	for _, name := range requiredFields {
		k := fm.Key(name)
		r := rep
		if name == "name" && (k == nil || k.Empty) {
			r = rep.withFixOf(folderNameFix(c.spec, filepath.Base(c.absDir())))
		}
		switch {
		case name == fm.Broken:
			// There, but broken: the frontmatter finding says how.
		case k == nil && c.cfg.enabledID("unknown-field") && requiredTypo(fm, name) != nil:
			// Misspelt: unknown-field reports the one finding, at the
			// typo, with the rename.
		case k == nil:
			r.withHelp("%s", fieldHint(name)).report(atPos(fm.Pos), name, "required field %q is missing", name)
		case k.Empty:
			r.withHelp("%s", fieldHint(name)).report(over(k.Span), name, "required field %q is empty", name)
		}
	}
}

// requiredTypo is the unknown key of the frontmatter fm that stands for the
// required field name, which is missing: the one unknown key that surely
// means it (suggest.Meant: a typo of it, or an abbreviation), as efects:
// means effects:. nil when name is there, not required, or when no unknown
// key or several mean it, or when the frontmatter was not read to its end
// (a key not read may be the field). One mistake, one finding: unknown-field
// reports the typo as the missing field's error, with the rename, and
// required-field says nothing of that field (while unknown-field is
// enabled).
func requiredTypo(fm *contract.Frontmatter, name string) *contract.Key {
	if fm == nil || fm.Truncated || fm.Broken == name || fm.Key(name) != nil || !slices.Contains(requiredFields, name) {
		return nil
	}
	var typo *contract.Key
	for _, k := range fm.Unknown() {
		if suggest.Meant(k.Name, contract.KnownFields) != name {
			continue
		}
		if typo != nil {
			return nil
		}
		typo = &k
	}
	return typo
}

// folderNameFix writes name: <folder> in the frontmatter of spec, whose
// name is missing or empty: as its first entry (see contract.InsertMapEntry), on the
// line after the opening --- when it holds nothing but blank lines and
// comments, or as the value of an empty name (after the colon of "name:",
// over "" or ~). nil when folder is no good name (the fix would make a name
// finding) or the text does not say how.
func folderNameFix(spec *contract.Spec, folder string) *result.Fix {
	if utf8.RuneCountInString(folder) > maxNameLength || !kebabName.MatchString(folder) {
		return nil
	}
	lines, value := spec.Lines, contract.YAMLText(folder)
	title := "add name: " + value
	fix := func(e contract.Edit, ok bool) *result.Fix {
		if !ok {
			return nil
		}
		return &result.Fix{Title: title, Edits: []contract.Edit{e}}
	}
	fm := spec.Frontmatter
	if c := fm.Collection(); c != nil {
		e := c.Lookup("name")
		if e != nil {
			title = "set name: " + value
		}
		switch {
		case e == nil:
			return fix(contract.InsertMapEntry(lines, c, "name", value))
		case e.ValueSpan == (contract.Span{}):
			colon := e.KeySpan.End.Offset
			return fix(contract.TextEdit(lines, colon+1, colon+1, " "+value), lines.Text(contract.Span{Start: e.KeySpan.End, End: lines.Point(colon + 1)}) == ":")
		}
		return fix(contract.ReplaceValue(lines, e, value))
	}
	if fm.Invalid || fm.Broken != "" || len(fm.Keys) > 0 || !blankYAML(spec.Split.YAML) {
		return nil
	}
	start := lines.LineStart(spec.Split.YAMLLine)
	return fix(contract.TextEdit(lines, start, start, "name: "+value+"\n"), true)
}

// blankYAML reports whether a frontmatter's YAML holds nothing but blank
// lines and comments.
func blankYAML(yaml []byte) bool {
	for line := range bytes.Lines(yaml) {
		if t := bytes.TrimSpace(line); len(t) > 0 && t[0] != '#' {
			return false
		}
	}
	return true
}

func fieldHint(name string) string {
	switch name {
	case "name":
		return "add name: <folder name>"
	case "description":
		return "add a one-paragraph description of what the tool does"
	case "inputs", "outputs":
		return "add a JSON Schema, e.g. " + name + ": {type: object, properties: {...}}"
	case "effects":
		return "say in one line what a run may touch, e.g. effects: reads the plist; writes nothing"
	case "requires":
		return "list the executables a run needs, e.g. requires: python3 (or requires: [] for none)"
	}
	return ""
}
