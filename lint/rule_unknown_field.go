package lint

import (
	"fmt"
	"strings"

	"github.com/speccify/speccify-lint/contract"
	"github.com/speccify/speccify-lint/internal/suggest"
	"github.com/speccify/speccify-lint/result"
)

var ruleUnknownField = &Rule{ID: "unknown-field", Severity: result.SeverityWarning, Category: "contract",
	Title: "a frontmatter key is not part of the convention",
	Doc: "The convention knows `name`, `description`, `inputs`, `outputs`, `effects`, `requires`, `runtime` and " +
		"`platforms`. Any other top-level key is ignored by the tools that read contracts, and is usually a typo: " +
		"`input:` for `inputs:`. The finding suggests the nearest known key. The fix (safe) renames the key when " +
		"it surely means one known key: a typo of exactly one (`input`), or an abbreviation of exactly one " +
		"(`descr`; `outputs_gone` is another name, `tputs` is as near `inputs` as `outputs`), and the frontmatter " +
		"does not have that key yet (nor may an entry with a YAML error hide it), unless the renamed entry itself " +
		"would be wrong (`input: 0` renamed would be an `inputs` that is no schema). What the rename reveals, such " +
		"as findings in the schema under `input:`, is reported (and fixed, where it has a fix) after it. A key that " +
		"surely means a required field that is missing (`efects:` without `effects:`) is one error, here: the missing " +
		"field is not reported again at the top of the file by required-field (unless unknown-field is disabled), " +
		"and the error follows a severity set for unknown-field.",
	Example: "input: {type: object}",
	Fix:     "inputs: {type: object}",
	Autofix: result.SafeFix,
	static:  checkUnknownField}

// checkUnknownField reports the top-level keys the convention does not know,
// with the known key nearest to each.
func checkUnknownField(c *toolCheck, rep reporter) {
	fm := c.fields()
	if fm == nil {
		return
	}
	unknown := fm.Unknown()
	for _, k := range unknown {
		meant := suggest.Meant(k.Name, contract.KnownFields)
		if typo := requiredTypo(fm, meant); typo != nil && typo.Span == k.Span && c.cfg.enabledID("required-field") {
			// The required field it means is missing: one error, here.
			rep.asError().withFixOf(renameKeyFix(c.spec.Lines, fm, unknown, k)).withHelp("did you mean %s?", meant).report(over(k.Span), k.Name,
				"unknown frontmatter key %q (required %q is missing)", k.Name, meant)
			continue
		}
		if near := suggest.Nearest(k.Name, contract.KnownFields); near != "" {
			rep.withFixOf(renameKeyFix(c.spec.Lines, fm, unknown, k)).withHelp("did you mean %s?", near).report(over(k.Span), k.Name,
				"unknown frontmatter key %q", k.Name)
		} else {
			rep.withHelp("the convention knows %s", strings.Join(contract.KnownFields, ", ")).report(over(k.Span), k.Name, "unknown frontmatter key %q", k.Name)
		}
	}
}

// renameKeyFix renames the unknown key k to the known key it surely means
// (suggest.Meant: a typo of one key, or an abbreviation of one), when that key is not in the frontmatter (nor possibly in
// the lines of an entry with a YAML error, or after it: Frontmatter.Broken)
// and no other unknown key would be renamed to it too (the fix would give a
// key twice), and k is written as its name (plain or quoted: no anchor or
// tag).
func renameKeyFix(lines *contract.Lines, fm *contract.Frontmatter, unknown []contract.Key, k contract.Key) *result.Fix {
	meant := suggest.Meant(k.Name, contract.KnownFields)
	if meant == "" || fm.Key(meant) != nil || fm.Broken != "" {
		return nil
	}
	for _, o := range unknown {
		if o.Span != k.Span && (o.Name == k.Name || suggest.Meant(o.Name, contract.KnownFields) == meant) {
			return nil
		}
	}
	if text := lines.Text(k.Span); text != k.Name && text != `"`+k.Name+`"` && text != "'"+k.Name+"'" {
		return nil
	}
	return &result.Fix{Title: fmt.Sprintf("rename %s to %s", k.Name, meant),
		Edits: []contract.Edit{contract.TextEdit(lines, k.Span.Start.Offset, k.Span.End.Offset, meant)}}
}
