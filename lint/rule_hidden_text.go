package lint

import (
	"bytes"
	"fmt"
	"strconv"

	"github.com/speccify/speccify-lint/contract"
	"github.com/speccify/speccify-lint/internal/hiddentext"
	"github.com/speccify/speccify-lint/result"
)

var ruleHiddenText = &Rule{ID: "hidden-text", Severity: result.SeverityError, Category: "contract",
	Title: "the contract holds characters that a reviewer cannot see",
	Doc: "A contract's text reaches the agent's context verbatim: `speccify-lint export --format mcp` and " +
		"`speccify-lint mcp` publish its name, description and schemas, and the examples document the tool beside " +
		"them. A character that an editor, a diff or a code review shows as nothing, or that reorders the text " +
		"around it, lets a contract say one thing to its reviewer and another to the model: the Trojan Source " +
		"class of attack (CVE-2021-42574, https://trojansource.codes), and its variant for language models, " +
		"instructions spelled in invisible Unicode tag characters. This rule reports, in the frontmatter (every " +
		"key, comments included) and in the examples' titles and `input:` and `output:` lines, each run of " +
		"such characters as written in the file, named by code point: the bidirectional controls (U+061C, " +
		"U+200E, U+200F, U+202A to U+202E, U+2066 to U+2069); the invisible characters U+00AD SOFT HYPHEN, U+034F, " +
		"U+115F, U+1160, U+17B4, U+17B5, U+180E, U+200B to U+200D (zero width space, non-joiner, joiner), U+2060 to " +
		"U+2064, U+206A to U+206F, U+3164, U+FEFF (a byte order mark anywhere but at the start of the file), U+FFA0, " +
		"U+FFF9 to U+FFFB and U+1D173 to U+1D17A; the tag characters U+E0000 to U+E007F (the text they spell is " +
		"in the message); and the control characters other than tab, line feed and carriage return (U+0000 to " +
		"U+001F, U+007F to U+009F). It also reports them written as escapes (`\\u202E`, `\\U000E0041`, `\\x07`) in " +
		"a double-quoted YAML `name`, `description` or schema `description` or `title`, the prose the model reads: an " +
		"escape is visible, but nobody needs one there. Left alone, as the text of a language needs them: a zero " +
		"width joiner between two emoji (👩\u200d💻) or a joiner or non-joiner between two letters of a script " +
		"that writes with them (Arabic, Syriac, N'Ko, Mongolian, the Indic scripts, Sinhala); a left-to-right, " +
		"right-to-left or Arabic letter mark on a line with right-to-left letters; the tag characters of an emoji " +
		"flag (🏴 then lowercase tag letters and U+E007F CANCEL TAG); and an escape in an example's JSON or in any " +
		"other schema keyword (`enum`, `const`, `default`, `pattern`): test data that a reviewer reads as written. " +
		"The fix (safe) deletes the characters, or their escape; there is none where deleting them would change " +
		"how the YAML or Markdown around them reads (a comment or a `key:` would begin, a value would become " +
		"empty). `export` and `mcp` judge every contract by this rule whatever the configuration or a suppression " +
		"comment says, and leave out a tool it reports.",
	Example: "description: Reads a file.<U+202E> (an invisible U+202E RIGHT-TO-LEFT OVERRIDE, shown here as <U+202E>)",
	Fix:     "description: Reads a file.",
	Autofix: result.SafeFix,
	static:  checkHiddenText}

// checkHiddenText reports the runs of hidden characters in the frontmatter
// and the examples, as written and, in the prose of the frontmatter, as
// YAML escapes.
func checkHiddenText(c *toolCheck, rep reporter) {
	lines := c.spec.Lines
	c.spec.EachRegion(nil, func(sp contract.Span) bool { return len(hiddentext.Find(lines.Bytes(sp))) > 0 }, func(r contract.Region) {
		for _, run := range hiddentext.Find(lines.Bytes(r.Span)) {
			reportHidden(lines, rep, r, run)
		}
	})
	for _, r := range c.proseScalars() {
		for _, run := range hiddentext.FindEscaped(lines.Bytes(r.Span)) {
			reportHidden(lines, rep, r, run)
		}
	}
}

