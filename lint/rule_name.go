package lint

import (
	"fmt"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/speccify/speccify-lint/contract"
	"github.com/speccify/speccify-lint/result"
)

var ruleName = &Rule{ID: "name", Severity: result.SeverityError, Category: "contract",
	Title: "name is not lowercase-kebab or does not match the folder",
	Doc: "A tool is called by its folder name, so `name` must equal the folder's name and be lowercase kebab-case " +
		"(`a-z`, `0-9` and single hyphens) of at most 64 characters. The fix (unsafe: whoever calls the tool by its " +
		"old name must follow) sets `name` to the folder's name, when that is a good name itself and the " +
		"frontmatter was read whole: not when `name` is given twice (which one a reader keeps is not certain) or " +
		"an entry has a YAML error (its lines may hold another `name`; the frontmatter fix, when there is one, " +
		"comes first).",
	Example: "name: Check_Keys   (in .agent/tools/check-keys/)",
	Fix:     "name: check-keys",
	Autofix: result.UnsafeFix,
	static:  checkName}

var kebabName = regexp.MustCompile(`^[a-z0-9]+(?:-[a-z0-9]+)*$`)

const maxNameLength = 64

// checkName: name is lowercase kebab-case, short, and the folder's name.
func checkName(c *toolCheck, rep reporter) {
	fm := c.fields()
	if fm == nil {
		return
	}
	v := fm.Name
	name := v.Value
	if strings.TrimSpace(name) == "" {
		return
	}
	folder := filepath.Base(c.absDir())
	switch {
	case utf8.RuneCountInString(name) > maxNameLength:
		rep.withHelp("keep it at most %d characters", maxNameLength).report(over(v.Span), "name", "name %q is %d characters long", name, utf8.RuneCountInString(name))
	case !kebabName.MatchString(name):
		rep.withHelp("use a-z, 0-9 and single hyphens, e.g. %q", kebabCase(name)).report(over(v.Span), "name", "name %q is not lowercase kebab-case", name)
	case name != folder:
		rep.withFixOf(nameFix(c.spec.Lines, fm, folder)).withHelp("rename one so that they are equal").report(over(v.Span), "name",
			"name %q does not match the folder name %q", name, folder)
	}
}

func kebabCase(s string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(s) {
		if (r >= 'a' && r <= 'z') || (r >= '0' && r <= '9') {
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			b.WriteRune(r)
			dash = false
		} else {
			dash = true
		}
	}
	return b.String()
}

// nameFix sets name to the folder's name, when that is a good name (else
// the fix would make a finding of this rule), the value is written in place
// (no anchor, tag or alias: the text may be shared) and it is the one name
// of the frontmatter: not given twice (the frontmatter rule's finding; which
// one a reader keeps is not certain), nor possibly again in the lines of an
// entry with a YAML error, or after it (Frontmatter.Broken: the frontmatter
// rule's fix, when it has one, comes first).
func nameFix(lines *contract.Lines, fm *contract.Frontmatter, folder string) *result.Fix {
	if utf8.RuneCountInString(folder) > maxNameLength || !kebabName.MatchString(folder) {
		return nil
	}
	if fm.Broken != "" || slices.ContainsFunc(fm.Keys[slices.IndexFunc(fm.Keys, isName)+1:], isName) {
		return nil
	}
	v := fm.Name
	if text := lines.Text(v.Span); text == "" || strings.ContainsAny(text[:1], "&!*") {
		return nil
	}
	return &result.Fix{Title: fmt.Sprintf("set name to the folder name %q", folder),
		Edits: []contract.Edit{contract.TextEdit(lines, v.Span.Start.Offset, v.Span.End.Offset, contract.YAMLText(folder))}}
}

// isName reports whether k is the name key.
func isName(k contract.Key) bool { return k.Name == "name" }
