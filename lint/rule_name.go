package lint

import (
	"fmt"
	"path/filepath"
	"regexp"
	"strings"
	"unicode/utf8"

	"github.com/speccify/speccify-lint/contract"
)

var ruleName = &Rule{ID: "name", Severity: SeverityError, Category: "contract",
	Title: "name is not lowercase-kebab or does not match the folder",
	Doc: "A tool is called by its folder name, so `name` must equal the folder's name and be lowercase kebab-case " +
		"(`a-z`, `0-9` and single hyphens) of at most 64 characters. The fix (unsafe: whoever calls the tool by its " +
		"old name must follow) sets `name` to the folder's name, when that is a good name itself.",
	Example: "name: Check_Keys   (in .agent/tools/check-keys/)",
	Fix:     "name: check-keys",
	Autofix: UnsafeFix,
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
		rep.report(over(v.Span), "name", "name %q is %d characters long; keep it at most %d", name, utf8.RuneCountInString(name), maxNameLength)
	case !kebabName.MatchString(name):
		rep.report(over(v.Span), "name", "name %q is not lowercase kebab-case (a-z, 0-9, single hyphens), e.g. %q", name, kebabCase(name))
	case name != folder:
		rep.withFixOf(c.verified(nameFix(c.spec.Lines, v, folder))).report(over(v.Span), "name",
			"name %q does not match the folder name %q; rename one so that they are equal", name, folder)
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
// the fix would make a finding of this rule) and the value is written in
// place (no anchor, tag or alias: the text may be shared).
func nameFix(lines *contract.Lines, v contract.String, folder string) *Fix {
	if utf8.RuneCountInString(folder) > maxNameLength || !kebabName.MatchString(folder) {
		return nil
	}
	if text := lines.Text(v.Span); text == "" || strings.ContainsAny(text[:1], "&!*") {
		return nil
	}
	return &Fix{Title: fmt.Sprintf("set name to the folder name %q", folder),
		Edits: []Edit{textEdit(lines, v.Span.Start.Offset, v.Span.End.Offset, contract.YAMLText(folder))}}
}