// reportHidden reports the run found in the text of the region r.
func reportHidden(lines *contract.Lines, rep reporter, r contract.Region, run hiddentext.Run) {
	base := r.Span.Start.Offset
	span := contract.Span{Start: lines.Point(base + run.Start), End: lines.Point(base + run.End)}
	rr := rep.withHelp("remove it: the reviewer reads the contract as the model does, and these characters show the reviewer nothing")
	if hiddentext.SafeToRemove(lines.Bytes(contract.Span{End: lines.Point(lines.Size())}), span.Start.Offset, span.End.Offset) {
		rr = rr.withFix(result.Fix{Title: run.FixTitle(), Edits: []contract.Edit{{Start: span.Start, End: span.End}}})
	}
	rr.report(over(span), r.Key(), "%s %s", subject(r), run.Describe())
}

// maxProseDepth bounds the nesting proseScalars walks a schema to.
const maxProseDepth = 32

// dataKeywords hold data, not schemas: an escape there is test data.
var dataKeywords = map[string]bool{"enum": true, "const": true, "default": true, "examples": true}

// proseScalars are the double-quoted scalars of the frontmatter that are
// prose for the model: name, description, and the description and title
// of every schema of inputs and outputs, each named by its path.
func (c *toolCheck) proseScalars() []contract.Region {
	fm := c.fields()
	if fm == nil || bytes.IndexByte(c.spec.Split.YAML, '\\') < 0 {
		return nil // no escape anywhere
	}
	lines := c.spec.Lines
	var out []contract.Region
	for _, f := range []struct {
		name string
		s    contract.String
	}{{"name", fm.Name}, {"description", fm.Description}} {
		if doubleQuoted(lines, f.s.Span) {
			out = append(out, contract.Region{Span: f.s.Span, Field: f.name})
		}
	}
	for _, f := range []*contract.SchemaField{fm.Inputs, fm.Outputs} {
		if f != nil {
			out = proseOf(lines, f, nil, f.Key.Name, out)
		}
	}
	return out
}

// proseOf adds the prose scalars of the collection at path of f (named
// name) and of the collections in it.
func proseOf(lines *contract.Lines, f *contract.SchemaField, path []string, name string, out []contract.Region) []contract.Region {
	col := f.Collection(path...)
	if col == nil || len(path) > maxProseDepth {
		return out
	}
	for i, e := range col.Entries {
		step, at := e.Key, name+"."+e.Key
		if col.List {
			step, at = strconv.Itoa(i), fmt.Sprintf("%s[%d]", name, i)
		}
		if !col.List && (e.Key == "description" || e.Key == "title") && e.Own && doubleQuoted(lines, e.ValueSpan) {
			out = append(out, contract.Region{Span: e.ValueSpan, Field: at})
			continue
		}
		if !col.List && dataKeywords[e.Key] {
			continue
		}
		out = proseOf(lines, f, append(path[:len(path):len(path)], step), at, out)
	}
	return out
}

// doubleQuoted reports whether the source text of span is a double-quoted
// scalar.
func doubleQuoted(lines *contract.Lines, span contract.Span) bool {
	t := lines.Bytes(span)
	return len(t) >= 2 && t[0] == '"' && t[len(t)-1] == '"'
}

// subject is what a message says holds something in the region r:
// "description holds", "the input of example "x" holds", "the frontmatter
// holds" (hidden-text and machine-specific).
func subject(r contract.Region) string {
	switch {
	case r.Line != "":
		return fmt.Sprintf("the %s of example %q holds", r.Line, hiddentext.Visible(r.Example))
	case r.Field != "":
		return hiddentext.Visible(r.Field) + " holds" // a key can hold hidden characters too
	}
	return "the frontmatter holds"
}
