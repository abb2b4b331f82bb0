package lint

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/speccify/speccify-lint/contract"
	"github.com/speccify/speccify-lint/result"
)

var ruleYAMLSplit = &Rule{ID: "yaml-split", Severity: result.SeverityWarning, Category: "schemas",
	Title: "YAML split a text at a comma into a key without a value",
	Doc: "In a YAML flow mapping such as `{type: integer, description: 40 = Maintainer, 50 = Owner.}` a comma ends the " +
		"value: the description becomes `40 = Maintainer` and `50 = Owner.` becomes a key without a value. " +
		"Quote the text (`description: \"40 = Maintainer, 50 = Owner.\"`) or write the mapping in block style. The " +
		"fix (safe) quotes the text of a `description`, `title`, `$comment` or annotation key, from its value " +
		"through the last split key, in double quotes with escapes; a text wrapped over several lines stays " +
		"wrapped, its line breaks and indentation kept (YAML folds them in double quotes as it did plain). There " +
		"is none for the value of another keyword (`type`, `pattern`: quoting would not make it right), or when " +
		"anything but blanks and one comma stands between the parts.",
	Example: "level: {type: integer, description: 40 = Maintainer, 50 = Owner.}",
	Fix:     "level: {type: integer, description: \"40 = Maintainer, 50 = Owner.\"}",
	Autofix: result.SafeFix,
	static:  checkYAMLSplit}

// checkYAMLSplit finds keys without a value in schema mappings: the parser
// lists the bare keys; runs of them in one mapping that are no schema
// keywords, outside the mappings of names, are one finding each.
func checkYAMLSplit(c *toolCheck, rep reporter) {
	fm := c.spec.Frontmatter
	if fm == nil {
		return
	}
	for _, f := range []*contract.SchemaField{fm.Inputs, fm.Outputs} {
		if f == nil {
			continue
		}
		keys := f.BareKeys
		for i := 0; i < len(keys); i++ {
			k := keys[i]
			if !isSplitKey(k) {
				continue
			}
			parts := []string{k.Key.Value}
			for i+1 < len(keys) && keys[i+1].Mapping == k.Mapping && keys[i+1].Entry == keys[i].Entry+1 && isSplitKey(keys[i+1]) {
				i++
				parts = append(parts, keys[i].Key.Value)
			}
			what, fix := "a text", "quote the text or write the mapping in block style"
			r := rep
			if a := k.After; a != nil {
				what = "the text of " + a.Key
				fix = fmt.Sprintf("quote it: %s: %q", a.Key, a.Value+", "+strings.Join(parts, ", "))
				if edit, ok := quoteSplit(c.spec.Lines, a, keys[i-len(parts)+1:i+1]); ok && isTextKey(a.Key) {
					r = rep.withFix(result.Fix{Title: "quote the text of " + a.Key, Edits: []contract.Edit{edit}})
				}
			}
			r.withHelp("%s without a value; %s", quotedList(parts, "is a key", "are keys"), fix).report(over(k.Key.Span), yamlPath(f.Key.Name, k.Path)+"."+k.Key.Value,
				"YAML split %s at a comma", what)
		}
	}
}

// quoteSplit is the edit that quotes the text a that YAML split into the
// bare keys split: from the start of a's value to the end of the last key,
// its source text in double quotes (strconv.Quote's escapes are YAML's); a
// text wrapped over several lines keeps its line breaks and indentation
// (only \ and " escaped), which YAML folds in double quotes as it folded
// them plain. It has no edit unless only blanks, line breaks and one comma
// come between the parts (a key on a line of its own is no split).
func quoteSplit(lines *contract.Lines, a *contract.TextEntry, split []contract.BareKey) (contract.Edit, bool) {
	parts := []string{a.Value}
	prev := a.ValueSpan.End
	for _, k := range split {
		between := lines.Text(contract.Span{Start: prev, End: k.Key.Span.Start})
		if strings.Count(between, ",") != 1 || strings.Trim(between, " \t\n,") != "" {
			return contract.Edit{}, false
		}
		parts = append(parts, k.Key.Value)
		prev = k.Key.Span.End
	}
	span := contract.Span{Start: a.ValueSpan.Start, End: prev}
	text := lines.Text(span)
	if strings.Contains(text, "\n") {
		// A wrapped text stays wrapped: its line breaks and indentation
		// are kept, and YAML folds them in double quotes as it did plain.
		return contract.Edit{Start: span.Start, End: span.End, New: contract.DoubleQuoted(text)}, true
	}
	return contract.Edit{Start: span.Start, End: span.End, New: strconv.Quote(text)}, true
}

// isTextKey reports whether the value of key is text that yaml-split's fix
// may quote: a keyword whose value is free text (description, title,
// $comment), or a key that is no keyword (an annotation). The value of any
// other keyword (type, format, pattern, ...) is no text with a comma in it,
// and quoting it would not make it right.
func isTextKey(key string) bool {
	return contract.IsTextKeyword(key) || !contract.IsSchemaKeyword(key)
}

// isSplitKey reports a bare key that is not a schema keyword, in a mapping
// of keywords (not of property or definition names).
func isSplitKey(k contract.BareKey) bool {
	return !contract.IsSchemaKeyword(k.Key.Value) && !inNamesMap(k.Path)
}

// inNamesMap reports whether the mapping at path holds names (see
// contract.InNameMap).
func inNamesMap(path []contract.PathStep) bool {
	keys := make([]string, len(path))
	for i, st := range path {
		if !st.IsItem {
			keys[i] = st.Key
		}
	}
	return contract.InNameMap(keys)
}

// yamlPath writes a path into a field's value, e.g.
// inputs.properties.file or inputs.anyOf[0].
func yamlPath(field string, path []contract.PathStep) string {
	b := []byte(field)
	for _, st := range path {
		if st.IsItem {
			b = append(b, '[')
			b = strconv.AppendInt(b, int64(st.Item), 10)
			b = append(b, ']')
		} else {
			b = append(b, '.')
			b = append(b, st.Key...)
		}
	}
	return string(b)
}

func quotedList(parts []string, one, many string) string {
	q := make([]string, len(parts))
	for i, p := range parts {
		q[i] = fmt.Sprintf("%q", p)
	}
	if len(parts) == 1 {
		return q[0] + " " + one
	}
	return strings.Join(q, ", ") + " " + many
}
